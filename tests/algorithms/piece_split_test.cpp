#include "algorithms/piece_split.h"

#include <numeric>
#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/generate_options.h"

namespace collsim::algorithms {
namespace {

TEST(PieceSplit, PartsSumToTheTotalAndDifferByAtMostOneByte) {
  // 10 into 4: floor(10·(i+1)/4) − floor(10·i/4) = 2, 3, 2, 3 (the SimGrid peer's part()).
  EXPECT_EQ(split_part(10, 4, 0), 2);
  EXPECT_EQ(split_part(10, 4, 1), 3);
  EXPECT_EQ(split_part(10, 4, 2), 2);
  EXPECT_EQ(split_part(10, 4, 3), 3);
  // Fewer bytes than parts: zero-byte parts.
  EXPECT_EQ(split_part(2, 5, 0), 0);
  EXPECT_EQ(split_part(2, 5, 2), 1);
  EXPECT_EQ(split_part(0, 3, 1), 0);
  // No overflow for 16 GiB in 2^20 parts (16 GiB · 2^20 > 2^63).
  EXPECT_EQ(split_part(core::Bytes{16} << 30, 1 << 20, 12345), 16384);
  EXPECT_EQ(largest_part(10, 4), 3);
  EXPECT_EQ(largest_part(8, 4), 2);
  EXPECT_EQ(largest_part(0, 4), 0);
}

TEST(PieceSplit, NestedSplitKeepsTheSumAndTheOneByteSpread) {
  const std::uint64_t fanout[] = {3, 7, 5};
  const std::vector<core::Bytes> leaves = nested_split(1000003, fanout);
  ASSERT_EQ(leaves.size(), 105u);
  EXPECT_EQ(std::accumulate(leaves.begin(), leaves.end(), core::Bytes{0}), 1000003);
  // floor(1000003 / 105) = 9523.
  for (core::Bytes b : leaves) {
    EXPECT_TRUE(b == 9523 || b == 9524) << b;
  }
  const std::uint64_t too_many[] = {MAX_LEAVES, 2};
  EXPECT_THROW(nested_split(1, too_many), std::length_error);
}

TEST(PieceSplit, ChunksPerPieceFollowsTheOptions) {
  GenerateOptions o;
  EXPECT_EQ(chunks_per_piece(o, 1 << 30, ChunkDefault::WHOLE), 1u);
  // Pipelined default: 512 KiB chunks, 1 to 256 of them.
  EXPECT_EQ(chunks_per_piece(o, 1 << 20, ChunkDefault::PIPELINED), 2u);
  EXPECT_EQ(chunks_per_piece(o, (1 << 20) + 1, ChunkDefault::PIPELINED), 3u);
  EXPECT_EQ(chunks_per_piece(o, 100, ChunkDefault::PIPELINED), 1u);
  EXPECT_EQ(chunks_per_piece(o, 0, ChunkDefault::PIPELINED), 1u);
  EXPECT_EQ(chunks_per_piece(o, core::Bytes{1} << 30, ChunkDefault::PIPELINED), 256u);
  o.chunk_size = 1000;
  EXPECT_EQ(chunks_per_piece(o, 2500, ChunkDefault::WHOLE), 3u);
  EXPECT_EQ(chunks_per_piece(o, 0, ChunkDefault::WHOLE), 1u);
  o.chunk_size = 0;
  o.chunks = 7;
  EXPECT_EQ(chunks_per_piece(o, 1, ChunkDefault::PIPELINED), 7u);
}

}  // namespace
}  // namespace collsim::algorithms
