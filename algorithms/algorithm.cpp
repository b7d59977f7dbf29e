#include "algorithms/algorithm.h"

#include "core/name_table.h"

namespace collsim::algorithms {
namespace {

constexpr core::NameTable<Algorithm, 8> ALGORITHMS{{
    {Algorithm::RING, "ring"},
    {Algorithm::BINARY_TREE, "binary_tree"},
    {Algorithm::BINOMIAL_TREE, "binomial_tree"},
    {Algorithm::DOUBLE_BINARY_TREE, "double_binary_tree"},
    {Algorithm::TWO_LEVEL, "two_level"},
    {Algorithm::NCCL_RING, "nccl_ring"},
    {Algorithm::NCCL_TREE, "nccl_tree"},
    {Algorithm::NCCL, "nccl"},
}};
// The textbook algorithms lead the table.
constexpr std::size_t TEXTBOOK_ALGORITHMS = 5;

constexpr core::NameTable<Collective, 5> COLLECTIVES{{
    {Collective::ALL_REDUCE, "allreduce"},
    {Collective::REDUCE_SCATTER, "reducescatter"},
    {Collective::ALL_GATHER, "allgather"},
    {Collective::BROADCAST, "broadcast"},
    {Collective::REDUCE, "reduce"},
}};

constexpr auto ALGORITHM_ORDER = core::values_of(ALGORITHMS);
constexpr auto COLLECTIVE_ORDER = core::values_of(COLLECTIVES);

}  // namespace

std::string_view algorithm_name(Algorithm a) {
  return core::name_in(ALGORITHMS, a);
}

std::optional<Algorithm> parse_algorithm(std::string_view name) {
  return core::parse_in(ALGORITHMS, name);
}

std::span<const Algorithm> all_algorithms() {
  return ALGORITHM_ORDER;
}

std::span<const Algorithm> textbook_algorithms() {
  return std::span<const Algorithm>(ALGORITHM_ORDER).first(TEXTBOOK_ALGORITHMS);
}

std::string_view collective_name(Collective c) {
  return core::name_in(COLLECTIVES, c);
}

std::optional<Collective> parse_collective(std::string_view name) {
  return core::parse_in(COLLECTIVES, name);
}

std::span<const Collective> all_collectives() {
  return COLLECTIVE_ORDER;
}

}  // namespace collsim::algorithms
