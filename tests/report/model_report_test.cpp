#include "report/model_report.h"

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace collsim::report {
namespace {

using Json = nlohmann::json;

ModelFlags worked_example(const char* bytes = "1KiB") {
  ModelFlags f;
  f.world = 64;
  f.bytes = bytes;
  f.alpha = "5us";
  f.bw = "100GB/s";
  return f;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    lines.push_back(line);
  }
  return lines;
}

std::vector<std::string> split(const std::string& line, char sep = ',') {
  std::vector<std::string> cells;
  std::string cell;
  std::istringstream in(line);
  while (std::getline(in, cell, sep)) {
    cells.push_back(cell);
  }
  if (!line.empty() && line.back() == sep) {
    cells.emplace_back();
  }
  return cells;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The worked example (ring 630.02 µs, naive tree and DBT 60.12 µs, see
// tests/cost/chooser_test.cpp); the winner's algbw is 1024 B / 60.12288 µs =
// 0.017 GB/s, busbw 126/64 of that = 0.034 GB/s.
TEST(ModelReport, TableOfTheWorkedExample) {
  const std::string out = model_report(worked_example());
  const auto lines = lines_of(out);
  EXPECT_TRUE(contains(out,
                       "# world 64 ranks; alpha 5us per step; bandwidth per direction: ring "
                       "100GB/s, trees 100GB/s\n"));
  EXPECT_TRUE(contains(out, "# double_binary_tree: 64 nodes x 1 GPU, chunks of 512KiB per tree\n"));
  EXPECT_TRUE(contains(out, "#   depth 6 hops each way; busiest port moves 2 S each way\n"));
  EXPECT_TRUE(contains(out, "# protocol: none"));
  EXPECT_TRUE(
      contains(out,
               "size       ring  binary_tree  binomial_tree  double_binary_tree  winner       "
               "algbw GB/s  busbw GB/s\n"
               "1KiB  630.02 us     60.12 us       60.12 us            60.12 us  binary_tree    "
               "    0.02        0.03\n"));
  // S* = 5 682 243 B (tests/cost/crossover_test.cpp).
  EXPECT_TRUE(contains(out,
                       "# ring vs binary_tree: equal at 5.68 MB; binary_tree faster below, "
                       "ring above\n"));
  EXPECT_FALSE(contains(out, "two_level"));
  for (const std::string& line : lines) {
    EXPECT_EQ(line.find_last_not_of(' ') + 1, line.size()) << "trailing space: " << line;
  }
}

// 1 GB: ring 20.32 ms wins; algbw 1e9 / 0.0203175 s = 49.22 GB/s, busbw 96.90 GB/s; the
// naive tree 120.06 ms.
TEST(ModelReport, TableOfTheLargeMessage) {
  const std::string out = model_report(worked_example("1GB"));
  EXPECT_TRUE(contains(out, "1GB  20.32 ms    120.06 ms      120.06 ms"));
  EXPECT_TRUE(contains(out, "  ring         49.22       96.90\n"));
}

TEST(ModelReport, CsvHoldsTheExactNumbers) {
  ModelFlags f = worked_example();
  f.bytes.reset();
  f.sizes = "1KiB:4KiB:x4";
  f.csv = true;
  const auto lines = lines_of(model_report(f));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0],
            "bytes,ring_s,binary_tree_s,binomial_tree_s,double_binary_tree_s,winner,algbw_GBps,"
            "busbw_GBps");
  const auto row = split(lines[1]);
  ASSERT_EQ(row.size(), 8u);
  EXPECT_EQ(row[0], "1024");
  EXPECT_DOUBLE_EQ(std::stod(row[1]), 630.02016e-6);
  EXPECT_DOUBLE_EQ(std::stod(row[2]), 60.12288e-6);
  EXPECT_EQ(row[5], "binary_tree");
  EXPECT_DOUBLE_EQ(std::stod(row[6]), 1024 / 60.12288e-6 / 1e9);
  EXPECT_DOUBLE_EQ(std::stod(row[7]), 1024 / 60.12288e-6 / 1e9 * 126 / 64);
  EXPECT_EQ(split(lines[2])[0], "4096");
}

TEST(ModelReport, JsonHoldsTheSameNumbersAsCsv) {
  ModelFlags f = worked_example();
  f.bytes.reset();
  f.sizes = "1KiB:1GiB:x32";
  f.gpus_per_node = 8;
  f.inter_bw = "50GB/s";
  f.csv = true;
  const auto csv = lines_of(model_report(f));
  f.csv = false;
  f.json = true;
  const Json j = Json::parse(model_report(f));

  ASSERT_EQ(j["algorithms"].size(), 5u);
  EXPECT_EQ(j["algorithms"][4], "two_level");
  EXPECT_EQ(j["parameters"]["world"], 64);
  EXPECT_EQ(j["parameters"]["alpha_ps"], 5'000'000);
  EXPECT_EQ(j["parameters"]["nodes"], 8);
  EXPECT_EQ(j["parameters"]["inter_bandwidth_Bps"], 50'000'000'000);
  EXPECT_EQ(j["parameters"]["double_binary_tree"]["chunk_bytes"], 524288);
  const Json& results = j["results"];
  ASSERT_EQ(results.size() + 1, csv.size());
  const auto header = split(csv[0]);
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto row = split(csv[i + 1]);
    EXPECT_EQ(results[i]["bytes"].get<long long>(), std::stoll(row[0]));
    for (std::size_t a = 0; a < 5; ++a) {
      const std::string alg = j["algorithms"][a];
      EXPECT_EQ(header[a + 1], alg + "_s");
      EXPECT_EQ(results[i]["seconds"][alg].get<double>(), std::stod(row[a + 1])) << alg;
    }
    EXPECT_EQ(results[i]["winner"], row[6]);
    EXPECT_EQ(results[i]["algbw_GBps"].get<double>(), std::stod(row[7]));
    EXPECT_EQ(results[i]["busbw_GBps"].get<double>(), std::stod(row[8]));
  }
  EXPECT_EQ(j["crossovers"].size(), 4u);
}

TEST(ModelReport, JsonCrossoverOfTheWorkedExample) {
  ModelFlags f = worked_example();
  f.json = true;
  const Json j = Json::parse(model_report(f));
  const Json& x = j["crossovers"][0];
  EXPECT_EQ(x["first"], "ring");
  EXPECT_EQ(x["second"], "binary_tree");
  EXPECT_EQ(x["kind"], "at");
  EXPECT_NEAR(x["bytes"].get<double>(), 5682242.99, 0.01);
  EXPECT_EQ(x["faster"], "binary_tree");
  EXPECT_EQ(x["method"], "closed_form");
  EXPECT_EQ(j["crossovers"][2]["method"], "numeric");  // DBT with a chunk size
  EXPECT_EQ(j["results"][0]["winner"], "binary_tree");
  EXPECT_DOUBLE_EQ(j["results"][0]["seconds"]["ring"].get<double>(), 630.02016e-6);
}

// Two-level appears only with --gpus-per-node. 8 × 8, intra 400 GB/s at 1 µs, inter 50 GB/s
// at 5 µs, S = 64 MB: two_level 644 µs (tests/cost/two_level_cost_test.cpp).
TEST(ModelReport, TwoLevelWithNodes) {
  ModelFlags f;
  f.world = 64;
  f.bytes = "64MB";
  f.alpha = "1us";
  f.bw = "50GB/s";
  f.gpus_per_node = 8;
  f.intra_bw = "400GB/s";
  f.inter_alpha = "5us";
  const std::string out = model_report(f);
  EXPECT_TRUE(contains(out,
                       "# two_level: 8 nodes x 8 GPUs; in a node alpha 1us at 400GB/s, "
                       "between nodes alpha 5us at 50GB/s\n"));
  EXPECT_TRUE(contains(out, "#   depth 10 hops each way (7 in a node + 3 between nodes)"));
  EXPECT_TRUE(contains(out, "  644.00 us  two_level"));
  EXPECT_TRUE(contains(out, "# ring vs two_level: "));
}

// auto names the protocol after each time; one node of 8 GPUs, α = 0, 1 MB: ring under LL
// = 15 µs + 35 µs (tests/cost/protocol_test.cpp).
TEST(ModelReport, AutoProtocolNamesTheChoice) {
  ModelFlags f;
  f.world = 8;
  f.gpus_per_node = 8;
  f.bytes = "1MB";
  f.alpha = "0s";
  f.bw = "100GB/s";
  f.protocol = "auto";
  const std::string out = model_report(f);
  EXPECT_TRUE(contains(out, "50.00 us ll")) << out;
  EXPECT_TRUE(contains(out, "# protocol: auto"));
  f.protocol = "ll128";
  const std::string fixed = model_report(f);
  EXPECT_TRUE(contains(fixed,
                       "# protocol: ll128, payload 93.75% of the bandwidth, 14.00 us launch "
                       "latency\n"
                       "#   step latency +1.90 us inside a node, +4.00 us between nodes"));
  f.csv = true;
  const auto csv = lines_of(model_report(f));
  EXPECT_TRUE(contains(csv[0], ",ring_protocol,"));
  EXPECT_TRUE(contains(csv[1], ",ll128,ll128,"));
}

// Zero time (S = 0, α = 0): no bandwidth to report.
TEST(ModelReport, ZeroTimeHasNoBandwidth) {
  ModelFlags f = worked_example("0B");
  f.alpha = "0s";
  const std::string out = model_report(f);
  EXPECT_TRUE(contains(out, "  ring             -           -\n")) << out;
  f.csv = true;
  EXPECT_TRUE(contains(model_report(f), ",ring,,\n"));
  f.csv = false;
  f.json = true;
  EXPECT_TRUE(Json::parse(model_report(f))["results"][0]["algbw_GBps"].is_null());
}

TEST(ModelReport, SameRequestSameBytes) {
  ModelFlags f = worked_example();
  f.bytes.reset();
  f.sizes = "8B:1GiB:x2";
  f.protocol = "auto";
  f.gpus_per_node = 4;
  EXPECT_EQ(model_report(f), model_report(f));
}

}  // namespace
}  // namespace collsim::report
