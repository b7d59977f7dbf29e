#include "topology/fat_tree_builder.h"

#include <cmath>
#include <vector>

#include <fmt/format.h>

#include "topology/fabric_builder.h"
#include "topology/parameter_checks.h"
#include "topology/switch_tree.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

// The largest host count of a fat-tree with these radix and tiers.
long long fat_tree_max_hosts(int radix, int tiers) {
  const long long k = radix;
  return tiers == 2 ? k * k / 2 : k * k * k / 4;
}

// The shape of a fat-tree the parameters describe, once they are checked.
struct FatTreeShape {
  long long hosts = 0;
  long long leaves = 0;
  SwitchTreeParams tree;
};

FatTreeShape check_fat_tree(const FatTreeParams& params) {
  const int k = params.radix;
  check_radix(k, "radix");
  check_tiers(params.tiers, "tiers");
  check_oversubscription(params.oversubscription, "oversubscription");
  const int host_ports = k / 2;
  const double uplinks_exact = host_ports / params.oversubscription;
  const auto uplinks = static_cast<int>(std::lround(uplinks_exact));
  if (uplinks < 1 || std::fabs(uplinks_exact - uplinks) > 1e-9) {
    throw TopologyError("oversubscription",
                        fmt::format("{} does not divide the k/2 = {} host ports of a leaf into "
                                    "a whole number of uplinks",
                                    params.oversubscription, host_ports));
  }
  const long long max_hosts = fat_tree_max_hosts(k, params.tiers);
  const long long hosts = params.hosts.value_or(max_hosts);
  check_at_least(hosts, 1, "hosts");
  if (hosts > max_hosts) {
    throw TopologyError("hosts", fmt::format("a {}-tier fat-tree of radix {} holds at most {} "
                                             "hosts ({}) (got {})",
                                             params.tiers, k, max_hosts,
                                             params.tiers == 2 ? "k^2/2" : "k^3/4", hosts));
  }
  check_at_most(hosts, MAX_GPUS, "hosts");
  check_bandwidth(params.bandwidth, "bandwidth");
  check_latency(params.latency, "latency");
  return {hosts,
          (hosts + host_ports - 1) / host_ports,
          {params.tiers, uplinks, host_ports, params.bandwidth, params.latency}};
}

FabricSize shape_size(const FatTreeShape& shape) {
  const auto hosts = static_cast<std::uint64_t>(shape.hosts);
  const auto leaves = static_cast<std::uint64_t>(shape.leaves);
  FabricSize size{hosts + leaves, hosts};
  size += switch_tree_size(leaves, shape.tree);
  return size;
}

}  // namespace

FabricSize fat_tree_size(const FatTreeParams& params) {
  return shape_size(check_fat_tree(params));
}

Fabric build_fat_tree(const FatTreeParams& params) {
  const FatTreeShape shape = check_fat_tree(params);
  check_fabric_size(shape_size(shape), params.hosts ? "hosts" : "radix",
                    "use fewer hosts, a smaller radix or a higher oversubscription");
  const long long hosts = shape.hosts;
  const int host_ports = params.radix / 2;
  FabricBuilder builder;
  const long long num_leaves = shape.leaves;
  std::vector<VertexId> host_ids;
  for (long long i = 0; i < hosts; ++i) {
    host_ids.push_back(builder.add_vertex(
        {VertexKind::GPU, SwitchTier::NONE, fmt::format("host{}", i), static_cast<int>(i), 0}));
  }
  std::vector<VertexId> leaves;
  for (long long l = 0; l < num_leaves; ++l) {
    leaves.push_back(builder.add_vertex(
        {VertexKind::SWITCH, SwitchTier::LEAF, fmt::format("leaf{}", l), -1, -1}));
  }
  for (std::size_t i = 0; i < host_ids.size(); ++i) {
    builder.add_link(host_ids[i], leaves[i / static_cast<std::size_t>(host_ports)],
                     params.bandwidth, params.latency, LinkClass::NETWORK);
  }
  add_switch_tree(builder, leaves, shape.tree);
  return builder.build();
}

}  // namespace collsim::topology
