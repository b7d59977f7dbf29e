#include "scenarios/scenario.h"

#include <algorithm>
#include <cassert>
#include <map>

#include <fmt/format.h>

#include "core/name_table.h"

namespace collsim::scenarios {
using cost::Protocol;
using cost::protocol_cost;
using cost::protocol_name;

topology::Fabric build_scenario_fabric(const Scenario& scenario) {
  topology::Fabric fabric = topology::build_fabric(scenario.topology);
  fabric.set_ecmp_seed(scenario.model.seed);
  return fabric;
}

std::vector<topology::VertexId> placement_gpus(const Placement& placement,
                                               const topology::Fabric& fabric) {
  const auto all = fabric.gpus();
  std::vector<topology::VertexId> gpus;
  if (!placement.gpus.empty()) {
    std::map<topology::VertexId, std::size_t> seen;
    for (std::size_t r = 0; r < placement.gpus.size(); ++r) {
      const std::string field = fmt::format("gpus[{}]", r);
      const std::string& name = placement.gpus[r];
      const std::optional<topology::VertexId> v = fabric.find_vertex(name);
      if (!v) {
        throw PlacementError(field,
                             fmt::format("the topology has no vertex named '{}' (its first GPU "
                                         "is '{}')",
                                         name, fabric.vertex(all.front()).name));
      }
      const topology::Vertex& vertex = fabric.vertex(*v);
      if (vertex.kind != topology::VertexKind::GPU) {
        throw PlacementError(field, fmt::format("'{}' is not a GPU (its kind is {})", name,
                                                topology::vertex_kind_name(vertex.kind)));
      }
      if (const auto [it, fresh] = seen.emplace(*v, r); !fresh) {
        throw PlacementError(field, fmt::format("GPU '{}' is already rank {}", name, it->second));
      }
      if (r > 0 && vertex.node != fabric.vertex(gpus.back()).node) {
        for (const topology::VertexId earlier : gpus) {
          if (fabric.vertex(earlier).node == vertex.node) {
            throw PlacementError(
                field, fmt::format("ranks of one node must be consecutive (the rank layout is "
                                   "node-major), but '{}' returns to node {} after rank {} on "
                                   "node {}",
                                   name, vertex.node, r - 1, fabric.vertex(gpus.back()).node));
          }
        }
      }
      gpus.push_back(*v);
    }
  } else {
    const std::size_t ranks =
        placement.ranks ? static_cast<std::size_t>(*placement.ranks) : all.size();
    if (ranks > all.size()) {
      throw PlacementError("ranks", fmt::format("the topology has only {} GPUs", all.size()));
    }
    gpus.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(ranks));
  }
  if (gpus.size() < 2) {
    throw PlacementError(placement.gpus.empty() ? "ranks" : "gpus",
                         fmt::format("a collective needs at least 2 ranks (got {})", gpus.size()));
  }
  return gpus;
}

algorithms::RankLayout placement_layout(const topology::Fabric& fabric,
                                        const std::vector<topology::VertexId>& gpus) {
  assert(!gpus.empty());
  std::vector<algorithms::Rank> sizes;
  int node = fabric.vertex(gpus.front()).node;
  sizes.push_back(0);
  for (const topology::VertexId g : gpus) {
    if (fabric.vertex(g).node != node) {
      node = fabric.vertex(g).node;
      sizes.push_back(0);
    }
    ++sizes.back();
  }
  const int first = fabric.vertex(gpus.front()).node;
  std::uint32_t nics = 0;
  for (topology::VertexId v = 0; v < fabric.num_vertices(); ++v) {
    const topology::Vertex& x = fabric.vertex(v);
    nics += x.kind == topology::VertexKind::NIC && x.node == first ? 1 : 0;
  }
  if (nics == 0) {  // no NIC vertices (a fat-tree host, a PCIe box): one port per GPU
    for (const algorithms::Rank s : sizes) {
      nics = std::max(nics, s);
    }
  }
  return algorithms::RankLayout(std::move(sizes), nics);
}

bool single_node(const topology::Fabric& fabric, const std::vector<topology::VertexId>& gpus) {
  for (const topology::VertexId g : gpus) {
    if (fabric.vertex(g).node != fabric.vertex(gpus.front()).node) {
      return false;
    }
  }
  return true;
}

algorithms::GenerateOptions generate_options(const Scenario& scenario) {
  const CollectiveSpec& c = scenario.collective;
  algorithms::GenerateOptions o;
  o.channels = c.channels;
  o.chunks = c.chunks.value_or(0);
  o.chunk_size = c.chunk_size.value_or(0);
  o.pipeline = c.pipeline;
  o.emit_reduce_ops = !scenario.model.reduce_bandwidth.is_zero();
  o.inter = c.inter;
  o.root = c.root;
  return o;
}

cost::PayloadShare protocol_payload_share(std::optional<cost::Protocol> protocol) {
  return protocol ? cost::payload_share(*protocol) : cost::PayloadShare{};
}

core::Time protocol_step_latency(std::optional<cost::Protocol> protocol, bool one_node) {
  if (!protocol) {
    return core::Time::zero();
  }
  return cost::protocol_cost(*protocol, one_node ? cost::LinkType::NVLINK : cost::LinkType::NET)
      .step_latency;
}

std::string_view protocol_option_name(std::optional<cost::Protocol> protocol) {
  return protocol ? cost::protocol_name(*protocol) : "none";
}

namespace {

constexpr core::NameTable<ReportFormat, 3> REPORT_FORMATS{{
    {ReportFormat::TABLE, "table"},
    {ReportFormat::CSV, "csv"},
    {ReportFormat::JSON, "json"},
}};
constexpr auto REPORT_FORMAT_ORDER = core::values_of(REPORT_FORMATS);

}  // namespace

std::span<const ReportFormat> all_report_formats() {
  return REPORT_FORMAT_ORDER;
}

std::string_view report_format_name(ReportFormat format) {
  return core::name_in(REPORT_FORMATS, format);
}

}  // namespace collsim::scenarios
