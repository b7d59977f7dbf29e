#include "scenarios/scenario_loader.h"

#include <filesystem>
#include <iterator>
#include <string>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "core/units.h"
#include "files/input_file.h"
#include "scenarios/scenario_writer.h"
#include "scenarios/yaml_reader.h"
#include "tests/error_text.h"

namespace collsim::scenarios {
namespace {

using algorithms::Algorithm;

// A valid scenario; the malformed cases below edit one place of it (line numbers in their
// messages count from this text).
const std::string BASE = R"(apiVersion: collsim/v1
kind: Scenario
metadata:
  name: t
spec:
  topology:
    builder: cluster
    nodes: 2
    gpusPerNode: 4
    nics: {perNode: 4, bandwidth: 400Gb/s}
    network: {fabric: rail_optimized}
  collective:
    algorithms: [ring, two_level]
    sizes: [1KiB, 1MiB]
  model:
    network: ideal
    stepLatency: 5us
)";

// BASE with the first `from` replaced by `to` (appended when `from` is empty).
std::string with(const std::string& from, const std::string& to) {
  if (from.empty()) {
    return BASE + to;
  }
  std::string text = BASE;
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? text : text.replace(at, from.size(), to);
}

// The what() of the InputError loading `text` throws, or tests::NOTHING_THROWN ("no error").
std::string load_error(const std::string& text, const std::vector<Override>& overrides = {}) {
  return tests::error_text<core::InputError>(
      [&] { load_scenario_text(text, "t.yaml", overrides); });
}

std::string example(const std::string& name) {
  return std::string(COLLSIM_SOURCE_DIR) + "/scenarios/examples/" + name;
}

TEST(ScenarioLoader, RejectsMalformedFilesWithTheirExactMessage) {
  struct Case {
    std::string from;
    std::string to;
    std::string message;
  };
  const Case cases[] = {
      {"", "extra: 1\n",
       "t.yaml:18:1: extra: unknown key; expected one of: apiVersion, kind, metadata, spec"},
      {"kind: Scenario", "kind: Topology",
       "t.yaml:2:7: kind: expected kind Scenario; a Topology file has no collective to run "
       "(collsim topo summarizes it)"},
      {"collsim/v1", "collsim/v2",
       "t.yaml:1:13: apiVersion: unsupported apiVersion 'collsim/v2'; expected collsim/v1"},
      {"  collective:\n    algorithms: [ring, two_level]\n    sizes: [1KiB, 1MiB]\n", "",
       "t.yaml:6:3: spec.collective: required key is missing"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    algorithm: ring\n",
       "t.yaml:15:5: spec.collective.algorithm: unknown key; expected one of: op, algorithms, "
       "sizes, chunks, chunkSize, channels, inter, pipeline, root"},
      {"    algorithms:", "    op: allreduce2\n    algorithms:",
       "t.yaml:13:9: spec.collective.op: unknown value 'allreduce2'; expected one of: allreduce, "
       "reducescatter, allgather, broadcast, reduce"},
      {"    algorithms:", "    op: allgather\n    algorithms:",
       "t.yaml:14:24: spec.collective.algorithms[1]: two_level has no allgather schedule; "
       "allgather runs: ring, nccl_ring"},
      {"[ring, two_level]", "[ring, ring]",
       "t.yaml:13:24: spec.collective.algorithms[1]: ring is already listed"},
      {"[ring, two_level]", "[]",
       "t.yaml:13:17: spec.collective.algorithms: list at least one algorithm"},
      {"    sizes: [1KiB, 1MiB]\n", "",
       "t.yaml:13:5: spec.collective.sizes: required key is missing"},
      {"[1KiB, 1MiB]", "[1024]",
       "t.yaml:14:13: spec.collective.sizes[0]: '1024' has no unit; write the unit with the "
       "number, e.g. '512KiB'"},
      {"[1KiB, 1MiB]", "[0]",
       "t.yaml:14:13: spec.collective.sizes[0]: '0' is zero; a size here must be greater than "
       "zero"},
      {"[1KiB, 1MiB]", "[1KiB, 1024B]",
       "t.yaml:14:19: spec.collective.sizes[1]: size 1KiB is already listed (item 0)"},
      {"[1KiB, 1MiB]", "{from: 1MiB, to: 1KiB}",
       "t.yaml:14:29: spec.collective.sizes.to: the range ends below its start (1MiB)"},
      {"[1KiB, 1MiB]", "{from: 1KiB, to: 1MiB, factor: 1}",
       "t.yaml:14:43: spec.collective.sizes.factor: the factor must be 2 to 1048576 (got 1)"},
      {"[1KiB, 1MiB]", "{from: 1KiB, to: 1MiB, step: 2}",
       "t.yaml:14:35: spec.collective.sizes.step: unknown key; expected one of: from, to, factor"},
      {"[1KiB, 1MiB]", "1KiB",
       "t.yaml:14:12: spec.collective.sizes: expected a list of sizes such as [1KiB, 1GB] or a "
       "range such as {from: 8B, to: 16GiB, factor: 2}"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    chunks: 4\n    chunkSize: 1MiB\n",
       "t.yaml:16:16: spec.collective.chunkSize: give chunks or chunkSize, not both"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    chunks: 0\n",
       "t.yaml:15:13: spec.collective.chunks: chunks must be 1 to 67108864 (got 0)"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    channels: 70000\n",
       "t.yaml:15:15: spec.collective.channels: channels must be 1 to 64 (got 70000)"},
      {"[ring, two_level]", "[ring]\n    inter: double_binary_tree",
       "t.yaml:14:12: spec.collective.inter: inter is two_level's inter-node algorithm, and "
       "two_level is not run"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    root: 1\n",
       "t.yaml:15:11: spec.collective.root: only broadcast and reduce have a root, not allreduce"},
      {"    algorithms: [ring, two_level]\n",
       "    op: broadcast\n    algorithms: [ring]\n    root: 8\n",
       "t.yaml:15:11: spec.collective.root: the root must be 0 to 7 (got 8)"},
      {"    sizes: [1KiB, 1MiB]\n", "    sizes: [1KiB, 1MiB]\n    pipeline: yes\n",
       "t.yaml:15:15: spec.collective.pipeline: expected true or false, got 'yes'"},
      {"network: ideal", "network: packet",
       "t.yaml:16:14: spec.model.network: the packet model is not implemented yet; use ideal or "
       "flow"},
      {"    stepLatency: 5us\n", "    stepLatency: 5us\n    protocol: auto\n",
       "t.yaml:18:15: spec.model.protocol: a simulation runs one protocol: none, ll, ll128 or "
       "simple (auto, the fastest per size, is a closed-form view: collsim model --protocol auto)"},
      {"stepLatency: 5us", "stepLatency: 5",
       "t.yaml:17:18: spec.model.stepLatency: '5' has no unit; write the unit with the number, "
       "e.g. '0.5us'"},
      {"    stepLatency: 5us\n", "    stepLatency: 5us\n    seed: -1\n",
       "t.yaml:18:11: spec.model.seed: the seed must not be negative (got -1)"},
      {"    stepLatency: 5us\n", "    stepLatency: 5us\n    reduceBandwidth: 10\n",
       "t.yaml:18:22: spec.model.reduceBandwidth: '10' has no unit; write the unit with the "
       "number, e.g. '400Gb/s'"},
      {"  collective:\n", "  placement: {ranks: 9}\n  collective:\n",
       "t.yaml:12:22: spec.placement.ranks: the topology has only 8 GPUs"},
      {"  collective:\n", "  placement: {ranks: 1}\n  collective:\n",
       "t.yaml:12:22: spec.placement.ranks: the number of ranks must be 2 to 1048576 (got 1)"},
      {"  collective:\n", "  placement:\n    gpus: [node0.gpu0, node9.gpu0]\n  collective:\n",
       "t.yaml:13:24: spec.placement.gpus[1]: the topology has no vertex named 'node9.gpu0' (its "
       "first GPU is 'node0.gpu0')"},
      {"  collective:\n", "  placement:\n    gpus: [node0.gpu0, node0.gpu0]\n  collective:\n",
       "t.yaml:13:24: spec.placement.gpus[1]: GPU 'node0.gpu0' is already rank 0"},
      {"  collective:\n",
       "  placement:\n    gpus: [node0.gpu0, node1.gpu0, node0.gpu1]\n  collective:\n",
       "t.yaml:13:36: spec.placement.gpus[2]: ranks of one node must be consecutive (the rank "
       "layout is node-major), but 'node0.gpu1' returns to node 0 after rank 1 on node 1"},
      {"  collective:\n",
       "  placement: {ranks: 4, gpus: [node0.gpu0, node0.gpu1]}\n  collective:\n",
       "t.yaml:12:31: spec.placement.gpus: give ranks or gpus, not both"},
      {"  collective:\n", "  placement:\n    gpus: [node0.gpu0, node0.nvswitch]\n  collective:\n",
       "t.yaml:13:24: spec.placement.gpus[1]: 'node0.nvswitch' is not a GPU (its kind is "
       "nvswitch)"},
      {"nodes: 2", "nodes: 0", "t.yaml:8:12: spec.topology.nodes: must be at least 1 (got 0)"},
      {"", "  sweep:\n    - {path: metadata.name, values: [a, b]}\n",
       "t.yaml:19:14: spec.sweep[0].path: a sweep axis sets a field of spec.topology, "
       "spec.placement, spec.collective or spec.model"},
      {"", "  sweep:\n    - {path: spec..nodes, values: [1]}\n",
       "t.yaml:19:14: spec.sweep[0].path: bad field path 'spec..nodes': a key starts with a letter "
       "or '_'"},
      {"", "  sweep:\n    - {path: spec.topology.nodes, values: []}\n",
       "t.yaml:19:43: spec.sweep[0].values: an axis needs at least one value"},
      {"",
       "  sweep:\n    - {path: spec.topology, values: [{}]}\n    - {path: spec.topology.nodes, "
       "values: [1]}\n",
       "t.yaml:20:14: spec.sweep[1].path: overlaps the axis 'spec.topology'"},
      {"", "  sweep:\n    - path: spec.topology.nodes\n      values: [2, x]\n",
       "t.yaml:20:19: spec.topology.nodes: expected an integer, got 'x' (sweep point 1: "
       "spec.topology.nodes=x)"},
      {"", "  outputs: {formats: [xml]}\n",
       "t.yaml:18:23: spec.outputs.formats[0]: unknown value 'xml'; expected one of: table, csv, "
       "json"},
      {"", "  outputs: {file: ''}\n", "t.yaml:18:19: spec.outputs.file: the file name is empty"},
      {"name: t", "name: my scenario",
       "t.yaml:4:9: metadata.name: a name is letters, digits, '.', '_' and '-'"},
      {"builder: cluster", "builder: [cluster",
       "t.yaml:8:10: YAML syntax error: end of sequence flow not found"},
      {"    nodes: 2\n", "    nodes: 2\n    nodes: 3\n",
       "t.yaml:9:5: spec.topology.nodes: duplicate key (first at line 8)"},
      {"", "  sweep:\n    - path: spec.collective.algorithms[5]\n      values: [ring]\n",
       "t.yaml:19:13: spec.sweep[0].path: cannot set 'spec.collective.algorithms[5]': "
       "spec.collective.algorithms has 2 items; there is no item [5]"},
      {"", "  sweep:\n    - path: spec.topology.nodes\n      values: [3, 0]\n",
       "t.yaml:20:19: spec.topology.nodes: must be at least 1 (got 0) (sweep point 1: "
       "spec.topology.nodes=0)"},
      {"  collective:\n", "  placement: {ranks: many}\n  collective:\n",
       "t.yaml:12:22: spec.placement.ranks: expected a number of ranks or 'all'"},
      {"",
       "  sweep:\n    - {path: spec.model.seed, values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n    - "
       "{path: spec.model.stepLatency, values: [1us, 2us, 3us, 4us, 5us, 6us, 7us, 8us, 9us, "
       "10us]}\n    - {path: spec.collective.channels, values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n  "
       "  - {path: spec.collective.pipeline, values: [true, false]}\n    - {path: "
       "spec.collective.chunks, values: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}\n",
       "t.yaml:19:5: spec.sweep: the sweep has more than 10000 points"},
      {"", "  sweep: {path: spec.model.seed, values: [1]}\n",
       "t.yaml:18:10: spec.sweep: expected a list, got a map"},
      {"", "  sweep:\n    - {path: spec.model.seed}\n",
       "t.yaml:19:7: spec.sweep[0].values: required key is missing"},
  };
  static_assert(std::size(cases) >= 30);
  for (const Case& c : cases) {
    EXPECT_EQ(load_error(with(c.from, c.to)), c.message) << "edit: " << c.to;
  }
}

TEST(ScenarioLoader, LoadsEveryExampleUnderItsOwnName) {
  std::size_t examples = 0;
  for (const auto& entry : std::filesystem::directory_iterator(example(""))) {
    if (entry.path().extension() != ".yaml") {
      continue;
    }
    const LoadedScenario s = load_scenario_file(entry.path().string());
    EXPECT_EQ(s.base.name, entry.path().stem().string());  // the golden test's id
    EXPECT_FALSE(s.points.empty());
    ++examples;
  }
  EXPECT_EQ(examples, 8U);
  // The lesson's example: 64 ranks on one island, 1 KiB and 1 GB, ideal, alpha = 5 us.
  const LoadedScenario lesson = load_scenario_file(example("lesson-64gpu-alpha-beta.yaml"));
  const Scenario& s = lesson.base;
  EXPECT_EQ(s.collective.algorithms, (std::vector{Algorithm::RING, Algorithm::BINOMIAL_TREE}));
  EXPECT_EQ(s.collective.sizes, (std::vector<core::Bytes>{1024, 1'000'000'000}));
  EXPECT_EQ(s.model.network, sim::NetworkKind::IDEAL);
  EXPECT_EQ(s.model.step_latency, core::Time::from_ps(5'000'000));
  EXPECT_EQ(lesson.points.size(), 1U);
  // The node sweep: 4 points, nodes 2, 4, 8, 16.
  const LoadedScenario sweep = load_scenario_file(example("fat-tree-2to1-node-sweep.yaml"));
  ASSERT_EQ(sweep.points.size(), 4U);
  EXPECT_EQ(std::get<topology::ClusterParams>(sweep.points[3].scenario.topology).nodes, 16);
  EXPECT_EQ(sweep.points[3].values, std::vector<std::string>{"16"});
}

TEST(ScenarioLoader, DefaultsOfAMinimalScenario) {
  const LoadedScenario s = load_scenario_text(R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: m}
spec:
  topology: {builder: island, gpus: 4}
  collective: {sizes: [1MiB]}
)",
                                              "m.yaml");
  const Scenario& m = s.base;
  EXPECT_EQ(m.collective.op, algorithms::Collective::ALL_REDUCE);
  // Every algorithm that has an AllReduce schedule, in all_algorithms() order.
  EXPECT_EQ(m.collective.algorithms.size(), 5U);
  EXPECT_FALSE(m.placement.ranks.has_value());
  EXPECT_TRUE(m.placement.gpus.empty());
  EXPECT_EQ(m.collective.channels, 1U);
  EXPECT_TRUE(m.collective.pipeline);
  EXPECT_FALSE(m.collective.chunks || m.collective.chunk_size);
  EXPECT_EQ(m.model.network, sim::NetworkKind::FLOW);
  EXPECT_EQ(m.model.step_latency, core::Time::zero());
  EXPECT_TRUE(m.model.reduce_bandwidth.is_zero());
  EXPECT_FALSE(m.model.protocol.has_value());
  EXPECT_EQ(m.model.seed, 0U);
  EXPECT_EQ(m.outputs.formats, std::vector{ReportFormat::TABLE});
  // Only ring runs ReduceScatter: the default list follows the op.
  const LoadedScenario rs = load_scenario_text(
      with("    algorithms: [ring, two_level]\n", "    op: reducescatter\n"), "t.yaml");
  EXPECT_EQ(rs.base.collective.algorithms, std::vector{Algorithm::RING});
}

TEST(ScenarioLoader, SizeRangesAreNcclTestsStyle) {
  // 8 B .. 64 B by 2: 8, 16, 32, 64; by 3 from 1 KiB to 10 KiB: 1, 3, 9 KiB.
  EXPECT_EQ(load_scenario_text(with("[1KiB, 1MiB]", "{from: 8B, to: 64B}"), "t.yaml")
                .base.collective.sizes,
            (std::vector<core::Bytes>{8, 16, 32, 64}));
  EXPECT_EQ(load_scenario_text(with("[1KiB, 1MiB]", "{from: 1KiB, to: 10KiB, factor: 3}"), "t.yaml")
                .base.collective.sizes,
            (std::vector<core::Bytes>{1024, 3072, 9216}));
}

TEST(ScenarioLoader, SweepPointsAreTheCartesianProductFirstAxisSlowest) {
  const LoadedScenario s =
      load_scenario_text(BASE +
                             "  sweep:\n    - {path: spec.topology.nodes, values: [1, 3]}\n"
                             "    - {path: spec.collective.sizes, values: [[8B], [1KiB, 2KiB]]}\n",
                         "t.yaml");
  ASSERT_EQ(s.points.size(), 4U);
  const std::vector<std::vector<std::string>> values{
      {"1", "[8B]"}, {"1", "[1KiB, 2KiB]"}, {"3", "[8B]"}, {"3", "[1KiB, 2KiB]"}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(s.points[i].values, values[i]);
    EXPECT_TRUE(s.points[i].scenario.sweep.empty());
  }
  // Each point has its own values, also when an axis comes back to its first value (point
  // 2's sizes after point 1's): the points share one document, set in place.
  const std::vector<int> nodes{1, 1, 3, 3};
  const std::vector<std::vector<core::Bytes>> sizes{{8}, {1024, 2048}, {8}, {1024, 2048}};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(std::get<topology::ClusterParams>(s.points[i].scenario.topology).nodes, nodes[i]);
    EXPECT_EQ(s.points[i].scenario.collective.sizes, sizes[i]) << i;
  }
  // The base keeps the file's own values and the axes.
  EXPECT_EQ(std::get<topology::ClusterParams>(s.base.topology).nodes, 2);
  EXPECT_EQ(s.base.sweep.size(), 2U);
}

// A fabric and a sweep's fabrics are priced from their counts before anything is built:
// each refusal is at the key that sizes it, with the estimate.
TEST(ScenarioLoader, FabricsTooLargeAreRefusedFromTheirCounts) {
  // 2^17 nodes on 3 tiers of 1024-port switches: 2.5 M vertices, 5.2 M links.
  const std::string huge = with(
      "    nodes: 2\n    gpusPerNode: 4\n    nics: {perNode: 4, "
      "bandwidth: 400Gb/s}\n    network: {fabric: rail_optimized}",
      "    nodes: 131072\n    gpusPerNode: 8\n    nics: {perNode: 8}\n"
      "    network: {fabric: rail_optimized, tiers: 3, radix: 1024}");
  const std::string error = load_error(huge);
  EXPECT_EQ(error.find("t.yaml:8:12: spec.topology.nodes: the fabric would have 2494464 "
                       "vertices and 5242880 links, about 3.1GiB of memory, more than the 1GiB "
                       "collsim builds; "),
            0u)
      << error;
  // 60 points of 8,133..8,192 nodes of 4 GPUs on 3 tiers of 64-port switches, about 96 MiB
  // each.
  std::string values;
  for (int n = 8192; n > 8132; --n) {
    values += (values.empty() ? "" : ", ") + std::to_string(n);
  }
  const std::string big = with("network: {fabric: rail_optimized}",
                               "network: {fabric: rail_optimized, tiers: 3, radix: 64}") +
                          "  sweep:\n    - {path: spec.topology.nodes, values: [" + values + "]}\n";
  EXPECT_EQ(load_error(big).find("t.yaml:19:5: spec.sweep: validating its 60 points builds "
                                 "fabrics of about "),
            0u)
      << load_error(big);
  EXPECT_NE(load_error(big).find("GiB in all, more than the 4GiB collsim validates; sweep fewer "
                                 "points or smaller fabrics"),
            std::string::npos);
  // 200 points of one 2,048-node fabric (about 25 MiB) share it: not refused, while 200
  // different fabrics of that size would be.
  std::string seeds;
  for (int n = 0; n < 200; ++n) {
    seeds += (seeds.empty() ? "" : ", ") + std::to_string(n);
  }
  const LoadedScenario many = load_scenario_text(
      with("network: {fabric: rail_optimized}",
           "network: {fabric: rail_optimized, tiers: 3, radix: 64}\n  placement: {ranks: 8}") +
          "  sweep:\n    - {path: spec.model.seed, values: [" + seeds + "]}\n",
      "t.yaml", {{"spec.topology.nodes", "2048"}});
  EXPECT_EQ(many.points.size(), 200u);
  EXPECT_EQ(many.points.back().scenario.model.seed, 199u);
}

TEST(ScenarioLoader, OverridesSetAnyFieldAndTheirErrorsAreTheCommandLines) {
  const LoadedScenario s =
      load_scenario_text(BASE, "t.yaml",
                         {{"spec.topology.nodes", "3"},
                          {"spec.collective.algorithms[1]", "double_binary_tree"},
                          {"spec.model.protocol", "ll128"},
                          {"spec.placement", "{ranks: 6}"}});
  EXPECT_EQ(std::get<topology::ClusterParams>(s.base.topology).nodes, 3);
  EXPECT_EQ(s.base.collective.algorithms,
            (std::vector{Algorithm::RING, Algorithm::DOUBLE_BINARY_TREE}));
  EXPECT_EQ(s.base.model.protocol, cost::Protocol::LL128);
  EXPECT_EQ(s.base.placement.ranks, 6);
  // A later override wins; spec.sweep=[] drops a sweep.
  EXPECT_EQ(load_scenario_text(BASE, "t.yaml", {{"spec.model.seed", "1"}, {"spec.model.seed", "7"}})
                .base.model.seed,
            7U);
  const LoadedScenario swept =
      load_scenario_text(BASE + "  sweep:\n    - {path: spec.topology.nodes, values: [1, 3]}\n",
                         "t.yaml", {{"spec.sweep", "[]"}});
  EXPECT_TRUE(swept.base.sweep.empty());
  EXPECT_EQ(swept.points.size(), 1U);

  EXPECT_EQ(load_error(BASE, {{"spec.topology.nodes", "two"}}),
            "command line: --set spec.topology.nodes: expected an integer, got 'two'");
  EXPECT_EQ(load_error(BASE, {{"spec.topology.nodes.x", "1"}}),
            "command line: --set spec.topology.nodes.x: cannot set 'spec.topology.nodes.x': "
            "spec.topology.nodes is a value, not a map");
  EXPECT_EQ(load_error(BASE, {{"spec.collective.algorithms[2]", "ring"}}),
            "command line: --set spec.collective.algorithms[2]: cannot set "
            "'spec.collective.algorithms[2]': spec.collective.algorithms has 2 items; there is no "
            "item [2]");
  EXPECT_EQ(load_error(BASE, {{"spec.model.speed", "1"}}),
            "command line: --set spec.model.speed: unknown key; expected one of: network, "
            "stepLatency, reduceBandwidth, protocol, nccl, seed");
  // An override that makes a field a map is blamed, not the file's line of the parent.
  EXPECT_EQ(load_error(BASE, {{"spec.model.seed.x", "1"}}),
            "command line: --set spec.model.seed: expected an integer, got a map");
  // An override of a swept field would be replaced at every point.
  const std::string swept_nodes =
      BASE + "  sweep:\n    - {path: spec.topology.nodes, values: [1, 3]}\n";
  EXPECT_EQ(load_error(swept_nodes, {{"spec.topology.nodes", "2"}}),
            "command line: --set spec.topology.nodes: spec.sweep[0] sets spec.topology.nodes at "
            "every point and would replace this value; change that axis's values or drop the "
            "sweep (--set spec.sweep=[])");
  EXPECT_EQ(
      load_error(swept_nodes, {{"spec.topology",
                                "{builder: cluster, nodes: 2, gpusPerNode: 4, nics: {perNode: 4, "
                                "bandwidth: 400Gb/s}, network: {fabric: "
                                "rail_optimized}}"}})
          .substr(0, 60),
      "command line: --set spec.topology: spec.sweep[0] sets spec.t");
  EXPECT_EQ(
      load_scenario_text(swept_nodes, "t.yaml", {{"spec.sweep[0].values", "[2]"}}).points.size(),
      1U);
  EXPECT_EQ(load_error(BASE, {{"spec.model.seed", "[1"}}),
            "command line: --set spec.model.seed: the value is not YAML: end of sequence flow "
            "not found");
  try {
    parse_override("spec.topology.nodes");
    ADD_FAILURE() << "no error";
  } catch (const core::InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "command line: --set: expected path=value, e.g. spec.topology.nodes=16 (got "
              "'spec.topology.nodes')");
  }
}

// --print-effective: the fully defaulted scenario, which loads again to the same scenario
// (printing it again gives the same text), for every builder and every optional field.
TEST(ScenarioLoader, EffectiveYamlRoundTrips) {
  const std::string rich = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: rich, description: "every optional field: a, b"}
spec:
  topology:
    builder: explicit
    nodes:
      - {name: g0, kind: gpu, node: 0}
      - {name: g1, kind: gpu, node: 0}
      - {name: g2, kind: gpu, node: 1}
      - {name: "null", kind: switch, tier: leaf}
    links:
      - {from: g0, to: "null", bandwidth: 900GB/s bidirectional, latency: 1.5us, count: 2}
      - {from: g1, to: "null", bandwidth: 25GB/s, latency: 0, class: nvlink}
      - {from: g2, to: "null", bandwidth: 400Gb/s, latency: 100ns}
  placement: {gpus: [g0, g1, g2]}
  collective:
    op: broadcast
    algorithms: [binary_tree, ring]
    sizes: {from: 1KiB, to: 1GiB, factor: 4}
    chunkSize: 3MB
    channels: 2
    pipeline: false
    root: 2
  model: {network: flow, stepLatency: 2.5us, reduceBandwidth: 100GB/s, protocol: ll, seed: 42}
  sweep:
    - {path: spec.model.seed, values: [1, 2]}
    - {path: spec.collective.sizes, values: [[1KiB], {from: 1B, to: 4B}]}
  outputs: {formats: [csv, json], file: out/rich}
)";
  std::vector<std::string> texts{rich};
  for (const auto& entry : std::filesystem::directory_iterator(example(""))) {
    if (entry.path().extension() != ".yaml") {
      continue;
    }
    texts.push_back(files::read_input_file(entry.path().string()));
  }
  for (const char* extra :
       {"  topology: {builder: fat_tree, radix: 4, tiers: 2, oversubscription: 2}\n",
        "  topology: {builder: pcie, gpus: 4, peerToPeer: false}\n",
        "  topology:\n    builder: island\n    gpus: 4\n    fabric: pairs\n"
        "    pairs: [[0, 1], [1, 2], [2, 3], [3, 0], [0, 1]]\n"}) {
    texts.push_back("apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: x}\nspec:\n" +
                    std::string(extra) +
                    "  placement: {ranks: 3}\n  collective: {algorithms: [two_level], sizes: "
                    "[1KiB], inter: double_binary_tree, chunks: 3}\n");
  }
  for (const std::string& text : texts) {
    const Scenario first = load_scenario_text(text, "in.yaml").base;
    const std::string printed = effective_yaml(first);
    const Scenario again = load_scenario_text(printed, "effective.yaml").base;
    EXPECT_EQ(effective_yaml(again), printed);
    EXPECT_EQ(again.collective.sizes, first.collective.sizes) << printed;
    EXPECT_EQ(again.collective.algorithms, first.collective.algorithms);
    EXPECT_EQ(again.model.step_latency, first.model.step_latency);
    EXPECT_EQ(again.model.reduce_bandwidth, first.model.reduce_bandwidth);
    EXPECT_EQ(again.placement.gpus, first.placement.gpus);
    EXPECT_EQ(again.sweep.size(), first.sweep.size());
  }
  const Scenario r = load_scenario_text(rich, "rich.yaml").base;
  const auto& ex = std::get<topology::ExplicitParams>(r.topology);
  // "900GB/s bidirectional" is 450 GB/s per direction; printed in its exact spelling.
  EXPECT_EQ(ex.links[0].bandwidth, core::parse_bandwidth("450GB/s"));
  const std::string printed = effective_yaml(r);
  EXPECT_NE(printed.find("bandwidth: 450GB/s"), std::string::npos) << printed;
  EXPECT_NE(printed.find("name: \"null\""), std::string::npos) << printed;
  EXPECT_NE(printed.find("sizes: {from: 1KiB, to: 1GiB, factor: 4}"), std::string::npos);
  EXPECT_EQ(r.collective.root, 2U);
  EXPECT_EQ(r.model.seed, 42U);
}

}  // namespace
}  // namespace collsim::scenarios
