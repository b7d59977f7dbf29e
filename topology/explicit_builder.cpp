#include "topology/explicit_builder.h"

#include <map>

#include <fmt/format.h>

#include "topology/fabric_builder.h"
#include "topology/parameter_checks.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

constexpr int MAX_PARALLEL_LINKS = 1024;

bool is_pcie_side(VertexKind k) {
  return k == VertexKind::PCIE_SWITCH || k == VertexKind::HOST_BRIDGE;
}

bool is_nvlink_side(VertexKind k) {
  return k == VertexKind::GPU || k == VertexKind::NVSWITCH;
}

}  // namespace

LinkClass infer_link_class(VertexKind a, VertexKind b) {
  if (is_pcie_side(a) || is_pcie_side(b)) {
    return LinkClass::PCIE;
  }
  if (is_nvlink_side(a) && is_nvlink_side(b)) {
    return LinkClass::NVLINK;
  }
  if ((a == VertexKind::GPU && b == VertexKind::NIC) ||
      (a == VertexKind::NIC && b == VertexKind::GPU)) {
    return LinkClass::PCIE;
  }
  return LinkClass::NETWORK;
}

FabricSize explicit_size(const ExplicitParams& params) {
  FabricSize size{params.nodes.size(), 0};
  for (std::size_t i = 0; i < params.links.size(); ++i) {
    const int count = params.links[i].count;
    const std::string key = fmt::format("links[{}].count", i);
    check_at_least(count, 1, key);
    check_at_most(count, MAX_PARALLEL_LINKS, key);
    size.links += static_cast<std::uint64_t>(count);
  }
  return size;
}

Fabric build_explicit(const ExplicitParams& params) {
  check_fabric_size(explicit_size(params), "links", "list fewer nodes and links");
  FabricBuilder builder;
  std::map<std::string, std::size_t, std::less<>> index;  // name -> position in params.nodes
  std::map<int, int> gpus_on_node;
  for (std::size_t i = 0; i < params.nodes.size(); ++i) {
    const ExplicitVertex& v = params.nodes[i];
    const auto key = [&](std::string_view k) { return fmt::format("nodes[{}].{}", i, k); };
    if (v.name.empty()) {
      throw TopologyError(key("name"), "must not be empty");
    }
    if (const auto it = index.find(v.name); it != index.end()) {
      throw TopologyError(key("name"),
                          fmt::format("duplicate name '{}' (also nodes[{}])", v.name, it->second));
    }
    index.emplace(v.name, i);
    if (v.kind != VertexKind::SWITCH && v.tier != SwitchTier::NONE) {
      throw TopologyError(key("tier"), "only a switch has a tier");
    }
    if (v.node) {
      if (v.kind == VertexKind::SWITCH) {
        throw TopologyError(key("node"), "a network switch belongs to no node");
      }
      check_at_least(*v.node, 0, key("node"));
    }
    if (v.rail) {
      if (v.kind != VertexKind::NIC) {
        throw TopologyError(key("rail"), "only a NIC has a rail");
      }
      check_at_least(*v.rail, 0, key("rail"));
    }
    int node = v.node.value_or(-1);
    int local = v.rail.value_or(-1);
    if (v.kind == VertexKind::GPU) {
      node = v.node.value_or(0);
      local = gpus_on_node[node]++;
    }
    builder.add_vertex({v.kind, v.tier, v.name, node, local});
  }

  for (std::size_t i = 0; i < params.links.size(); ++i) {
    const ExplicitLink& l = params.links[i];
    const auto key = [&](std::string_view k) { return fmt::format("links[{}].{}", i, k); };
    const auto end = [&](const std::string& name, std::string_view field) {
      const std::optional<VertexId> v = builder.find_vertex(name);
      if (!v) {
        throw TopologyError(key(field), fmt::format("unknown node '{}'", name));
      }
      return *v;
    };
    const VertexId a = end(l.from, "from");
    const VertexId b = end(l.to, "to");
    if (a == b) {
      throw TopologyError(
          fmt::format("links[{}]", i),
          fmt::format("a link must join two different nodes (both ends are '{}')", l.from));
    }
    check_at_least(l.count, 1, key("count"));
    check_at_most(l.count, MAX_PARALLEL_LINKS, key("count"));
    check_bandwidth(l.bandwidth, key("bandwidth"));
    check_latency(l.latency, key("latency"));
    const LinkClass c =
        l.link_class.value_or(infer_link_class(builder.vertex(a).kind, builder.vertex(b).kind));
    for (int n = 0; n < l.count; ++n) {
      builder.add_link(a, b, l.bandwidth, l.latency, c);
    }
  }
  return builder.build();
}

}  // namespace collsim::topology
