#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/schedule.h"

namespace collsim::algorithms {
namespace {

TEST(SchedulePieces, CompositesStandForRunsOfLeaves) {
  Schedule s(2, {10, 20, 30});
  EXPECT_EQ(s.num_leaves(), 3u);
  const PieceId tail = s.add_composite(1, 2);
  EXPECT_EQ(tail, 3u);
  EXPECT_EQ(s.num_pieces(), 4u);
  EXPECT_EQ(s.piece_bytes(tail), 50);
  EXPECT_EQ(s.first_leaf(tail), 1u);
  EXPECT_EQ(s.leaf_count(tail), 2u);
  EXPECT_EQ(s.first_leaf(2), 2u);
  EXPECT_EQ(s.leaf_count(2), 1u);
  // S is the leaves' sum; a composite is not more data.
  EXPECT_EQ(s.total_bytes(), 60);
  const OpId op = s.add_send(0, 1, tail, Combine::COPY, {}, {});
  EXPECT_EQ(s.bytes(op), 50);
  EXPECT_NO_THROW(s.validate());
  EXPECT_THROW(s.add_composite(2, 2), std::invalid_argument);
  EXPECT_THROW(s.add_composite(0, 0), std::invalid_argument);
  EXPECT_THROW(s.add_composite(3, 1), std::invalid_argument);
}

TEST(SchedulePieces, CollectiveNeedsOneOwnerPerLeaf) {
  Schedule s(3, {1, 1});
  EXPECT_EQ(s.collective(), Collective::ALL_REDUCE);
  EXPECT_THROW(s.set_collective(Collective::REDUCE_SCATTER, {0}), std::invalid_argument);
  EXPECT_THROW(s.set_collective(Collective::ALL_GATHER, {0, 3}), std::invalid_argument);
  EXPECT_THROW(s.set_collective(Collective::ALL_REDUCE, {0, 1}), std::invalid_argument);
  s.set_collective(Collective::ALL_GATHER, {2, 1});
  EXPECT_EQ(s.collective(), Collective::ALL_GATHER);
  EXPECT_EQ(s.leaf_owner(0), 2u);
}

}  // namespace
}  // namespace collsim::algorithms
