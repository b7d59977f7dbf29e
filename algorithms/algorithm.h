#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace collsim::algorithms {

// The algorithms collsim models, by the names scenario files and the CLI use
// (docs/scenario-format.md): the textbook ring, binary_tree, binomial_tree,
// double_binary_tree and two_level, and NCCL's layouts: nccl_ring (its rail-aligned channel
// rings) and nccl_tree (its double binary tree on channels, chains from the NIC's GPU), and
// nccl, NCCL's own choice among them (the study layer resolves it per size).
enum class Algorithm : std::uint8_t {
  RING,
  BINARY_TREE,
  BINOMIAL_TREE,
  DOUBLE_BINARY_TREE,
  TWO_LEVEL,
  NCCL_RING,
  NCCL_TREE,
  NCCL,  // NCCL's tuner: per size it picks nccl_ring or nccl_tree, a protocol and channels
};

// The collectives; busbw factors and building-block schedules are defined per collective.
enum class Collective : std::uint8_t {
  ALL_REDUCE,
  REDUCE_SCATTER,
  ALL_GATHER,
  BROADCAST,
  REDUCE,
};

std::string_view algorithm_name(Algorithm a);
std::optional<Algorithm> parse_algorithm(std::string_view name);
// Every algorithm, in the order above (the order reports list them in).
std::span<const Algorithm> all_algorithms();
// The textbook algorithms (ring to two_level): what a scenario runs when it names none and
// what `collsim model` prices. NCCL's layouts run when named; their closed forms are the
// textbook ones of the same shape (nccl_ring: ring; nccl_tree: double_binary_tree).
std::span<const Algorithm> textbook_algorithms();
// Whether generate() builds `a`'s schedule itself: every algorithm but NCCL, which stands
// for the nccl_ring or nccl_tree schedule NCCL's tuner picks for the fabric.
constexpr bool has_generator(Algorithm a) {
  return a != Algorithm::NCCL;
}

std::string_view collective_name(Collective c);  // allreduce, reducescatter, allgather, ...
std::optional<Collective> parse_collective(std::string_view name);
// Every collective, in the order above.
std::span<const Collective> all_collectives();

}  // namespace collsim::algorithms
