#pragma once

#include <optional>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"
#include "topology/fabric_size.h"

namespace collsim::topology {

// A k-ary fat-tree (folded Clos) of k-port switches, with one GPU per host.
//   Leaves have k/2 host ports and u = (k/2) / oversubscription uplinks (a whole number).
//   2 tiers: u spines, every leaf linked once to each; at most k leaves (spine ports),
//            so at most k^2/2 hosts.
//   3 tiers: pods of k/2 leaves and u aggregation switches (tier SPINE), every leaf of a
//            pod linked once to each; u x k/2 cores, core group j linked once to
//            aggregation switch j of every pod; at most k pods, so k^3/4 hosts.
// With oversubscription 1 this is the classic fat-tree (k^3/4 hosts, (k/2)^2 cores for 3
// tiers); with 2 each leaf has half as many uplinks, and the layers above are halved too.
// Hosts fill leaves in order (host i on leaf i / (k/2)), so a host count below the maximum
// leaves a partial last leaf and pod; the spine/core layers are always complete.
// Host i is GPU "host<i>" on node i (local 0) with one link to "leaf<l>"; switches are
// "spine<j>" (2 tiers) or "pod<p>.spine<j>" and "core<j>.<m>" (3 tiers).
// Every link (host and switch) has `bandwidth` (per direction) and `latency`.
struct FatTreeParams {
  std::optional<int> hosts;  // nullopt: the maximum, k^2/2 (2 tiers) or k^3/4 (3 tiers)
  int radix = 8;             // k
  int tiers = 3;
  double oversubscription = 1.0;
  core::Bandwidth bandwidth = core::Bandwidth::from_bytes_per_second(50'000'000'000);  // 400Gb/s
  core::Time latency = core::Time::from_ps(600'000);                                   // 0.6 us
};

// Throws TopologyError (fields radix, tiers, oversubscription, hosts, bandwidth, latency)
// for an odd radix or one outside 2..1024, tiers other than 2 or 3, an oversubscription below 1 or
// not dividing k/2 into whole uplinks, fewer than 1 or more than the maximum hosts
// (or 2^20), a
// bandwidth <= 0 or a negative latency; a fabric beyond MAX_FABRIC_BYTES, before building.
// O(V + E).
Fabric build_fat_tree(const FatTreeParams& params);

// The vertices and links build_fat_tree builds; throws what it throws for the parameters.
// O(1).
FabricSize fat_tree_size(const FatTreeParams& params);

}  // namespace collsim::topology
