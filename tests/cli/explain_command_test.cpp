#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cli/run_collsim.h"

namespace collsim::tests {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

const std::vector<std::string> DBT_EXAMPLE{
    "explain", "--algo", "double_binary_tree", "--ranks", "16", "--gpus-per-node", "4",
    "--bytes", "1MiB",   "--chunks",           "4"};

TEST(ExplainCommand, DoubleBinaryTreeExample) {
  const CliResult r = run_collsim(DBT_EXAMPLE);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(has(r.out,
                  "double_binary_tree allreduce of 1MiB over 16 ranks in 4 nodes of 4 "
                  "GPUs, 4 NICs per node"))
      << r.out;
  EXPECT_TRUE(has(r.out, "schedule by step (200 of 240 ops):")) << r.out;
  EXPECT_TRUE(has(r.out, "step 0:")) << r.out;
  // 2 trees × 2·(16 − 1) sends × 4 chunks = 240. Each tree carries 512 KiB over every
  // edge, up and down: 2 × 30 × 512 KiB = 30 MiB in all. The deepest rank is 2 node levels
  // (4 nodes) + 3 chain positions down: critical path 2·5 + (4 − 1) = 13 sends.
  EXPECT_TRUE(has(r.out, "ops:                      240 (240 sends, 0 reduces)")) << r.out;
  EXPECT_TRUE(has(r.out, "(total 30MiB)")) << r.out;
  EXPECT_TRUE(has(r.out, "critical path:            13 steps")) << r.out;
  // Nodes 0 and 3 are a one-child root in one tree and a leaf in the other: 512 KiB + 512
  // KiB; nodes 1 and 2 are interior with two child nodes in one tree (1.5 MiB) and leaves
  // in the other (512 KiB).
  EXPECT_TRUE(has(r.out, "network bytes per node:   min 1MiB, max 2MiB")) << r.out;
  // Chain ends of tree 0 (local 3) send 512 KiB up tree 0 and 1 MiB along tree 1's chain;
  // tree 1's head at an interior node sends 512 KiB up, 1 MiB to two child nodes, 512 KiB
  // down its chain, and 1 MiB along tree 0's chain.
  EXPECT_TRUE(has(r.out, "bytes sent per rank:      min 1536KiB, max 3MiB")) << r.out;
  EXPECT_TRUE(has(r.out, "... 40 more ops not listed (see --limit)")) << r.out;
}

TEST(ExplainCommand, RingsShowEachNodesEntryNicGpuOrderAndExitNic) {
  const std::vector<std::string> args{"explain", "--ranks", "16",   "--gpus-per-node",
                                      "8",       "--bytes", "1MiB", "--channels",
                                      "2",       "--limit", "0",    "--algo"};
  std::vector<std::string> nccl = args;
  nccl.push_back("nccl_ring");
  const CliResult r = run_collsim(nccl);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // NCCL's pair: each hop between the nodes leaves by the NIC it enters by.
  EXPECT_TRUE(has(r.out,
                  "  channel 0: node 0 nic0> 0 7 6 5 4 3 2 1 >nic1 | node 1 nic1> 1 2 3 4 5 "
                  "6 7 0 >nic0\n"))
      << r.out;
  EXPECT_TRUE(has(r.out,
                  "  channel 1: node 0 nic1> 1 2 3 4 5 6 7 0 >nic0 | node 1 nic0> 0 7 6 5 "
                  "4 3 2 1 >nic1\n"))
      << r.out;
  // The flat ring leaves node 0 from GPU 0 (NIC 0) and enters node 1 at GPU 1 (NIC 1).
  std::vector<std::string> flat = args;
  flat.push_back("ring");
  EXPECT_TRUE(has(run_collsim(flat).out,
                  "  channel 1: node 0 nic1> 1 2 3 4 5 6 7 0 >nic0 | node 1 nic1> 1 2 3 4 5 6 7 "
                  "0 >nic0\n"));
  nccl.push_back("--json");
  const nlohmann::json j = nlohmann::json::parse(run_collsim(nccl).out);
  EXPECT_EQ(j["rings"][0],
            nlohmann::json::array({0, 7, 6, 5, 4, 3, 2, 1, 9, 10, 11, 12, 13, 14, 15, 8}));
  // Trees have no rings, but heads: nccl_tree's two trees share search channel c's head,
  // GPU c, on channels c and c + 1 (of 2); double_binary_tree gives them GPUs 0 and 1.
  std::vector<std::string> tree = args;
  tree.push_back("nccl_tree");
  const std::string nccl_tree = run_collsim(tree).out;
  EXPECT_FALSE(has(nccl_tree, "rings ("));
  EXPECT_TRUE(has(nccl_tree, "  channel 0 tree 0: node 0 gpu0/nic0 | node 1 gpu0/nic0\n"))
      << nccl_tree;
  EXPECT_TRUE(has(nccl_tree, "  channel 1 tree 1: node 0 gpu0/nic0 | node 1 gpu0/nic0\n"))
      << nccl_tree;
  tree.back() = "double_binary_tree";
  const std::string dbt = run_collsim(tree).out;
  EXPECT_TRUE(has(dbt, "  channel 0 tree 1: node 0 gpu1/nic1 | node 1 gpu1/nic1\n")) << dbt;
}

TEST(ExplainCommand, JsonParsesAndCarriesTheCounts) {
  std::vector<std::string> args = DBT_EXAMPLE;
  args.insert(args.end(), {"--json", "--limit", "5"});
  const CliResult r = run_collsim(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["algorithm"], "double_binary_tree");
  EXPECT_EQ(j["collective"], "allreduce");
  EXPECT_EQ(j["bytes"], 1048576);
  EXPECT_EQ(j["ranks"], 16);
  EXPECT_EQ(j["node_sizes"], nlohmann::json::array({4, 4, 4, 4}));
  EXPECT_EQ(j["counts"]["ops"], 240);
  EXPECT_EQ(j["counts"]["sends"], 240);
  EXPECT_EQ(j["counts"]["critical_path_steps"], 13);
  EXPECT_EQ(j["counts"]["bytes_sent_total"], 30 * 1048576);
  EXPECT_EQ(j["network_bytes_per_node"],
            nlohmann::json::array({1048576, 2097152, 2097152, 1048576}));
  ASSERT_EQ(j["bytes_sent_per_rank"].size(), 16u);
  ASSERT_EQ(j["ops"].size(), 5u);
  EXPECT_EQ(j["ops_listed"], 5);
  // The first op by step: the end of node 3's tree-0 chain (local 3 = rank 15) sends chunk
  // 0 up to rank 14: 1 MiB / 2 trees / 4 chunks.
  const nlohmann::json& op = j["ops"][0];
  EXPECT_EQ(op["kind"], "send/reduce");
  EXPECT_EQ(op["src"], 15);
  EXPECT_EQ(op["dst"], 14);
  EXPECT_EQ(op["bytes"], 131072);
  EXPECT_EQ(op["phase"], "reduce");
  EXPECT_EQ(op["step"], 0);
  EXPECT_EQ(op["tree"], 0);
  EXPECT_EQ(op["deps"], nlohmann::json::array());
  // Ops come chunk by chunk: the other chain ends' chunk 0 next (rank 7, a leaf too), and
  // rank 15's chunk 1 waits for its chunk 0 on the same connection (FIFO).
  EXPECT_EQ(j["ops"][1]["src"], 7);
  EXPECT_EQ(j["ops"][1]["deps"], nlohmann::json::array());
  const nlohmann::json& next = j["ops"][4];
  EXPECT_EQ(next["src"], 15);
  EXPECT_EQ(next["chunk"], 1);
  EXPECT_EQ(next["deps"], nlohmann::json::array({op["id"]}));
}

TEST(ExplainCommand, RingByRankAndCountsOnly) {
  // p = 8, S = 1 MiB: every rank sends 2·7/8 MiB = 1792 KiB; 2·7 steps.
  const CliResult r =
      run_collsim({"explain", "--algo", "ring", "--ranks", "8", "--bytes", "1MiB", "--by", "rank"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "schedule by rank (112 of 112 ops):")) << r.out;
  EXPECT_LT(r.out.find("rank 0:"), r.out.find("rank 1:"));
  EXPECT_TRUE(has(r.out, "bytes sent per rank:      min 1792KiB, max 1792KiB")) << r.out;
  EXPECT_TRUE(has(r.out, "critical path:            14 steps")) << r.out;
  const CliResult c =
      run_collsim({"explain", "--algo", "ring", "--ranks", "8", "--bytes", "1MiB", "--limit", "0"});
  ASSERT_EQ(c.exit_code, 0) << c.err;
  EXPECT_FALSE(has(c.out, "schedule by")) << c.out;
  EXPECT_TRUE(has(c.out, "ops:                      112 (112 sends, 0 reduces)")) << c.out;
}

TEST(ExplainCommand, BuildingBlocksTwoLevelAndUnevenNodes) {
  // Broadcast from rank 3 along the ring, 4 chunks: 3 hops × 4 chunks = 12 sends.
  const CliResult b =
      run_collsim({"explain", "--algo", "ring", "--collective", "broadcast", "--ranks", "4",
                   "--root", "3", "--bytes", "4KiB", "--chunks", "4"});
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_TRUE(has(b.out, "ops:                      12 (12 sends, 0 reduces)")) << b.out;
  // Two-level on nodes of 3 and 2 GPUs with REDUCE ops: shards move as composites.
  const CliResult t =
      run_collsim({"explain", "--algo", "two_level", "--node-sizes", "3,2", "--bytes", "900B",
                   "--reduce-ops", "--inter", "double_binary_tree"});
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_TRUE(has(t.out, "over 5 ranks in nodes of 3,2 GPUs")) << t.out;
  EXPECT_TRUE(has(t.out, "inter-node: double_binary_tree")) << t.out;
  EXPECT_TRUE(has(t.out, "3 composites")) << t.out;
}

TEST(ExplainCommand, ChunkSizeAndNics) {
  // 1 MiB over two trees = 512 KiB each, in chunks of at most 256 KiB: 2 chunks, so
  // 2 trees × 2·15 sends × 2 = 120.
  const CliResult r = run_collsim({"explain", "--algo", "double_binary_tree", "--ranks", "16",
                                   "--gpus-per-node", "4", "--nics-per-node", "2", "--bytes",
                                   "1MiB", "--chunk-size", "256KiB", "--limit", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "4 nodes of 4 GPUs, 2 NICs per node")) << r.out;
  EXPECT_TRUE(has(r.out, "chunks of at most 256KiB")) << r.out;
  EXPECT_TRUE(has(r.out, "ops:                      120 (120 sends, 0 reduces)")) << r.out;
}

TEST(ExplainCommand, IsDeterministic) {
  const CliResult a = run_collsim(DBT_EXAMPLE);
  const CliResult b = run_collsim(DBT_EXAMPLE);
  EXPECT_EQ(a.out, b.out);
}

TEST(ExplainCommand, BadFlagsAreOneLineAndExitTwo) {
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::vector<Case> cases{
      {{"--algo", "foo", "--ranks", "4", "--bytes", "1KiB"},
       "collsim explain: command line: --algo: unknown algorithm 'foo'; one of ring, "
       "binary_tree, binomial_tree, double_binary_tree, two_level, nccl_ring, nccl_tree, nccl\n"},
      {{"--algo", "ring", "--ranks", "4"},
       "collsim explain: command line: --bytes: is required: the message size, e.g. 1MiB\n"},
      {{"--algo", "ring", "--bytes", "1KiB"},
       "collsim explain: command line: --ranks: is required (or give --node-sizes)\n"},
      {{"--algo", "ring", "--ranks", "16", "--gpus-per-node", "3", "--bytes", "1KiB"},
       "collsim explain: command line: --gpus-per-node: must be at least 1 and divide --ranks "
       "16, got 3 (give --node-sizes for nodes of different sizes)\n"},
      {{"--algo", "double_binary_tree", "--collective", "broadcast", "--ranks", "4", "--bytes",
        "1KiB"},
       "collsim explain: command line: --collective: double_binary_tree has no broadcast "
       "schedule (reducescatter and allgather: ring; broadcast and reduce: ring, binary_tree, "
       "binomial_tree)\n"},
      {{"--algo", "ring", "--ranks", "4", "--bytes", "1KiB", "--chunks", "0"},
       "collsim explain: command line: --chunks: must be at least 1, got 0\n"},
      // The scenario's bound (algorithms::MAX_CHANNELS, NCCL's MAXCHANNELS), not a wider one.
      {{"--algo", "ring", "--ranks", "4", "--bytes", "1KiB", "--channels", "65"},
       "collsim explain: command line: --channels: must be 1 to 64, got 65\n"},
      {{"--algo", "ring", "--ranks", "4", "--bytes", "1KiB", "--by", "node"},
       "collsim explain: command line: --by: must be step or rank, got 'node'\n"},
      {{"--algo", "ring", "--ranks", "4", "--bytes", "1KiB", "--inter", "ring"},
       "collsim explain: command line: --inter: applies to two_level only\n"},
      {{"--algo", "ring", "--node-sizes", "4,x", "--bytes", "1KiB"},
       "collsim explain: command line: --node-sizes: 'x' is not a GPU count; write the GPUs of "
       "each node, e.g. 4,4,2\n"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args{"explain"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const CliResult r = run_collsim(args);
    expect_one_line_error(r, c.err);
    EXPECT_EQ(r.err, c.err);
  }
  // Too many ops for the IR: refused from the shape, before anything is built.
  const CliResult big =
      run_collsim({"explain", "--algo", "ring", "--ranks", "65536", "--bytes", "1GiB"});
  EXPECT_EQ(big.exit_code, 2);
  // 2·65535·65536 sends.
  EXPECT_EQ(big.err,
            "collsim explain: command line: the schedule needs 8589803520 ops, more than the "
            "2^32 - 2 that fit\n");
  // A size without its unit, and an unknown flag: one line each, exit 2.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"explain", "--algo", "ring", "--ranks", "4", "--bytes", "12"},
        std::vector<std::string>{"explain", "--algo", "ring", "--frobnicate"}}) {
    const CliResult r = run_collsim(args);
    expect_one_line_error(r, args.back());
    EXPECT_EQ(r.err.rfind("collsim explain: ", 0), 0u) << r.err;
  }
}

TEST(ExplainCommand, HelpListsTheFlags) {
  const CliResult r = run_collsim({"explain", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(has(r.out, "usage: collsim explain")) << r.out;
  EXPECT_TRUE(has(r.out, "--gpus-per-node")) << r.out;
  const CliResult top = run_collsim({"--help"});
  EXPECT_TRUE(has(top.out, "explain")) << top.out;
}

}  // namespace
}  // namespace collsim::tests
