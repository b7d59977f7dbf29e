#include "algorithms/algorithm.h"

#include <gtest/gtest.h>

namespace collsim::algorithms {
namespace {

TEST(AlgorithmNames, RoundTripAndRejectUnknown) {
  for (Algorithm a : all_algorithms()) {
    EXPECT_EQ(parse_algorithm(algorithm_name(a)), a);
  }
  EXPECT_EQ(all_algorithms().size(), 5u);
  EXPECT_EQ(parse_algorithm("double_binary_tree"), Algorithm::DOUBLE_BINARY_TREE);
  EXPECT_FALSE(parse_algorithm("Ring").has_value());
  EXPECT_FALSE(parse_algorithm("tree").has_value());
  EXPECT_EQ(parse_collective("allreduce"), Collective::ALL_REDUCE);
  EXPECT_FALSE(parse_collective("all_reduce").has_value());
}

}  // namespace
}  // namespace collsim::algorithms
