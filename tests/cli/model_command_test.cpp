#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/cli/run_collsim.h"

namespace collsim::tests {
namespace {

// The README's default command: the lesson's worked example.
const std::vector<std::string> WORKED = {"model",   "--world", "64",   "--bytes", "1KiB",
                                         "--alpha", "5us",     "--bw", "100GB/s"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(CollsimModel, ReadmeCommandPrintsTheWorkedExample) {
  const CliResult r = run_collsim(WORKED);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Hand-computed in tests/cost/ring_tree_cost_test.cpp: ring 630.02 µs, tree 60.12 µs.
  EXPECT_TRUE(contains(r.out, "630.02 us")) << r.out;
  EXPECT_TRUE(contains(r.out, "60.12 us")) << r.out;
  EXPECT_TRUE(contains(r.out, "  binary_tree  ")) << r.out;
  EXPECT_TRUE(contains(r.out, "# world 64 ranks; alpha 5us per step")) << r.out;
}

TEST(CollsimModel, LargeMessagePicksRing) {
  const CliResult r = run_collsim(
      {"model", "--world", "64", "--bytes", "1GB", "--alpha", "5us", "--bw", "100GB/s"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(contains(r.out, "20.32 ms")) << r.out;
  EXPECT_TRUE(contains(r.out, "120.06 ms")) << r.out;
  EXPECT_TRUE(contains(r.out, "  ring  ")) << r.out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> cells;
  std::istringstream in(line);
  for (std::string cell; std::getline(in, cell, ',');) {
    cells.push_back(cell);
  }
  return cells;
}

// A sweep over both worked-example sizes' neighbourhood: 1 KiB and 1 GiB (x1048576).
TEST(CollsimModel, CsvAndJsonHoldTheSameNumbers) {
  const std::vector<std::string> sweep = {
      "model",   "--world", "64",   "--sizes", "1KiB:1GiB:x1048576",
      "--alpha", "5us",     "--bw", "100GB/s"};
  const CliResult csv = run_collsim(with(sweep, {"--csv"}));
  const CliResult json = run_collsim(with(sweep, {"--json"}));
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto rows = lines_of(csv.out);
  ASSERT_EQ(rows.size(), 3u);
  const auto header = split(rows[0]);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j["results"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto cells = split(rows[i + 1]);
    const nlohmann::json& res = j["results"][i];
    EXPECT_EQ(res["bytes"].get<long long>(), std::stoll(cells[0]));
    for (std::size_t c = 1; c <= 4; ++c) {
      const std::string alg = header[c].substr(0, header[c].size() - 2);  // drop "_s"
      EXPECT_EQ(res["seconds"][alg].get<double>(), std::stod(cells[c])) << alg;
    }
    EXPECT_EQ(res["winner"], cells[5]);
  }
  // 1 KiB: ring 630.02016 µs, tree 60.12288 µs (hand-computed, see above).
  EXPECT_DOUBLE_EQ(j["results"][0]["seconds"]["ring"].get<double>(), 630.02016e-6);
  EXPECT_DOUBLE_EQ(j["results"][0]["seconds"]["binary_tree"].get<double>(), 60.12288e-6);
  EXPECT_EQ(j["results"][0]["winner"], "binary_tree");
  // 1 GiB = 1073741824 B: ring 630 µs + 2·63/64 · 1073741824 / 1e11 s.
  EXPECT_DOUBLE_EQ(j["results"][1]["seconds"]["ring"].get<double>(),
                   630e-6 + 1.96875 * 1073741824 / 1e11);
  EXPECT_EQ(j["results"][1]["winner"], "ring");
}

// Bad input: exit code 2, one line on stderr, nothing on stdout.
TEST(CollsimModel, BadFlagsAreOneLineAndExitTwo) {
  struct Case {
    std::vector<std::string> args;
    std::string error;
  };
  const std::vector<Case> cases = {
      {{"model", "--world", "64", "--bytes", "1KiB", "--alpha", "5", "--bw", "100GB/s"},
       "collsim model: command line: --alpha: '5' has no unit; write the unit with the number, "
       "e.g. '0.5us'\n"},
      {{"model", "--world", "64", "--bytes", "1KiB", "--alpha", "5us", "--bw", "400Gb"},
       "collsim model: command line: --bw: '400Gb' is a data size in bits, not a bandwidth; did "
       "you mean '400Gb/s'?\n"},
      {{"model", "--world", "1", "--bytes", "1KiB", "--alpha", "5us", "--bw", "100GB/s"},
       "collsim model: command line: --world: must be between 2 and 1048576 ranks (got 1)\n"},
      {with(WORKED, {"--frobnicate"}),
       "collsim model: unrecognised option '--frobnicate' (see collsim model --help)\n"},
      {{"model", "--world", "64", "--sizes", "1GiB:1KiB:x2", "--alpha", "5us", "--bw", "100GB/s"},
       "collsim model: command line: --sizes: the sweep ends (1KiB) before it starts (1GiB)\n"},
      {{"model", "--world", "64", "--sizes", "1KiB:1GiB", "--alpha", "5us", "--bw", "100GB/s"},
       "collsim model: command line: --sizes: '1KiB:1GiB': expected FROM:TO:xFACTOR such as "
       "1KiB:1GiB:x2\n"},
      {with(WORKED, {"stray"}),
       "collsim model: too many positional options have been specified on the command line (see "
       "collsim model --help)\n"},
      {{"model", "--wor", "64", "--bytes", "1KiB", "--alpha", "5us", "--bw", "100GB/s"},
       "collsim model: unrecognised option '--wor' (see collsim model --help)\n"},
      {{"model", "--world", "sixty-four", "--bytes", "1KiB", "--alpha", "5us", "--bw", "100GB/s"},
       "collsim model: the argument ('sixty-four') for option '--world' is invalid (see collsim "
       "model --help)\n"},
  };
  for (const Case& c : cases) {
    const CliResult r = run_collsim(c.args);
    expect_one_line_error(r, c.error);
    EXPECT_EQ(r.err, c.error);
  }
}

TEST(CollsimModel, HelpDocumentsEveryOptionWithItsUnit) {
  const CliResult r = run_collsim({"model", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  for (const char* option :
       {"--world P", "--bytes SIZE", "--sizes FROM:TO:xF", "--alpha TIME", "--bw BANDWIDTH",
        "--ring-bw BANDWIDTH", "--tree-bw BANDWIDTH", "--gpus-per-node G", "--intra-bw BANDWIDTH",
        "--inter-bw BANDWIDTH", "--inter-alpha TIME", "--chunks K", "--chunk-size SIZE",
        "--protocol MODE", "--csv", "--json", "Enables two_level (shown only"}) {
    EXPECT_TRUE(contains(r.out, option)) << option;
  }
  EXPECT_TRUE(contains(r.out, "sizes 8B 512KiB 1GB"));
  EXPECT_TRUE(contains(r.out, "per direction"));
  const CliResult top = run_collsim({"--help"});
  EXPECT_TRUE(contains(top.out, "  model  "));
}

}  // namespace
}  // namespace collsim::tests
