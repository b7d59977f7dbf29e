#pragma once

#include <cstddef>
#include <optional>
#include <utility>
#include <vector>

#include "algorithms/schedule.h"
#include "topology/fabric.h"

namespace collsim::study {

// The largest rank count routable_order searches: the search is a subgraph-monomorphism
// (VF2), exponential in the worst case, and meant for the NVLink meshes of one node or a few,
// where a rank order decides whether a schedule can run at all.
inline constexpr std::size_t MAX_ORDER_SEARCH_RANKS = 16;

// The (source, destination) rank pairs `schedule` sends between, each once, in order of
// first use. O(ops · peers per rank).
std::vector<std::pair<algorithms::Rank, algorithms::Rank>> send_pairs(
    const algorithms::Schedule& schedule);

// An order of `gpus` (a permutation: rank r runs on the result's r-th GPU) under which every
// pair of `pairs` has a route in `fabric`, or nothing when no order does or there are more
// than MAX_ORDER_SEARCH_RANKS ranks. The first order found in VF2's deterministic search
// over Boost.Graph (boost::vf2_subgraph_mono), the same for the same input. Used to tell a
// user whose placement puts exchanging ranks on unconnected GPUs which placement works, as
// NCCL's ring search follows a DGX-1's hybrid cube mesh. Fills the fabric's route cache
// for the pairs of `gpus`. O(gpus² routes + the search).
std::optional<std::vector<topology::VertexId>> routable_order(
    const std::vector<std::pair<algorithms::Rank, algorithms::Rank>>& pairs,
    topology::Fabric& fabric, const std::vector<topology::VertexId>& gpus);

}  // namespace collsim::study
