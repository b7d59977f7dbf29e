#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/binary_tree.h"
#include "algorithms/binomial_tree.h"
#include "algorithms/dataflow_checker.h"
#include "algorithms/schedule_stats.h"

namespace collsim::algorithms {
namespace {

using Edges = std::set<std::pair<Rank, Rank>>;  // (src, dst)

Edges sends_in(const Schedule& s, Phase phase) {
  Edges e;
  for (const Op& o : s.ops()) {
    if (o.kind == OpKind::SEND && o.label.phase == phase) {
      e.emplace(o.src, o.dst);
    }
  }
  return e;
}

std::set<OpId> deps_of(const Schedule& s, OpId i) {
  return {s.deps(i).begin(), s.deps(i).end()};
}

OpId find_send(const Schedule& s, Rank src, Rank dst, Phase phase) {
  for (OpId i = 0; i < s.size(); ++i) {
    if (s.op(i).kind == OpKind::SEND && s.op(i).src == src && s.op(i).dst == dst &&
        s.op(i).label.phase == phase) {
      return i;
    }
  }
  return NO_OP;
}

TEST(BinaryTree, HeapOrderReduceThenBroadcast) {
  const Schedule s =
      generate_binary_tree(Collective::ALL_REDUCE, 600, RankLayout::uniform(6, 1), {});
  // Parent (r − 1)/2: 1,2 -> 0; 3,4 -> 1; 5 -> 2.
  EXPECT_EQ(sends_in(s, Phase::REDUCE), (Edges{{1, 0}, {2, 0}, {3, 1}, {4, 1}, {5, 2}}));
  EXPECT_EQ(sends_in(s, Phase::BROADCAST), (Edges{{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}}));
  EXPECT_EQ(s.size(), 10u);
  // Both children of rank 1 send at once (no dependency), rank 1 forwards once both arrived.
  const OpId from3 = find_send(s, 3, 1, Phase::REDUCE);
  const OpId from4 = find_send(s, 4, 1, Phase::REDUCE);
  EXPECT_TRUE(deps_of(s, from3).empty());
  EXPECT_TRUE(deps_of(s, from4).empty());
  EXPECT_EQ(deps_of(s, find_send(s, 1, 0, Phase::REDUCE)), (std::set<OpId>{from3, from4}));
  // The root sends to both children at once: each waits only for the root's two receipts.
  const std::set<OpId> root_has{find_send(s, 1, 0, Phase::REDUCE),
                                find_send(s, 2, 0, Phase::REDUCE)};
  EXPECT_EQ(deps_of(s, find_send(s, 0, 1, Phase::BROADCAST)), root_has);
  EXPECT_EQ(deps_of(s, find_send(s, 0, 2, Phase::BROADCAST)), root_has);
}

TEST(BinaryTree, CriticalPathIsTwiceTheHeapDepth) {
  // Heap depth floor(log2 p): 2·3 = 6 for p = 8 and 15 (the lesson's 2·ceil(log2 p) when p is
  // a power of two), 2·2 = 4 for p = 5 (ceil would say 6: the last level is not full).
  for (auto [p, steps] : {std::pair<Rank, std::uint32_t>{2, 2}, {5, 4}, {8, 6}, {15, 6}, {16, 8}}) {
    const Schedule s =
        generate_binary_tree(Collective::ALL_REDUCE, 1 << 10, RankLayout::uniform(p, 1), {});
    EXPECT_EQ(schedule_stats(s).critical_path_sends, steps) << p;
    EXPECT_EQ(s.size(), 2u * (p - 1)) << p;
  }
  // Whole message per level: every send carries all of S, so the bytes are 2·log p·S on
  // the critical path; with 4 pipelined chunks the path gains 3 sends of S/4.
  GenerateOptions o;
  o.chunks = 4;
  const Schedule s =
      generate_binary_tree(Collective::ALL_REDUCE, 1 << 10, RankLayout::uniform(8, 1), o);
  EXPECT_EQ(schedule_stats(s).critical_path_sends, 9u);
  EXPECT_EQ(s.size(), 2u * 7 * 4);
}

TEST(BinaryTree, ReduceAndBroadcastAroundAnotherRoot) {
  // Root 2 on 4 ranks: vertex v is rank (v + 2) mod 4, so vertex 0 = 2, 1 = 3, 2 = 0, 3 = 1:
  // 3 -> 2, 0 -> 2, 1 -> 3.
  GenerateOptions o;
  o.root = 2;
  const Schedule r = generate_binary_tree(Collective::REDUCE, 40, RankLayout::uniform(4, 1), o);
  EXPECT_EQ(sends_in(r, Phase::REDUCE), (Edges{{3, 2}, {0, 2}, {1, 3}}));
  EXPECT_EQ(r.collective(), Collective::REDUCE);
  EXPECT_EQ(r.leaf_owner(0), 2u);
  EXPECT_TRUE(check_dataflow(r).ok()) << check_dataflow(r).describe();
  const Schedule b = generate_binary_tree(Collective::BROADCAST, 40, RankLayout::uniform(4, 1), o);
  EXPECT_EQ(sends_in(b, Phase::BROADCAST), (Edges{{2, 3}, {2, 0}, {3, 1}}));
  EXPECT_TRUE(check_dataflow(b).ok()) << check_dataflow(b).describe();
}

TEST(BinomialTree, ShapeIsThePeers) {
  // p = 8: parent = r minus its lowest bit; children largest subtree first.
  const RankTree t = binomial_tree(8, 0);
  EXPECT_EQ(std::vector<std::uint32_t>(t.children(0).begin(), t.children(0).end()),
            (std::vector<std::uint32_t>{4, 2, 1}));
  EXPECT_EQ(std::vector<std::uint32_t>(t.children(4).begin(), t.children(4).end()),
            (std::vector<std::uint32_t>{6, 5}));
  EXPECT_EQ(t.parent(7), 6u);
  EXPECT_EQ(t.parent(6), 4u);
  // p = 5: the root still has children 4, 2, 1 (L = 3); 4 has none (4 + 2, 4 + 1 >= 5).
  const RankTree u = binomial_tree(5, 0);
  EXPECT_EQ(std::vector<std::uint32_t>(u.children(0).begin(), u.children(0).end()),
            (std::vector<std::uint32_t>{4, 2, 1}));
  EXPECT_TRUE(u.children(4).empty());
}

TEST(BinomialTree, CriticalPathIsTwoCeilLog2PForEveryP) {
  // One partner per step: the root takes its ceil(log2 p) children one after the other,
  // then sends to them one after the other.
  for (auto [p, steps] :
       {std::pair<Rank, std::uint32_t>{2, 2}, {3, 4}, {5, 6}, {8, 6}, {9, 8}, {33, 12}, {64, 12}}) {
    const Schedule s =
        generate_binomial_tree(Collective::ALL_REDUCE, 1 << 10, RankLayout::uniform(p, 1), {});
    EXPECT_EQ(schedule_stats(s).critical_path_sends, steps) << p;
    EXPECT_EQ(s.size(), 2u * (p - 1)) << p;
  }
}

TEST(BinomialTree, OnePartnerPerStep) {
  const Schedule s =
      generate_binomial_tree(Collective::ALL_REDUCE, 800, RankLayout::uniform(8, 1), {});
  // Reduce: the root takes 1, then 2, then 4: 2 -> 0 waits for the receipt 1 -> 0 (and for
  // 3 -> 2, its own child); 4 -> 0 for 2 -> 0 and 6 -> 4, 5 -> 4.
  const OpId r10 = find_send(s, 1, 0, Phase::REDUCE);
  const OpId r20 = find_send(s, 2, 0, Phase::REDUCE);
  const OpId r32 = find_send(s, 3, 2, Phase::REDUCE);
  EXPECT_EQ(deps_of(s, r20), (std::set<OpId>{r10, r32}));
  EXPECT_EQ(s.op(r10).label.step, 0u);
  EXPECT_EQ(s.op(r20).label.step, 1u);
  EXPECT_EQ(s.op(find_send(s, 4, 0, Phase::REDUCE)).label.step, 2u);
  // Broadcast: one FIFO per rank, largest subtree first: 0 -> 4, then 0 -> 2, then 0 -> 1.
  const OpId b04 = find_send(s, 0, 4, Phase::BROADCAST);
  const OpId b02 = find_send(s, 0, 2, Phase::BROADCAST);
  const OpId b01 = find_send(s, 0, 1, Phase::BROADCAST);
  EXPECT_LT(b04, b02);
  EXPECT_EQ(deps_of(s, b01).count(b02), 1u);
  EXPECT_EQ(deps_of(s, b02).count(b04), 1u);
  EXPECT_EQ(s.op(b04).label.step, 3u);
  EXPECT_EQ(s.op(b01).label.step, 5u);
  // Rank 4's broadcast continues its FIFO after its reduce-phase send to 0.
  const OpId b46 = find_send(s, 4, 6, Phase::BROADCAST);
  EXPECT_EQ(deps_of(s, b46).count(find_send(s, 4, 0, Phase::REDUCE)), 1u);
}

}  // namespace
}  // namespace collsim::algorithms
