#include "algorithms/two_level.h"

#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/dataflow_checker.h"
#include "algorithms/schedule_stats.h"

namespace collsim::algorithms {
namespace {

std::size_t sends_in(const Schedule& s, Phase phase) {
  std::size_t n = 0;
  for (const Op& o : s.ops()) {
    n += o.kind == OpKind::SEND && o.label.phase == phase ? 1 : 0;
  }
  return n;
}

TEST(TwoLevel, PhasesAndOpCounts) {
  // 4 nodes × 4 GPUs, inter ring, k = 1. Intra reduce-scatter and all-gather: per node a
  // ring of 4 over 4 shards, 3 steps × 4 sends: 12 each, 48 per phase over 4 nodes. Inter:
  // 4 rings (one per local index) of 4 nodes, 2·3·4 = 24 sends each: 96.
  const RankLayout l = RankLayout::uniform(4, 4);
  const Schedule s = generate_two_level(Collective::ALL_REDUCE, 1 << 20, l, {});
  EXPECT_EQ(sends_in(s, Phase::INTRA_REDUCE_SCATTER), 48u);
  EXPECT_EQ(sends_in(s, Phase::INTER_ALL_REDUCE), 96u);
  EXPECT_EQ(sends_in(s, Phase::INTRA_ALL_GATHER), 48u);
  EXPECT_EQ(s.size(), 192u);
  // Inter double binary tree, k = 3: per local index 2 trees × 2·3 × 3 = 36: 144.
  GenerateOptions o;
  o.inter = Algorithm::DOUBLE_BINARY_TREE;
  o.chunks = 3;
  const Schedule t = generate_two_level(Collective::ALL_REDUCE, 1 << 20, l, o);
  EXPECT_EQ(sends_in(t, Phase::INTER_ALL_REDUCE), 144u);
  EXPECT_EQ(t.size(), 240u);
}

TEST(TwoLevel, IntraPhasesMoveWholeShardsAndInterPhasesStayOnARail) {
  const RankLayout l = RankLayout::uniform(4, 4);
  const core::Bytes S = 1 << 20;
  const Schedule s = generate_two_level(Collective::ALL_REDUCE, S, l, {});
  for (OpId i = 0; i < s.size(); ++i) {
    const Op& o = s.op(i);
    if (o.label.phase == Phase::INTER_ALL_REDUCE) {
      // Same local index: the same NIC on a rail-optimized fabric; S/4 per shard cut into
      // 4 parts.
      EXPECT_EQ(l.local_index(o.src), l.local_index(o.dst)) << i;
      EXPECT_NE(l.node_of(o.src), l.node_of(o.dst)) << i;
      EXPECT_EQ(s.bytes(i), S / 16) << i;
    } else {
      EXPECT_EQ(l.node_of(o.src), l.node_of(o.dst)) << i;
      EXPECT_EQ(s.leaf_count(o.piece), 4u) << i;  // one composite = the shard's 4 parts
      EXPECT_EQ(s.bytes(i), S / 4) << i;
    }
  }
  // Across the network each node sends what a ring of 4 sends, 2·3/4 of S: 1.5 S.
  EXPECT_EQ(network_bytes_sent(s, l), (std::vector<core::Bytes>(4, 3 * S / 2)));
}

TEST(TwoLevel, CriticalPathAddsThePhases) {
  // (g − 1) + 2(n − 1) + (g − 1): 4 × 4 → 3 + 6 + 3 = 12; 2 nodes × 8 → 7 + 2 + 7 = 16;
  // one node of 4 = the intra ring alone: 3 + 3; 4 nodes of 1 = the inter ring alone: 6.
  struct Case {
    Rank nodes, gpus;
    std::uint32_t steps;
  };
  for (const Case& c : {Case{4, 4, 12}, Case{2, 8, 16}, Case{1, 4, 6}, Case{4, 1, 6}}) {
    EXPECT_EQ(schedule_stats(generate_two_level(Collective::ALL_REDUCE, 1 << 20,
                                                RankLayout::uniform(c.nodes, c.gpus), {}))
                  .critical_path_sends,
              c.steps)
        << c.nodes << "x" << c.gpus;
  }
  // Inter double binary tree over 4 nodes of one owner each (depth 2), k = 2: 2·2 + 1.
  GenerateOptions o;
  o.inter = Algorithm::DOUBLE_BINARY_TREE;
  o.chunks = 2;
  EXPECT_EQ(schedule_stats(
                generate_two_level(Collective::ALL_REDUCE, 1 << 20, RankLayout::uniform(4, 4), o))
                .critical_path_sends,
            3u + 5u + 3u);
}

TEST(TwoLevel, UnevenNodesShareShardsRoundRobin) {
  // Nodes of 3 and 2 GPUs: G = 3 shards. In the 2-GPU node local 0 owns shards 0 and 2,
  // local 1 owns shard 1, so shard 2's inter ring joins node 0's local 2 and node 1's
  // local 0.
  const RankLayout l({3, 2}, 1);
  const Schedule s = generate_two_level(Collective::ALL_REDUCE, 900, l, {});
  std::set<std::pair<Rank, Rank>> inter;
  for (const Op& o : s.ops()) {
    if (o.label.phase == Phase::INTER_ALL_REDUCE) {
      inter.emplace(o.src, o.dst);
    }
  }
  EXPECT_EQ(inter,
            (std::set<std::pair<Rank, Rank>>{{0, 3}, {3, 0}, {1, 4}, {4, 1}, {2, 3}, {3, 2}}));
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();
}

TEST(TwoLevel, AllReduceOnly) {
  EXPECT_THROW(generate_two_level(Collective::BROADCAST, 10, RankLayout::uniform(2, 2), {}),
               std::invalid_argument);
}

}  // namespace
}  // namespace collsim::algorithms
