#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "algorithms/schedule.h"

namespace collsim::algorithms {

// RankLayout: how ranks sit in nodes, the only view of the machine that generators read
// (never the topology graph). Ranks are numbered node-major: node 0 holds ranks
// [0, size(0)), node 1 the next size(1) ranks, and so on; a rank's local index is its
// position inside its node (its GPU). Node sizes may differ.
// NICs: every node has nics_per_node() NICs (rails) 0..N-1, and the GPUs of a node are
// spread over them in contiguous blocks: local index l of a node with g GPUs uses NIC
// floor(l * N / g) (so with N = g every GPU has its own NIC, with N = g/2 neighbours share).
// Invariants: at least one node, every node at least one GPU, N >= 1.
// Complexity: construction O(ranks); every query O(1).
class RankLayout {
 public:
  RankLayout(std::vector<Rank> node_sizes, std::uint32_t nics_per_node);
  // `nodes` nodes of `gpus_per_node` GPUs each; nics_per_node 0 means one NIC per GPU.
  static RankLayout uniform(Rank nodes, Rank gpus_per_node, std::uint32_t nics_per_node = 0);

  Rank num_ranks() const { return static_cast<Rank>(node_of_.size()); }
  Rank num_nodes() const { return static_cast<Rank>(node_sizes_.size()); }
  Rank node_size(Rank node) const { return node_sizes_[node]; }
  Rank max_node_size() const { return max_node_size_; }
  bool is_uniform() const { return uniform_; }
  Rank first_rank(Rank node) const { return first_rank_[node]; }
  Rank rank_of(Rank node, Rank local) const { return first_rank_[node] + local; }
  Rank node_of(Rank rank) const { return node_of_[rank]; }
  Rank local_index(Rank rank) const { return rank - first_rank_[node_of_[rank]]; }

  std::uint32_t nics_per_node() const { return nics_per_node_; }
  std::uint32_t nic_of(Rank rank) const;
  // The NICs a channel layout cycles through on `node`: min(N, its GPU count), so that each
  // has a GPU of its own to enter at.
  std::uint32_t entry_nics(Rank node) const {
    return std::min<std::uint32_t>(nics_per_node_, node_sizes_[node]);
  }
  // The first GPU (local index) of entry NIC e < entry_nics(node): ceil(e·g / entry_nics),
  // the lowest local index that nic_of puts on NIC e when N <= g.
  Rank first_local_on_nic(Rank node, std::uint32_t e) const {
    const std::uint64_t units = entry_nics(node);
    return static_cast<Rank>((std::uint64_t{e} * node_sizes_[node] + units - 1) / units);
  }

  // The m-th GPU (local index) of `node` when GPUs are picked so that consecutive picks use
  // different NICs as long as there are unused ones: NIC 0's first GPU, NIC 1's first GPU,
  // ..., then every NIC's second GPU, and so on, cyclically (m may exceed the node size).
  // Used to give the trees and channels of an algorithm different head GPUs and NICs.
  Rank spread_local(Rank node, std::uint32_t m) const;

 private:
  std::vector<Rank> node_sizes_;
  std::vector<Rank> first_rank_;
  std::vector<Rank> node_of_;
  std::uint32_t nics_per_node_;
  Rank max_node_size_ = 0;
  bool uniform_ = true;
};

}  // namespace collsim::algorithms
