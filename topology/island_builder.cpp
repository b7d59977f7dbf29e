#include "topology/island_builder.h"

#include <string>

#include <fmt/format.h>

#include "core/name_table.h"
#include "topology/parameter_checks.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

constexpr core::NameTable<IslandFabric, 3> ISLAND_FABRICS{{
    {IslandFabric::NVSWITCH, "nvswitch"},
    {IslandFabric::MESH, "mesh"},
    {IslandFabric::PAIRS, "pairs"},
}};
constexpr auto ISLAND_FABRIC_ORDER = core::values_of(ISLAND_FABRICS);

}  // namespace

std::string_view island_fabric_name(IslandFabric f) {
  return core::name_in(ISLAND_FABRICS, f);
}

std::span<const IslandFabric> all_island_fabrics() {
  return ISLAND_FABRIC_ORDER;
}

void check_island(int gpus, const NvlinkParams& nvlink, std::string_view field) {
  const auto key = [&](std::string_view k) { return fmt::format("{}{}", field, k); };
  check_bandwidth(nvlink.bandwidth, key("bandwidth"));
  check_latency(nvlink.latency, key("latency"));
  if (nvlink.fabric == IslandFabric::MESH && gpus > MAX_MESH_GPUS) {
    throw TopologyError(key("fabric"),
                        fmt::format("a mesh joins at most {} GPUs (got {})", MAX_MESH_GPUS, gpus));
  }
  if (nvlink.fabric != IslandFabric::PAIRS && !nvlink.pairs.empty()) {
    throw TopologyError(key("pairs"), "only fabric 'pairs' takes a list of NVLink pairs");
  }
  if (nvlink.fabric == IslandFabric::PAIRS && nvlink.pairs.empty() && gpus > 1) {
    throw TopologyError(key("pairs"), "fabric 'pairs' needs at least one NVLink pair");
  }
  for (std::size_t i = 0; i < nvlink.pairs.size(); ++i) {
    const NvlinkPair& p = nvlink.pairs[i];
    for (const int g : {p.a, p.b}) {
      if (g < 0 || g >= gpus) {
        throw TopologyError(key(fmt::format("pairs[{}]", i)),
                            fmt::format("GPU {} is outside 0..{}", g, gpus - 1));
      }
    }
    if (p.a == p.b) {
      throw TopologyError(key(fmt::format("pairs[{}]", i)),
                          fmt::format("a pair must join two different GPUs (got {} twice)", p.a));
    }
  }
}

std::vector<VertexId> add_island(FabricBuilder& builder, int gpus, const NvlinkParams& nvlink,
                                 int node, std::string_view prefix, std::string_view field) {
  check_island(gpus, nvlink, field);
  std::vector<VertexId> ids;
  ids.reserve(static_cast<std::size_t>(gpus));
  for (int i = 0; i < gpus; ++i) {
    ids.push_back(builder.add_vertex(
        {VertexKind::GPU, SwitchTier::NONE, fmt::format("{}gpu{}", prefix, i), node, i}));
  }
  switch (nvlink.fabric) {
    case IslandFabric::NVSWITCH: {
      const VertexId sw = builder.add_vertex(
          {VertexKind::NVSWITCH, SwitchTier::NONE, fmt::format("{}nvswitch", prefix), node, -1});
      for (const VertexId g : ids) {
        builder.add_link(g, sw, nvlink.bandwidth, nvlink.latency, LinkClass::NVLINK);
      }
      break;
    }
    case IslandFabric::MESH:
      for (std::size_t a = 0; a < ids.size(); ++a) {
        for (std::size_t b = a + 1; b < ids.size(); ++b) {
          builder.add_link(ids[a], ids[b], nvlink.bandwidth, nvlink.latency, LinkClass::NVLINK);
        }
      }
      break;
    case IslandFabric::PAIRS:
      for (const NvlinkPair& p : nvlink.pairs) {
        builder.add_link(ids[static_cast<std::size_t>(p.a)], ids[static_cast<std::size_t>(p.b)],
                         nvlink.bandwidth, nvlink.latency, LinkClass::NVLINK);
      }
      break;
  }
  return ids;
}

FabricSize island_size(int gpus, const NvlinkParams& nvlink, std::string_view field) {
  check_island(gpus, nvlink, field);
  const auto g = static_cast<std::uint64_t>(gpus);
  switch (nvlink.fabric) {
    case IslandFabric::NVSWITCH:
      return {g + 1, g};
    case IslandFabric::MESH:
      return {g, g * (g - 1) / 2};
    case IslandFabric::PAIRS:
      break;
  }
  return {g, nvlink.pairs.size()};
}

Fabric build_island(const IslandParams& params) {
  check_at_least(params.gpus, 1, "gpus");
  check_at_most(params.gpus, MAX_GPUS, "gpus");
  check_fabric_size(island_size(params.gpus, params.nvlink, ""), "gpus", "use fewer gpus");
  FabricBuilder builder;
  add_island(builder, params.gpus, params.nvlink, 0, "", "");
  return builder.build();
}

}  // namespace collsim::topology
