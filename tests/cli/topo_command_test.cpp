#include <cstdio>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "tests/cli/run_collsim.h"

namespace collsim::tests {
namespace {

std::string example(const std::string& name) {
  return std::string(COLLSIM_SOURCE_DIR) + "/scenarios/topologies/" + name;
}

bool has(const std::string& text, const std::string& line) {
  return text.find(line) != std::string::npos;
}

struct Example {
  const char* file;
  std::vector<std::string> lines;  // each must appear in the summary
};

TEST(TopoCommand, SummarizesEveryExample) {
  // Hand-computed (see each file's comment and tests/topology):
  // dgx-h100: 8 GPUs + NVSwitch + 8 NICs + 8 rail leaves + 1 spine = 26 vertices; GPUs 0-3
  //   reach 4-7 over NVLink (4 x 450 GB/s) and their NICs (4 x 50 GB/s): 2 TB/s.
  // h100-4node-rail: 80 vertices; 16 NICs of 50 GB/s per half: 800 GB/s; GPU-NIC-leaf-
  //   spine-leaf-NIC-GPU = 6 hops.
  // h100-32node-rail: 584 vertices; 128 x 50 GB/s = 6400 GB/s; 1:1 at the leaves.
  // fat-tree-k16-2to1: 1248 vertices; 512 hosts x 50 GB/s / 2 = 12800 GB/s; 2:1 leaves.
  // pcie-8gpu: 13 vertices; GPUs 0-3 sit on switches 0-1: 2 x 32 GB/s uplinks.
  // dgx1-v100: 8 GPUs; links 0-4 x2, 1-5 x2, 2-6, 3-7 cross the halves: 6 x 25 GB/s; each
  //   GPU has 3 of 7 others out of reach: 24 ordered pairs.
  const Example cases[] = {
      {"dgx-h100.yaml",
       {"topology              dgx-h100\n", "  total                       26\n",
        "bisection             2TB/s per direction\n", "diameter              2 hops"}},
      {"h100-4node-rail.yaml",
       {"builder               cluster: 4 nodes, 32 GPUs\n", "  total                       80\n",
        "bisection             800GB/s per direction\n", "diameter              6 hops"}},
      {"h100-32node-rail.yaml",
       {"  total                      584\n", "bisection             6400GB/s per direction\n",
        "  leaf                         8     12800GB/s     12800GB/s   1:1\n"}},
      {"fat-tree-k16-2to1.yaml",
       {"  switch (core)               32\n", "  total                     1248\n",
        "bisection             12800GB/s per direction\n",
        "  leaf                       128     51200GB/s     25600GB/s   2:1\n"}},
      {"pcie-8gpu.yaml",
       {"  pcie_switch                  4\n", "  total                       13\n",
        "bisection             64GB/s per direction\n", "diameter              4 hops"}},
      {"dgx1-v100.yaml",
       {"  nvlink                      24        48\n",
        "bisection             150GB/s per direction\n", "24 ordered GPU pairs have no route"}},
  };
  for (const Example& c : cases) {
    const CliResult r = run_collsim({"topo", example(c.file)});
    EXPECT_EQ(r.exit_code, 0) << c.file;
    EXPECT_EQ(r.err, "") << c.file;
    for (const std::string& line : c.lines) {
      EXPECT_TRUE(has(r.out, line)) << c.file << " lacks: " << line << "\n" << r.out;
    }
  }
}

TEST(TopoCommand, JsonAndDot) {
  const CliResult json = run_collsim({"topo", example("h100-4node-rail.yaml"), "--json"});
  EXPECT_EQ(json.exit_code, 0);
  EXPECT_EQ(json.out.rfind("{\n", 0), 0U);
  EXPECT_TRUE(has(json.out, "\"gpus\": 32,"));
  EXPECT_TRUE(has(json.out, "\"bytes_per_second\": 800000000000,"));
  const CliResult dot = run_collsim({"topo", example("pcie-8gpu.yaml"), "--dot"});
  EXPECT_EQ(dot.exit_code, 0);
  EXPECT_EQ(dot.out.rfind("graph \"pcie-8gpu\" {\n", 0), 0U);
  EXPECT_TRUE(has(dot.out, "\"gpu5\" -- \"pcie2\" [label=\"32GB/s\""));
  // Same input, same bytes.
  EXPECT_EQ(run_collsim({"topo", example("pcie-8gpu.yaml"), "--dot"}).out, dot.out);
}

TEST(TopoCommand, BadInputIsOneLineAndExitTwo) {
  const std::string bad = ::testing::TempDir() + "topo_bad.yaml";
  {
    std::ofstream f(bad);
    f << "apiVersion: collsim/v1\nkind: Topology\nmetadata:\n  name: b\nspec:\n"
         "  builder: cluster\n  nodes: 4\n  nics: {perNode: 3}\n  network: {}\n";
  }
  const CliResult r = run_collsim({"topo", bad});
  expect_one_line_error(r, "invalid topology file");
  EXPECT_EQ(r.err, "collsim topo: " + bad +
                       ":8:19: spec.nics.perNode: 3 NICs per node do not divide the 8 GPUs of a "
                       "node evenly\n");
  std::remove(bad.c_str());

  const CliResult missing = run_collsim({"topo", "/nonexistent/t.yaml"});
  expect_one_line_error(missing, "missing topology file");
  EXPECT_EQ(missing.err, "collsim topo: /nonexistent/t.yaml: cannot read the file: No such file or directory\n");

  const CliResult none = run_collsim({"topo"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "collsim topo: command line: FILE: give the topology file to summarize\n");

  const CliResult both = run_collsim({"topo", example("pcie-8gpu.yaml"), "--json", "--dot"});
  expect_one_line_error(both, "--json with --dot");
  EXPECT_EQ(both.err, "collsim topo: command line: --dot: --json and --dot exclude each other\n");

  const CliResult flag = run_collsim({"topo", "--frobnicate"});
  EXPECT_EQ(flag.exit_code, 2);
  EXPECT_TRUE(has(flag.err, "(see collsim topo --help)")) << flag.err;
}

TEST(TopoCommand, HelpAndListing) {
  const CliResult help = run_collsim({"topo", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_EQ(help.out.rfind("usage: collsim topo FILE [--json | --dot]\n", 0), 0U);
  EXPECT_TRUE(has(run_collsim({"--help"}).out, "  topo        summarize a topology file"));
}

}  // namespace
}  // namespace collsim::tests
