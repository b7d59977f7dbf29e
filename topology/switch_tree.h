#pragma once

#include <span>
#include <string>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric_builder.h"
#include "topology/fabric_size.h"

namespace collsim::topology {

// The switch layers above the leaves of a folded-Clos (fat-tree) network, shared by the
// k-ary fat-tree and the cluster scale-out networks. The leaves (SWITCH/LEAF vertices, with
// their host links already added) come in pod order.
//   2 tiers: `uplinks_per_leaf` spines "spine<j>"; every leaf has one link to every spine.
//   3 tiers: leaf i is in pod i / leaves_per_pod; each pod p has `uplinks_per_leaf` spines
//            "pod<p>.spine<j>" (tier SPINE, the aggregation layer), every leaf of the pod
//            linked once to each; core group j holds `leaves_per_pod` cores
//            "core<j>.<m>" (tier CORE), each linked once to spine j of every pod, so a
//            spine has as many links up as a full pod has leaves (1:1 above the leaves).
// Every switch-to-switch link has `bandwidth` and `latency`. Port counts are the caller's
// to check. Complexity: O(leaves x uplinks + pods x uplinks x leaves_per_pod).
struct SwitchTreeParams {
  int tiers = 2;
  int uplinks_per_leaf = 1;
  int leaves_per_pod = 1;  // 3 tiers only
  core::Bandwidth bandwidth;
  core::Time latency;
};

void add_switch_tree(FabricBuilder& builder, std::span<const VertexId> leaves,
                     const SwitchTreeParams& params);

// The switches and links add_switch_tree adds above `leaves` leaves (the leaves and their
// host links not included). O(1).
FabricSize switch_tree_size(std::uint64_t leaves, const SwitchTreeParams& params);

}  // namespace collsim::topology
