#include "algorithms/rank_layout.h"

#include <stdexcept>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::algorithms {
namespace {

TEST(RankLayout, NumbersRanksNodeMajor) {
  // Nodes of 3, 1 and 2 GPUs: ranks 0-2, 3, 4-5.
  const RankLayout l({3, 1, 2}, 2);
  EXPECT_EQ(l.num_ranks(), 6u);
  EXPECT_EQ(l.num_nodes(), 3u);
  EXPECT_FALSE(l.is_uniform());
  EXPECT_EQ(l.max_node_size(), 3u);
  EXPECT_EQ(l.first_rank(2), 4u);
  EXPECT_EQ(l.rank_of(2, 1), 5u);
  const std::vector<Rank> node{0, 0, 0, 1, 2, 2};
  const std::vector<Rank> local{0, 1, 2, 0, 0, 1};
  for (Rank r = 0; r < 6; ++r) {
    EXPECT_EQ(l.node_of(r), node[r]) << r;
    EXPECT_EQ(l.local_index(r), local[r]) << r;
  }
  EXPECT_TRUE(RankLayout::uniform(4, 8).is_uniform());
  EXPECT_EQ(RankLayout::uniform(4, 8).nics_per_node(), 8u);
}

TEST(RankLayout, SpreadsGpusOverNicsInBlocks) {
  // 8 GPUs, 4 NICs: GPUs 2i and 2i+1 share NIC i (floor(l·4/8)).
  const RankLayout l = RankLayout::uniform(2, 8, 4);
  const std::vector<std::uint32_t> nic{0, 0, 1, 1, 2, 2, 3, 3};
  for (Rank local = 0; local < 8; ++local) {
    EXPECT_EQ(l.nic_of(l.rank_of(1, local)), nic[local]) << local;
  }
  // A node of 3 GPUs with 2 NICs: floor(0·2/3)=0, floor(2/3)=0, floor(4/3)=1.
  const RankLayout u({3}, 2);
  EXPECT_EQ(u.nic_of(0), 0u);
  EXPECT_EQ(u.nic_of(1), 0u);
  EXPECT_EQ(u.nic_of(2), 1u);
}

TEST(RankLayout, SpreadLocalVisitsEveryNicBeforeReusingOne) {
  // 8 GPUs on 4 NICs: first GPU of NICs 0..3 (0, 2, 4, 6), then the second ones.
  const RankLayout l = RankLayout::uniform(1, 8, 4);
  const std::vector<Rank> order{0, 2, 4, 6, 1, 3, 5, 7};
  for (std::uint32_t m = 0; m < 8; ++m) {
    EXPECT_EQ(l.spread_local(0, m), order[m]) << m;
  }
  EXPECT_EQ(l.spread_local(0, 9), 2u);  // cyclic
  // One NIC per GPU: the identity.
  const RankLayout one = RankLayout::uniform(1, 4);
  for (std::uint32_t m = 0; m < 4; ++m) {
    EXPECT_EQ(one.spread_local(0, m), m);
  }
}

TEST(RankLayout, RejectsEmptyNodesAndNoNics) {
  EXPECT_THROW(RankLayout({}, 1), std::invalid_argument);
  EXPECT_THROW(RankLayout({2, 0}, 1), std::invalid_argument);
  EXPECT_THROW(RankLayout({2}, 0), std::invalid_argument);
}

}  // namespace
}  // namespace collsim::algorithms
