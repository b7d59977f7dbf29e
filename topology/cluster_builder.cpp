#include "topology/cluster_builder.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "core/name_table.h"
#include "topology/fabric_builder.h"
#include "topology/parameter_checks.h"
#include "topology/switch_tree.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

// The scale-out network's shape, from the parameters alone: what check_network bounds, the
// leaf planners lay out, the switch tree adds and cluster_size counts.
struct NetworkShape {
  long long leaves = 0;
  long long fullest = 0;  // NICs on the fullest leaf
  int uplinks = 1;        // per leaf
  int leaves_per_pod = 1;
};

NetworkShape network_shape(const ClusterParams& p) {
  const NetworkParams& net = *p.network;
  const long long down = net.radix / 2;
  const long long rails = p.nics->per_node;
  NetworkShape s;
  if (net.fabric == NetworkFabric::RAIL_OPTIMIZED) {
    s.leaves = (p.nodes + down - 1) / down * rails;
    s.fullest = std::min<long long>(p.nodes, down);
    s.leaves_per_pod = static_cast<int>(std::max(1LL, down / rails) * rails);
  } else {
    s.leaves = (p.nodes * rails + down - 1) / down;
    s.fullest = std::min(p.nodes * rails, down);
    s.leaves_per_pod = static_cast<int>(down);
  }
  s.uplinks = std::max(
      1, static_cast<int>(std::ceil(static_cast<double>(s.fullest) / net.oversubscription - 1e-9)));
  return s;
}

// The leaves of the scale-out network with the NICs each one holds, in pod order.
struct LeafPlan {
  std::vector<std::string> names;
  std::vector<std::vector<VertexId>> nics;  // [leaf]
};

LeafPlan plan_rail_leaves(const std::vector<std::vector<VertexId>>& nics_by_node,
                          const NetworkParams& net) {
  const int rails = static_cast<int>(nics_by_node.front().size());
  const int su_nodes = net.radix / 2;
  const int nodes = static_cast<int>(nics_by_node.size());
  const int sus = (nodes + su_nodes - 1) / su_nodes;
  LeafPlan plan;
  for (int su = 0; su < sus; ++su) {
    for (int r = 0; r < rails; ++r) {
      plan.names.push_back(fmt::format("su{}.rail{}", su, r));
      std::vector<VertexId>& leaf = plan.nics.emplace_back();
      for (int n = su * su_nodes; n < std::min(nodes, (su + 1) * su_nodes); ++n) {
        leaf.push_back(nics_by_node[static_cast<std::size_t>(n)][static_cast<std::size_t>(r)]);
      }
    }
  }
  return plan;
}

LeafPlan plan_fat_tree_leaves(const std::vector<std::vector<VertexId>>& nics_by_node,
                              const NetworkParams& net) {
  const auto ports = static_cast<std::size_t>(net.radix / 2);
  LeafPlan plan;
  std::size_t placed = 0;
  for (const auto& node : nics_by_node) {
    for (const VertexId nic : node) {
      if (placed % ports == 0) {
        plan.names.push_back(fmt::format("leaf{}", plan.nics.size()));
        plan.nics.emplace_back();
      }
      plan.nics.back().push_back(nic);
      ++placed;
    }
  }
  return plan;
}

void check_network(const ClusterParams& p, const NicParams& nics, const NetworkParams& net) {
  check_tiers(net.tiers, "network.tiers");
  check_oversubscription(net.oversubscription, "network.oversubscription");
  check_radix(net.radix, "network.radix");
  if (net.bandwidth) {
    check_bandwidth(*net.bandwidth, "network.bandwidth");
  }
  check_latency(net.latency, "network.latency");
  const long long down = net.radix / 2;
  const long long rails = nics.per_node;
  const bool rail = net.fabric == NetworkFabric::RAIL_OPTIMIZED;
  const NetworkShape shape = network_shape(p);
  const long long leaves = shape.leaves;
  if (net.tiers == 2 && leaves > net.radix) {
    throw TopologyError(
        "nodes", fmt::format("{} nodes need {} leaves, but 2 tiers of {}-port switches connect "
                             "at most {} (the ports of a spine); use network.tiers: 3 or a "
                             "larger network.radix",
                             p.nodes, leaves, net.radix, net.radix));
  }
  if (net.tiers == 3) {
    if (rail && rails > down) {
      throw TopologyError("network.radix",
                          fmt::format("a pod must hold the {} rail leaves of a scalable unit, "
                                      "but a spine with {} ports has only {} ports down",
                                      rails, net.radix, down));
    }
    const long long per_pod = shape.leaves_per_pod;
    const long long pods = (leaves + per_pod - 1) / per_pod;
    if (pods > net.radix) {
      throw TopologyError(
          "nodes", fmt::format("{} nodes need {} pods, but 3 tiers of {}-port switches connect "
                               "at most {} (the ports of a core)",
                               p.nodes, pods, net.radix, net.radix));
    }
  }
}

void check_cluster(const ClusterParams& p) {
  check_at_least(p.nodes, 1, "nodes");
  check_at_least(p.gpus_per_node, 1, "gpusPerNode");
  const long long gpus = static_cast<long long>(p.nodes) * p.gpus_per_node;
  if (gpus > MAX_GPUS) {
    throw TopologyError("nodes", fmt::format("{} nodes x {} GPUs is more than the {} GPUs "
                                             "collsim builds",
                                             p.nodes, p.gpus_per_node, MAX_GPUS));
  }
  if (p.nics) {
    check_at_least(p.nics->per_node, 1, "nics.perNode");
    if (p.gpus_per_node % p.nics->per_node != 0) {
      throw TopologyError("nics.perNode",
                          fmt::format("{} NICs per node do not divide the {} GPUs of a node "
                                      "evenly",
                                      p.nics->per_node, p.gpus_per_node));
    }
    check_bandwidth(p.nics->bandwidth, "nics.bandwidth");
    check_latency(p.nics->latency, "nics.latency");
    check_bandwidth(p.nics->pcie_bandwidth, "nics.pcie.bandwidth");
    check_latency(p.nics->pcie_latency, "nics.pcie.latency");
  }
  if (!p.network && p.nodes > 1) {
    throw TopologyError("network", fmt::format("a cluster of {} nodes needs a network", p.nodes));
  }
  if (p.network && !p.nics) {
    throw TopologyError("nics", "a network needs NICs: give nics.perNode");
  }
  if (p.nics && !p.network) {
    throw TopologyError("network",
                        "NICs need a network to connect to (one node's NICs can have their "
                        "rail leaves too)");
  }
  if (p.network) {
    check_network(p, *p.nics, *p.network);
  }
}

constexpr core::NameTable<NetworkFabric, 2> NETWORK_FABRICS{{
    {NetworkFabric::RAIL_OPTIMIZED, "rail_optimized"},
    {NetworkFabric::FAT_TREE, "fat_tree"},
}};
constexpr auto NETWORK_FABRIC_ORDER = core::values_of(NETWORK_FABRICS);

}  // namespace

std::string_view network_fabric_name(NetworkFabric f) {
  return core::name_in(NETWORK_FABRICS, f);
}

std::span<const NetworkFabric> all_network_fabrics() {
  return NETWORK_FABRIC_ORDER;
}

FabricSize cluster_size(const ClusterParams& p) {
  check_cluster(p);
  const auto nodes = static_cast<std::uint64_t>(p.nodes);
  const FabricSize island = island_size(p.gpus_per_node, p.island, "island.");
  FabricSize size{island.vertices * nodes, island.links * nodes};
  if (p.nics) {
    const auto rails = static_cast<std::uint64_t>(p.nics->per_node);
    size += {rails * nodes, static_cast<std::uint64_t>(p.gpus_per_node) * nodes};
  }
  if (p.network) {
    const NetworkParams& net = *p.network;
    const NetworkShape shape = network_shape(p);
    const auto leaves = static_cast<std::uint64_t>(shape.leaves);
    size += {leaves, static_cast<std::uint64_t>(p.nics->per_node) * nodes};
    size += switch_tree_size(leaves, {net.tiers, shape.uplinks, shape.leaves_per_pod,
                                      net.bandwidth.value_or(p.nics->bandwidth), net.latency});
  }
  return size;
}

Fabric build_cluster(const ClusterParams& p) {
  check_fabric_size(cluster_size(p), "nodes",
                    "use fewer nodes or gpusPerNode, a smaller network.radix or a higher "
                    "network.oversubscription");
  FabricBuilder builder;
  std::vector<std::vector<VertexId>> nics_by_node;
  for (int n = 0; n < p.nodes; ++n) {
    const std::string prefix = fmt::format("node{}.", n);
    const std::vector<VertexId> gpus =
        add_island(builder, p.gpus_per_node, p.island, n, prefix, "island.");
    if (!p.nics) {
      continue;
    }
    std::vector<VertexId>& nics = nics_by_node.emplace_back();
    for (int r = 0; r < p.nics->per_node; ++r) {
      nics.push_back(builder.add_vertex(
          {VertexKind::NIC, SwitchTier::NONE, fmt::format("{}nic{}", prefix, r), n, r}));
    }
    for (int i = 0; i < p.gpus_per_node; ++i) {
      const int r = i * p.nics->per_node / p.gpus_per_node;
      builder.add_link(gpus[static_cast<std::size_t>(i)], nics[static_cast<std::size_t>(r)],
                       p.nics->pcie_bandwidth, p.nics->pcie_latency, LinkClass::PCIE);
    }
  }
  if (p.network) {
    const NetworkParams& net = *p.network;
    const LeafPlan plan = net.fabric == NetworkFabric::RAIL_OPTIMIZED
                              ? plan_rail_leaves(nics_by_node, net)
                              : plan_fat_tree_leaves(nics_by_node, net);
    const NetworkShape shape = network_shape(p);
    std::vector<VertexId> leaves;
    for (std::size_t l = 0; l < plan.names.size(); ++l) {
      const VertexId leaf =
          builder.add_vertex({VertexKind::SWITCH, SwitchTier::LEAF, plan.names[l], -1, -1});
      leaves.push_back(leaf);
      for (const VertexId nic : plan.nics[l]) {
        builder.add_link(nic, leaf, p.nics->bandwidth, p.nics->latency, LinkClass::NETWORK);
      }
    }
    add_switch_tree(builder, leaves,
                    {net.tiers, shape.uplinks, shape.leaves_per_pod,
                     net.bandwidth.value_or(p.nics->bandwidth), net.latency});
  }
  return builder.build();
}

}  // namespace collsim::topology
