#include "algorithms/algorithm.h"

#include <gtest/gtest.h>

namespace collsim::algorithms {
namespace {

TEST(AlgorithmNames, RoundTripAndRejectUnknown) {
  for (Algorithm a : all_algorithms()) {
    EXPECT_EQ(parse_algorithm(algorithm_name(a)), a);
  }
  EXPECT_EQ(all_algorithms().size(), 8u);
  // The textbook ones lead; NCCL's layouts follow and run only when named.
  ASSERT_EQ(textbook_algorithms().size(), 5u);
  for (std::size_t i = 0; i < textbook_algorithms().size(); ++i) {
    EXPECT_EQ(textbook_algorithms()[i], all_algorithms()[i]);
  }
  EXPECT_EQ(parse_algorithm("nccl_ring"), Algorithm::NCCL_RING);
  EXPECT_EQ(parse_algorithm("nccl_tree"), Algorithm::NCCL_TREE);
  EXPECT_EQ(parse_algorithm("nccl"), Algorithm::NCCL);
  EXPECT_FALSE(has_generator(Algorithm::NCCL));
  EXPECT_TRUE(has_generator(Algorithm::NCCL_TREE));
  EXPECT_EQ(parse_algorithm("double_binary_tree"), Algorithm::DOUBLE_BINARY_TREE);
  EXPECT_FALSE(parse_algorithm("Ring").has_value());
  EXPECT_FALSE(parse_algorithm("tree").has_value());
  EXPECT_EQ(parse_collective("allreduce"), Collective::ALL_REDUCE);
  EXPECT_FALSE(parse_collective("all_reduce").has_value());
}

}  // namespace
}  // namespace collsim::algorithms
