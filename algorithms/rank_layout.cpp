#include "algorithms/rank_layout.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace collsim::algorithms {

RankLayout::RankLayout(std::vector<Rank> node_sizes, std::uint32_t nics_per_node)
    : node_sizes_(std::move(node_sizes)), nics_per_node_(nics_per_node) {
  if (node_sizes_.empty()) {
    throw std::invalid_argument("a rank layout needs at least one node");
  }
  if (nics_per_node_ == 0) {
    throw std::invalid_argument("a node needs at least one NIC");
  }
  std::uint64_t total = 0;
  for (Rank g : node_sizes_) {
    if (g == 0) {
      throw std::invalid_argument("every node needs at least one GPU");
    }
    total += g;
  }
  if (total >= std::numeric_limits<Rank>::max()) {
    throw std::invalid_argument(fmt::format("{} ranks is too many", total));
  }
  first_rank_.reserve(node_sizes_.size());
  node_of_.reserve(total);
  for (Rank node = 0; node < node_sizes_.size(); ++node) {
    first_rank_.push_back(static_cast<Rank>(node_of_.size()));
    node_of_.insert(node_of_.end(), node_sizes_[node], node);
    max_node_size_ = std::max(max_node_size_, node_sizes_[node]);
    uniform_ = uniform_ && node_sizes_[node] == node_sizes_[0];
  }
}

RankLayout RankLayout::uniform(Rank nodes, Rank gpus_per_node, std::uint32_t nics_per_node) {
  return RankLayout(std::vector<Rank>(nodes, gpus_per_node),
                    nics_per_node == 0 ? gpus_per_node : nics_per_node);
}

std::uint32_t RankLayout::nic_of(Rank rank) const {
  const Rank g = node_sizes_[node_of_[rank]];
  return static_cast<std::uint32_t>(std::uint64_t{local_index(rank)} * nics_per_node_ / g);
}

Rank RankLayout::spread_local(Rank node, std::uint32_t m) const {
  const Rank g = node_sizes_[node];
  // order[i] = the i-th pick: sort local indices by (position among the GPUs of their NIC,
  // NIC); the GPUs of a NIC are contiguous, so that position is local - first GPU of the NIC.
  std::vector<std::pair<std::uint64_t, Rank>> keyed;
  keyed.reserve(g);
  Rank first_on_nic = 0;
  std::uint64_t previous_nic = 0;
  for (Rank local = 0; local < g; ++local) {
    const std::uint64_t nic = std::uint64_t{local} * nics_per_node_ / g;
    if (local == 0 || nic != previous_nic) {
      first_on_nic = local;
      previous_nic = nic;
    }
    keyed.emplace_back((std::uint64_t{local - first_on_nic} << 32) | nic, local);
  }
  std::sort(keyed.begin(), keyed.end());
  return keyed[m % g].second;
}

}  // namespace collsim::algorithms
