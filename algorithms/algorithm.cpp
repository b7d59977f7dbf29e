#include "algorithms/algorithm.h"

#include <array>
#include <utility>

namespace collsim::algorithms {
namespace {

constexpr std::array<std::pair<Algorithm, std::string_view>, 5> ALGORITHMS{{
    {Algorithm::RING, "ring"},
    {Algorithm::BINARY_TREE, "binary_tree"},
    {Algorithm::BINOMIAL_TREE, "binomial_tree"},
    {Algorithm::DOUBLE_BINARY_TREE, "double_binary_tree"},
    {Algorithm::TWO_LEVEL, "two_level"},
}};
constexpr std::array ALGORITHM_ORDER{Algorithm::RING, Algorithm::BINARY_TREE,
                                     Algorithm::BINOMIAL_TREE, Algorithm::DOUBLE_BINARY_TREE,
                                     Algorithm::TWO_LEVEL};

constexpr std::array<std::pair<Collective, std::string_view>, 5> COLLECTIVES{{
    {Collective::ALL_REDUCE, "allreduce"},
    {Collective::REDUCE_SCATTER, "reducescatter"},
    {Collective::ALL_GATHER, "allgather"},
    {Collective::BROADCAST, "broadcast"},
    {Collective::REDUCE, "reduce"},
}};

}  // namespace

std::string_view algorithm_name(Algorithm a) {
  for (const auto& [alg, name] : ALGORITHMS) {
    if (alg == a) {
      return name;
    }
  }
  return "unknown";
}

std::optional<Algorithm> parse_algorithm(std::string_view name) {
  for (const auto& [alg, n] : ALGORITHMS) {
    if (n == name) {
      return alg;
    }
  }
  return std::nullopt;
}

std::span<const Algorithm> all_algorithms() {
  return ALGORITHM_ORDER;
}

std::string_view collective_name(Collective c) {
  for (const auto& [col, name] : COLLECTIVES) {
    if (col == c) {
      return name;
    }
  }
  return "unknown";
}

std::optional<Collective> parse_collective(std::string_view name) {
  for (const auto& [col, n] : COLLECTIVES) {
    if (n == name) {
      return col;
    }
  }
  return std::nullopt;
}

}  // namespace collsim::algorithms
