#include "algorithms/double_binary_tree.h"

#include <set>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/dataflow_checker.h"
#include "algorithms/schedule_stats.h"

namespace collsim::algorithms {
namespace {

using NodeEdges = std::set<std::pair<Rank, Rank>>;  // (parent node, child node)

// The node-level edges of tree t as the generated broadcast sends between nodes show them.
NodeEdges tree_edges(const Schedule& s, const RankLayout& layout, int t) {
  NodeEdges e;
  for (const Op& o : s.ops()) {
    if (o.kind == OpKind::SEND && o.label.tree == t && o.label.phase == Phase::BROADCAST &&
        layout.node_of(o.src) != layout.node_of(o.dst)) {
      e.emplace(layout.node_of(o.src), layout.node_of(o.dst));
    }
  }
  return e;
}

Schedule dbt(const RankLayout& layout, core::Bytes bytes = 1 << 20, GenerateOptions o = {}) {
  return generate_double_binary_tree(Collective::ALL_REDUCE, bytes, layout, o);
}

TEST(DoubleBinaryTreeSchedule, EightNodesAsNccl) {
  for (Rank g : {1u, 4u}) {
    const RankLayout l = RankLayout::uniform(8, g);
    const Schedule s = dbt(l);
    EXPECT_EQ(tree_edges(s, l, 0),
              (NodeEdges{{0, 4}, {4, 2}, {4, 6}, {2, 1}, {2, 3}, {6, 5}, {6, 7}}));
    EXPECT_EQ(tree_edges(s, l, 1),
              (NodeEdges{{7, 3}, {3, 5}, {3, 1}, {5, 6}, {5, 4}, {1, 2}, {1, 0}}));
  }
}

TEST(DoubleBinaryTreeSchedule, SmallAndOddNodeCounts) {
  const RankLayout two = RankLayout::uniform(2, 2);
  EXPECT_EQ(tree_edges(dbt(two), two, 0), (NodeEdges{{0, 1}}));
  EXPECT_EQ(tree_edges(dbt(two), two, 1), (NodeEdges{{1, 0}}));
  // n = 3: 0 -> 2 -> 1, and shifted by one: 1 -> 0 -> 2.
  const RankLayout three = RankLayout::uniform(3, 2);
  EXPECT_EQ(tree_edges(dbt(three), three, 0), (NodeEdges{{0, 2}, {2, 1}}));
  EXPECT_EQ(tree_edges(dbt(three), three, 1), (NodeEdges{{1, 0}, {0, 2}}));
  // n = 4: 0 -> 2 -> {1, 3}; mirrored (x -> 3 − x): 3 -> 1 -> {2, 0}.
  const RankLayout four = RankLayout::uniform(4, 1);
  EXPECT_EQ(tree_edges(dbt(four), four, 0), (NodeEdges{{0, 2}, {2, 1}, {2, 3}}));
  EXPECT_EQ(tree_edges(dbt(four), four, 1), (NodeEdges{{3, 1}, {1, 2}, {1, 0}}));
  // n = 5: 0 -> 4 -> 2 -> {1, 3}; shifted: 1 -> 0 -> 3 -> {2, 4}.
  const RankLayout five = RankLayout::uniform(5, 1);
  EXPECT_EQ(tree_edges(dbt(five), five, 0), (NodeEdges{{0, 4}, {4, 2}, {2, 1}, {2, 3}}));
  EXPECT_EQ(tree_edges(dbt(five), five, 1), (NodeEdges{{1, 0}, {0, 3}, {3, 2}, {3, 4}}));
  // n = 13, by the bit rule: 0 -> 8 (largest power of two below 13); 8 -> {4, 12};
  // 4 -> {2, 6}; 12 -> {10} (12 + 2 and 12 + 1 are >= 13); 2 -> {1, 3}; 6 -> {5, 7};
  // 10 -> {9, 11}. Tree 1 adds one to every label (mod 13).
  const RankLayout thirteen = RankLayout::uniform(13, 1);
  const Schedule s13 = dbt(thirteen);
  EXPECT_EQ(tree_edges(s13, thirteen, 0), (NodeEdges{{0, 8},
                                                     {8, 4},
                                                     {8, 12},
                                                     {4, 2},
                                                     {4, 6},
                                                     {12, 10},
                                                     {2, 1},
                                                     {2, 3},
                                                     {6, 5},
                                                     {6, 7},
                                                     {10, 9},
                                                     {10, 11}}));
  EXPECT_EQ(tree_edges(s13, thirteen, 1), (NodeEdges{{1, 9},
                                                     {9, 5},
                                                     {9, 0},
                                                     {5, 3},
                                                     {5, 7},
                                                     {0, 11},
                                                     {3, 2},
                                                     {3, 4},
                                                     {7, 6},
                                                     {7, 8},
                                                     {11, 10},
                                                     {11, 12}}));
}

TEST(DoubleBinaryTreeSchedule, EveryNodeIsALeafInExactlyOneTreeForEvenCounts) {
  for (Rank n = 2; n <= 16; n += 2) {
    const RankLayout l = RankLayout::uniform(n, 2);
    const Schedule s = dbt(l);
    for (int t = 0; t < 2; ++t) {
      std::set<Rank> interior;
      for (const auto& [parent, child] : tree_edges(s, l, t)) {
        interior.insert(parent);
      }
      const std::set<Rank> other = [&] {
        std::set<Rank> in;
        for (const auto& [parent, child] : tree_edges(s, l, 1 - t)) {
          in.insert(parent);
        }
        return in;
      }();
      for (Rank x = 0; x < n; ++x) {
        EXPECT_NE(interior.contains(x), other.contains(x)) << "n=" << n << " node " << x;
      }
    }
  }
}

TEST(DoubleBinaryTreeSchedule, NetworkBytesPerNode) {
  // Each tree carries S/2 over every edge, up and down. A node sends S/2 up to its parent
  // (unless root) and S/2 down to each child node. n = 2: each node is the root of one tree
  // (one child: S/2) and the leaf of the other (S/2): S. n = 8: nodes 0 and 7 are the
  // one-child roots and leaves elsewhere: S; nodes 1..6 are interior with two children in
  // one tree (S/2 + 2·S/2 = 1.5 S) and leaves in the other (S/2): 2 S, not "about S".
  // n = 3 (odd): node 0 = root of tree 0 (S/2 down) + interior of tree 1 with one child
  // (S/2 up + S/2 down) = 1.5 S; node 1 = leaf + one-child root = S; node 2 = 1.5 S.
  const core::Bytes S = 1 << 20;
  for (Rank g : {1u, 4u}) {
    EXPECT_EQ(network_bytes_sent(dbt(RankLayout::uniform(2, g), S), RankLayout::uniform(2, g)),
              (std::vector<core::Bytes>{S, S}));
    EXPECT_EQ(network_bytes_sent(dbt(RankLayout::uniform(8, g), S), RankLayout::uniform(8, g)),
              (std::vector<core::Bytes>{S, 2 * S, 2 * S, 2 * S, 2 * S, 2 * S, 2 * S, S}));
    EXPECT_EQ(network_bytes_sent(dbt(RankLayout::uniform(3, g), S), RankLayout::uniform(3, g)),
              (std::vector<core::Bytes>{3 * S / 2, S, 3 * S / 2}));
  }
}

TEST(DoubleBinaryTreeSchedule, TreesLeaveNodesThroughDifferentHeadsAndNics) {
  // 4 GPUs, 4 NICs: tree 0's head is local 0, tree 1's local 1 (channel 1: locals 2, 3).
  // 4 GPUs, 2 NICs (GPUs 0,1 on NIC 0; 2,3 on NIC 1): tree 1's head moves to local 2.
  struct Case {
    std::uint32_t nics;
    std::uint32_t channel;
    Rank head[2];
  };
  for (const Case& c : {Case{4, 0, {0, 1}}, Case{4, 1, {2, 3}}, Case{2, 0, {0, 2}}}) {
    const RankLayout l = RankLayout::uniform(3, 4, c.nics);
    GenerateOptions o;
    o.channels = c.channel + 1;
    const Schedule s = dbt(l, 1 << 20, o);
    for (const Op& op : s.ops()) {
      if (op.label.channel == c.channel && l.node_of(op.src) != l.node_of(op.dst)) {
        EXPECT_EQ(l.local_index(op.src), c.head[op.label.tree]) << "nics " << c.nics;
        EXPECT_EQ(l.local_index(op.dst), c.head[op.label.tree]) << "nics " << c.nics;
      }
    }
  }
  // Inside a node the chain runs from the head: tree 1 of channel 0 on 4 GPUs is 1 2 3 0,
  // so the reduce goes 0 -> 3 -> 2 -> 1.
  const RankLayout one = RankLayout::uniform(1, 4);
  std::set<std::pair<Rank, Rank>> up;
  const Schedule chains = dbt(one);
  for (const Op& op : chains.ops()) {
    if (op.label.tree == 1 && op.label.phase == Phase::REDUCE) {
      up.emplace(op.src, op.dst);
    }
  }
  EXPECT_EQ(up, (std::set<std::pair<Rank, Rank>>{{0, 3}, {3, 2}, {2, 1}}));
}

TEST(DoubleBinaryTreeSchedule, OpCountsAndCriticalPath) {
  // Sends: 2 trees × 2(p − 1) × k × channels. 8 nodes × 4 GPUs, k = 4, 2 channels: 992.
  GenerateOptions o;
  o.chunks = 4;
  o.channels = 2;
  EXPECT_EQ(dbt(RankLayout::uniform(8, 4), 1 << 20, o).size(), 992u);
  // Critical path 2·D + k − 1, D the deepest rank: 8 nodes of 1 GPU: D = 3 → 6 (k = 1), 9
  // (k = 4); 8 nodes of 4 GPUs: D = 3 + 3 → 12, 15; one node of 4 GPUs (just the chains):
  // D = 3 → 6.
  struct Case {
    Rank nodes, gpus;
    std::uint32_t chunks, steps;
  };
  for (const Case& c : {Case{8, 1, 1, 6}, Case{8, 1, 4, 9}, Case{8, 4, 1, 12}, Case{8, 4, 4, 15},
                        Case{1, 4, 1, 6}, Case{1, 1, 3, 0}}) {
    GenerateOptions k;
    k.chunks = c.chunks;
    EXPECT_EQ(
        schedule_stats(dbt(RankLayout::uniform(c.nodes, c.gpus), 1 << 20, k)).critical_path_sends,
        c.steps)
        << c.nodes << "x" << c.gpus << " k=" << c.chunks;
  }
  // Default chunking: 512 KiB chunks of each tree's half: S = 4 MiB → 4 chunks per tree.
  EXPECT_EQ(dbt(RankLayout::uniform(2, 1), core::Bytes{4} << 20).size(), 2u * 2 * 1 * 4);
}

TEST(DoubleBinaryTreeSchedule, ChecksOut) {
  GenerateOptions o;
  o.chunks = 3;
  o.emit_reduce_ops = true;
  const Schedule s = dbt(RankLayout({3, 1, 4, 2, 2}, 2), 1000, o);
  EXPECT_TRUE(check_dataflow(s).ok()) << check_dataflow(s).describe();
}

TEST(NcclTree, TreeZeroOnTheFirstHalfOfTheChannelsTreeOneOnTheSecondFromTheNicsGpu) {
  // 4 nodes x 8 GPUs, a NIC per GPU, 16 channels: channels c and c + 8 run trees 0 and 1 on
  // search channel c, whose chains start at GPU c of every node, so every send between
  // nodes leaves and enters through NIC c (one rail), and the two trees share that head.
  const RankLayout layout = RankLayout::uniform(4, 8);
  GenerateOptions o;
  o.channels = 16;
  const Schedule s = generate_nccl_tree(Collective::ALL_REDUCE, 16 << 20, layout, o);
  std::set<std::pair<std::uint32_t, std::uint32_t>> channel_trees;
  std::size_t between_nodes = 0;
  for (const Op& op : s.ops()) {
    channel_trees.emplace(op.label.channel, op.label.tree);
    if (op.kind == OpKind::SEND && layout.node_of(op.src) != layout.node_of(op.dst)) {
      ++between_nodes;
      EXPECT_EQ(layout.local_index(op.src), op.label.channel % 8u);
      EXPECT_EQ(layout.local_index(op.dst), op.label.channel % 8u);
    }
  }
  EXPECT_GT(between_nodes, 0u);
  std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
  for (std::uint32_t c = 0; c < 16; ++c) {
    expected.emplace(c, c < 8 ? 0 : 1);
  }
  EXPECT_EQ(channel_trees, expected);
  // The node trees are double_binary_tree's: tree 1 on channels 8.. is the mirror.
  EXPECT_EQ(tree_edges(s, layout, 0), tree_edges(dbt(layout), layout, 0));
  EXPECT_EQ(tree_edges(s, layout, 1), tree_edges(dbt(layout), layout, 1));
}

TEST(NcclTree, SharedNicsPutTheHeadOnTheNicsFirstGpuAndChainUpwards) {
  // 8 GPUs on 4 NICs: search channel s starts at GPU 2(s mod 4).
  const RankLayout layout = RankLayout::uniform(2, 8, 4);
  const RankTree tree = nccl_rank_tree(layout, 0, 5);
  EXPECT_EQ(layout.local_index(tree.rank(tree.root())), 2u);
  GenerateOptions o;
  o.channels = 10;
  const Schedule s = generate_nccl_tree(Collective::ALL_REDUCE, 1 << 20, layout, o);
  for (const Op& op : s.ops()) {
    if (op.kind == OpKind::SEND && layout.node_of(op.src) != layout.node_of(op.dst)) {
      EXPECT_EQ(layout.local_index(op.src), 2 * ((op.label.channel % 5) % 4)) << op.label.channel;
    }
  }
}

TEST(NcclTree, SendsAndCriticalPathAreTheDoubleBinaryTreesOnHalfTheChannels) {
  const RankLayout layout = RankLayout({3, 4, 4, 2, 4}, 2);
  for (std::uint32_t channels : {2u, 4u, 6u}) {
    GenerateOptions nccl;
    nccl.channels = channels;
    nccl.chunks = 3;
    GenerateOptions half = nccl;
    half.channels = channels / 2;
    const Schedule s = generate_nccl_tree(Collective::ALL_REDUCE, 3 << 20, layout, nccl);
    const ScheduleStats a = schedule_stats(s);
    const ScheduleStats b = schedule_stats(dbt(layout, 3 << 20, half));
    EXPECT_EQ(a.sends, b.sends);
    EXPECT_EQ(a.critical_path_sends, b.critical_path_sends);
    EXPECT_EQ(a.total_bytes_sent, b.total_bytes_sent);
    EXPECT_TRUE(check_dataflow(s).ok()) << channels;
  }
  // Three channels: tree 0 on channels 0 and 1 (search channels 0, 1), tree 1 on channel 2
  // (search channel 0); one channel is tree 0 alone.
  GenerateOptions odd;
  odd.channels = 3;
  std::set<std::pair<std::uint32_t, std::uint32_t>> channel_trees;
  const Schedule three = generate_nccl_tree(Collective::ALL_REDUCE, 1 << 20, layout, odd);
  for (const Op& op : three.ops()) {
    channel_trees.emplace(op.label.channel, op.label.tree);
  }
  EXPECT_EQ(channel_trees,
            (std::set<std::pair<std::uint32_t, std::uint32_t>>{{0, 0}, {1, 0}, {2, 1}}));
  EXPECT_TRUE(check_dataflow(three).ok());
  odd.channels = 1;
  const Schedule one = generate_nccl_tree(Collective::ALL_REDUCE, 1 << 20, layout, odd);
  EXPECT_TRUE(tree_edges(one, layout, 1).empty());
  EXPECT_EQ(tree_edges(one, layout, 0), tree_edges(dbt(layout), layout, 0));
}

}  // namespace
}  // namespace collsim::algorithms
