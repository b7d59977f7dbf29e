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

// The leaves of the scale-out network with the NICs each one holds, in pod order.
struct LeafPlan {
  std::vector<std::string> names;
  std::vector<std::vector<VertexId>> nics;  // [leaf]
  int leaves_per_pod = 1;
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
  plan.leaves_per_pod = std::max(1, su_nodes / rails) * rails;
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
  plan.leaves_per_pod = net.radix / 2;
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
  const long long leaves =
      rail ? (p.nodes + down - 1) / down * rails : (p.nodes * rails + down - 1) / down;
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
    const long long per_pod = rail ? down / rails * rails : down;
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

Fabric build_cluster(const ClusterParams& p) {
  check_cluster(p);
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
    std::vector<VertexId> leaves;
    std::size_t fullest = 0;
    for (std::size_t l = 0; l < plan.names.size(); ++l) {
      const VertexId leaf =
          builder.add_vertex({VertexKind::SWITCH, SwitchTier::LEAF, plan.names[l], -1, -1});
      leaves.push_back(leaf);
      for (const VertexId nic : plan.nics[l]) {
        builder.add_link(nic, leaf, p.nics->bandwidth, p.nics->latency, LinkClass::NETWORK);
      }
      fullest = std::max(fullest, plan.nics[l].size());
    }
    const auto uplinks =
        static_cast<int>(std::ceil(static_cast<double>(fullest) / net.oversubscription - 1e-9));
    add_switch_tree(builder, leaves,
                    {net.tiers, std::max(1, uplinks), plan.leaves_per_pod,
                     net.bandwidth.value_or(p.nics->bandwidth), net.latency});
  }
  return builder.build();
}

}  // namespace collsim::topology
