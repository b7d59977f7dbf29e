#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/dataflow_checker.h"
#include "algorithms/generate.h"

namespace collsim::algorithms {
namespace {

// Every generator, run through the data-flow checker over many shapes: p = 2..33 ranks
// (one GPU per node, and nodes of 4 GPUs with a smaller last node when 4 does not divide
// p), several large p, odd node counts and uneven nodes, uneven chunking (S not a
// multiple of the piece count, S smaller than it, S = 0), several channels, pipelined and
// not, with and without REDUCE ops.

struct Variant {
  std::string name;
  GenerateOptions options;
};

std::vector<Variant> variants() {
  GenerateOptions reduce_ops;
  reduce_ops.emit_reduce_ops = true;
  GenerateOptions channels;
  channels.channels = 2;
  channels.chunks = 3;
  GenerateOptions store_and_forward;
  store_and_forward.chunks = 2;
  store_and_forward.pipeline = false;
  store_and_forward.emit_reduce_ops = true;
  return {{"default", {}},
          {"reduce ops", reduce_ops},
          {"2 channels x 3 chunks", channels},
          {"unpipelined 2 chunks + reduce ops", store_and_forward}};
}

// Nodes of `g` GPUs, the last one smaller if g does not divide p.
RankLayout nodes_of(Rank p, Rank g, std::uint32_t nics) {
  std::vector<Rank> sizes(p / g, g);
  if (p % g != 0) {
    sizes.push_back(p % g);
  }
  return RankLayout(sizes, nics);
}

const Collective COLLECTIVES[] = {Collective::ALL_REDUCE, Collective::REDUCE_SCATTER,
                                  Collective::ALL_GATHER, Collective::BROADCAST,
                                  Collective::REDUCE};

void expect_checks_out(Algorithm a, const RankLayout& layout, core::Bytes bytes,
                       GenerateOptions options, const std::string& what,
                       bool building_blocks = true) {
  for (Collective c : COLLECTIVES) {
    if (!supports(a, c) || (!building_blocks && c != Collective::ALL_REDUCE)) {
      continue;
    }
    options.root = layout.num_ranks() / 2;
    const Schedule s = generate(a, c, bytes, layout, options);
    ASSERT_NO_THROW(s.validate());
    ASSERT_EQ(s.total_bytes(), bytes);
    const DataflowResult r = check_dataflow(s);
    ASSERT_TRUE(r.ok()) << algorithm_name(a) << " " << collective_name(c) << " " << what << ": "
                        << r.describe();
  }
}

// AllReduce at every p = 2..33 with the one-chunk variants; the multi-chunk variants (six
// to twelve times the ops) and the building blocks on a spread of p, to keep the sanitised
// suite fast. Nodes of 4 GPUs only where the layout changes the schedule (the binary and
// binomial trees ignore it; a single-channel ring is the same ring either way).
// Variants [first, last) of variants().
void sweep_small_p(Algorithm a, std::size_t first, std::size_t last, GenerateOptions base = {}) {
  const std::vector<Variant> all = variants();
  for (std::size_t i = first; i < last; ++i) {
    GenerateOptions o = all[i].options;
    o.inter = base.inter;
    const bool nodes_matter = a == Algorithm::DOUBLE_BINARY_TREE || a == Algorithm::TWO_LEVEL ||
                              (a == Algorithm::RING && o.channels > 1);
    for (Rank p = 2; p <= 33; ++p) {
      const bool spread = p <= 5 || p == 8 || p == 13 || p == 17 || p == 33;
      if (i >= 2 && !spread) {
        continue;
      }
      const std::string what = all[i].name + ", p=" + std::to_string(p);
      expect_checks_out(a, RankLayout::uniform(p, 1), 1000003, o, what + " x1", spread);
      if (nodes_matter) {
        expect_checks_out(a, nodes_of(p, 4, 2), 1000003, o, what + " in nodes of 4", spread);
      }
    }
  }
}

TEST(GeneratorsCheckOut, RingUpTo33Ranks) {
  sweep_small_p(Algorithm::RING, 0, 2);
}
TEST(GeneratorsCheckOut, RingChunksAndChannelsUpTo33Ranks) {
  sweep_small_p(Algorithm::RING, 2, 4);
}
TEST(GeneratorsCheckOut, BinaryTreeUpTo33Ranks) {
  sweep_small_p(Algorithm::BINARY_TREE, 0, 4);
}
TEST(GeneratorsCheckOut, BinomialTreeUpTo33Ranks) {
  sweep_small_p(Algorithm::BINOMIAL_TREE, 0, 4);
}
TEST(GeneratorsCheckOut, DoubleBinaryTreeUpTo33Ranks) {
  sweep_small_p(Algorithm::DOUBLE_BINARY_TREE, 0, 4);
}
TEST(GeneratorsCheckOut, TwoLevelRingUpTo33Ranks) {
  sweep_small_p(Algorithm::TWO_LEVEL, 0, 2);
}
TEST(GeneratorsCheckOut, TwoLevelRingChunksAndChannelsUpTo33Ranks) {
  sweep_small_p(Algorithm::TWO_LEVEL, 2, 4);
}
TEST(GeneratorsCheckOut, TwoLevelTreeUpTo33Ranks) {
  GenerateOptions o;
  o.inter = Algorithm::DOUBLE_BINARY_TREE;
  sweep_small_p(Algorithm::TWO_LEVEL, 0, 4, o);
}

// Node sizes mixed within one layout, odd node counts, fewer NICs than GPUs.
void sweep_uneven(Algorithm a, Algorithm inter = Algorithm::RING) {
  const std::vector<RankLayout> layouts{RankLayout({3, 1, 4, 2, 5}, 2),
                                        RankLayout({2, 2, 2}, 1),
                                        RankLayout({8, 8, 8}, 4),
                                        RankLayout({1, 7}, 7),
                                        RankLayout({5}, 1),
                                        RankLayout({6, 3, 6, 3, 6, 3, 6}, 3)};
  for (const RankLayout& l : layouts) {
    for (const Variant& v : variants()) {
      GenerateOptions o = v.options;
      o.inter = inter;
      expect_checks_out(a, l, 999999, o, v.name + " uneven");
    }
  }
}

TEST(GeneratorsCheckOut, RingOnUnevenNodes) {
  sweep_uneven(Algorithm::RING);
}
TEST(GeneratorsCheckOut, TreesOnUnevenNodes) {
  sweep_uneven(Algorithm::BINARY_TREE);
  sweep_uneven(Algorithm::BINOMIAL_TREE);
  sweep_uneven(Algorithm::DOUBLE_BINARY_TREE);
}
TEST(GeneratorsCheckOut, TwoLevelOnUnevenNodes) {
  sweep_uneven(Algorithm::TWO_LEVEL);
  sweep_uneven(Algorithm::TWO_LEVEL, Algorithm::DOUBLE_BINARY_TREE);
}

TEST(GeneratorsCheckOut, OneRankNeedsNoOps) {
  for (Algorithm a : all_algorithms()) {
    if (!has_generator(a)) {
      continue;  // NCCL's pick: tests/study/nccl_run_test.cpp
    }
    for (Collective c : COLLECTIVES) {
      if (supports(a, c)) {
        const Schedule s = generate(a, c, 100, RankLayout::uniform(1, 1), {});
        EXPECT_EQ(s.size(), 0u) << algorithm_name(a) << " " << collective_name(c);
        EXPECT_TRUE(check_dataflow(s).ok());
      }
    }
  }
}

TEST(GeneratorsCheckOut, TinyAndEmptyMessages) {
  // Fewer bytes than pieces (zero-byte pieces) and nothing at all.
  for (Algorithm a : all_algorithms()) {
    if (!has_generator(a)) {
      continue;  // NCCL's pick: tests/study/nccl_run_test.cpp
    }
    for (core::Bytes S : {0, 1, 5}) {
      GenerateOptions o;
      o.channels = 3;
      o.chunks = 2;
      expect_checks_out(a, RankLayout({3, 2, 3}, 2), S, o, "S=" + std::to_string(S));
    }
  }
}

TEST(GeneratorsCheckOut, LargeRing) {
  // The ring's check costs O(p³) (p chains × 2p² sends); 64 and 128 ranks keep it quick.
  for (Rank nodes : {8u, 16u}) {
    expect_checks_out(Algorithm::RING, RankLayout::uniform(nodes, 8), 1 << 20, {},
                      std::to_string(nodes) + "x8");
  }
}

TEST(GeneratorsCheckOut, LargeTrees) {
  GenerateOptions o;
  o.chunks = 4;
  o.emit_reduce_ops = true;
  for (Rank nodes : {8u, 16u, 32u}) {
    for (Algorithm a :
         {Algorithm::BINARY_TREE, Algorithm::BINOMIAL_TREE, Algorithm::DOUBLE_BINARY_TREE}) {
      expect_checks_out(a, RankLayout::uniform(nodes, 8), 1 << 20, o, std::to_string(nodes) + "x8");
    }
  }
}

TEST(GeneratorsCheckOut, LargeTwoLevel) {
  GenerateOptions tree;
  tree.inter = Algorithm::DOUBLE_BINARY_TREE;
  tree.chunks = 2;
  for (Rank nodes : {8u, 16u, 32u}) {
    expect_checks_out(Algorithm::TWO_LEVEL, RankLayout::uniform(nodes, 8), 1 << 20, tree,
                      std::to_string(nodes) + "x8, inter tree");
  }
  expect_checks_out(Algorithm::TWO_LEVEL, RankLayout::uniform(16, 8), 1 << 20, {}, "16x8 ring");
}

TEST(Generate, RejectsWhatNoGeneratorDoes) {
  const RankLayout l = RankLayout::uniform(2, 2);
  EXPECT_THROW(generate(Algorithm::DOUBLE_BINARY_TREE, Collective::BROADCAST, 10, l, {}),
               std::invalid_argument);
  EXPECT_THROW(generate(Algorithm::BINARY_TREE, Collective::ALL_GATHER, 10, l, {}),
               std::invalid_argument);
  GenerateOptions both;
  both.chunks = 2;
  both.chunk_size = 100;
  EXPECT_THROW(generate(Algorithm::RING, Collective::ALL_REDUCE, 10, l, both),
               std::invalid_argument);
  GenerateOptions no_channels;
  no_channels.channels = 0;
  EXPECT_THROW(generate(Algorithm::RING, Collective::ALL_REDUCE, 10, l, no_channels),
               std::invalid_argument);
  GenerateOptions root;
  root.root = 4;
  EXPECT_THROW(generate(Algorithm::RING, Collective::BROADCAST, 10, l, root),
               std::invalid_argument);
  GenerateOptions inter;
  inter.inter = Algorithm::BINOMIAL_TREE;
  EXPECT_THROW(generate(Algorithm::TWO_LEVEL, Collective::ALL_REDUCE, 10, l, inter),
               std::invalid_argument);
  EXPECT_THROW(generate(Algorithm::RING, Collective::ALL_REDUCE, -1, l, {}), std::invalid_argument);
  GenerateOptions tiny;
  tiny.chunk_size = 1;
  EXPECT_THROW(generate(Algorithm::RING, Collective::ALL_REDUCE, core::Bytes{1} << 40, l, tiny),
               std::length_error);
}

TEST(Generate, IsDeterministic) {
  GenerateOptions o;
  o.channels = 2;
  o.chunks = 3;
  for (Algorithm a : all_algorithms()) {
    if (!has_generator(a)) {
      continue;  // NCCL's pick: tests/study/nccl_run_test.cpp
    }
    const Schedule x = generate(a, Collective::ALL_REDUCE, 12345, RankLayout({3, 4, 2}, 2), o);
    const Schedule y = generate(a, Collective::ALL_REDUCE, 12345, RankLayout({3, 4, 2}, 2), o);
    ASSERT_EQ(x.size(), y.size());
    for (OpId i = 0; i < x.size(); ++i) {
      const Op& p = x.op(i);
      const Op& q = y.op(i);
      ASSERT_TRUE(p.src == q.src && p.dst == q.dst && p.piece == q.piece && p.kind == q.kind &&
                  p.combine == q.combine && p.label.step == q.label.step &&
                  p.label.channel == q.label.channel);
      ASSERT_TRUE(
          std::equal(x.deps(i).begin(), x.deps(i).end(), y.deps(i).begin(), y.deps(i).end()));
    }
  }
}

}  // namespace
}  // namespace collsim::algorithms
