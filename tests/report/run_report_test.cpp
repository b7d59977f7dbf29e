#include "report/run_report.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "scenarios/scenario_loader.h"

namespace collsim::report {
namespace {
using scenarios::load_scenario_text;
using scenarios::LoadedScenario;
using scenarios::ReportFormat;
using study::parse_shard;
using study::ResultSet;
using study::RunRow;
using study::Shard;

using algorithms::Algorithm;

const char* LESSON = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: lesson}
spec:
  topology: {builder: island, gpus: 64, bandwidth: 100GB/s, latency: 0}
  collective: {algorithms: [ring, binomial_tree], sizes: [1KiB, 1GB]}
  model: {network: ideal, stepLatency: 5us}
)";

// The lesson's four results (hand-computed in closed_form_test.cpp), and one deadlock.
ResultSet lesson_results(const LoadedScenario& loaded, bool deadlock) {
  ResultSet r;
  r.loaded = &loaded;
  r.points = {0};
  auto row = [](Algorithm a, core::Bytes b, std::int64_t ps, double closed) {
    return RunRow{a, b, 64, core::Time::from_ps(ps), closed, "matches", {}, {}};
  };
  r.rows = {{row(Algorithm::RING, 1024, 630'020'160, 630.02016e-6),
             row(Algorithm::RING, 1'000'000'000, 20'317'500'000, 20.3175e-3),
             row(Algorithm::BINOMIAL_TREE, 1024, 60'122'880, 60.12288e-6),
             row(Algorithm::BINOMIAL_TREE, 1'000'000'000, 120'060'000'000, 120.06e-3)}};
  if (deadlock) {
    r.rows[0][3] = {Algorithm::BINOMIAL_TREE,
                    1'000'000'000,
                    64,
                    std::nullopt,
                    120.06e-3,
                    "deadlock: 3 ops never ran (op 5 waits on 4)",
                    {},
                    {}};
  }
  return r;
}

TEST(RunReport, CsvHasNcclTestsColumnsAndExactTimes) {
  const LoadedScenario loaded = load_scenario_text(LESSON, "l.yaml");
  const std::string csv = render_report(lesson_results(loaded, true), ReportFormat::CSV);
  // Each row ends with the scenario's name, its digest and its point's 2 x 2 rows.
  const std::string id = ",lesson," + study::scenario_digest(loaded.base) + ",4\n";
  // algbw = S / t, busbw = algbw x 2 x 63/64 = algbw x 1.96875, in GB/s (1e9 B/s), rounded
  // (->) to 6 decimals. Ring 1 KiB: 1024 B / 630.02016 us = 1,625,344.8 B/s -> 0.001625
  // GB/s, busbw 0.0031999 -> 0.003200. Ring 1 GB: 1e9 B / 20.3175 ms = 49.218654 GB/s,
  // busbw 96.899225. Binomial 1 KiB: 1024 B / 60.12288 us = 0.0170318 -> 0.017032 GB/s,
  // busbw 0.0335313 -> 0.033531. The deadlocked binomial 1 GB has no time, so no algbw or
  // busbw either.
  EXPECT_EQ(csv,
            "algorithm,size_bytes,count,type,redop,time_us,algbw_gbps,busbw_gbps,closed_us,"
            "gap_pct,cause,fastest,scenario,scenario_digest,rows\n"
            "ring,1024,256,float,sum,630.020160,0.001625,0.003200,630.020160,0.0000,matches,0" +
                id +
                "ring,1000000000,250000000,float,sum,20317.500000,49.218654,96.899225,20317.500000,"
                "0.0000,matches,1" +
                id +
                "binomial_tree,1024,256,float,sum,60.122880,0.017032,0.033531,60.122880,0.0000,"
                "matches,1" +
                id +
                "binomial_tree,1000000000,250000000,float,sum,,,,120060.000000,,deadlock: 3 ops "
                "never ran (op 5 waits on 4),0" +
                id);
}

TEST(RunReport, TableShowsParametersRowsAndTheFastestPerSize) {
  const LoadedScenario loaded = load_scenario_text(LESSON, "l.yaml");
  const std::string table = render_report(lesson_results(loaded, false), ReportFormat::TABLE);
  // Bandwidths rounded (->) to 2 decimals, busbw = algbw x 1.96875 (see the CSV test). Ring
  // 1 KiB: 0.001625 and 0.003200 GB/s -> 0.00 and 0.00. Binomial 1 GB: 1e9 B / 120.06 ms =
  // 8.329 GB/s -> 8.33, busbw 8.329 x 1.96875 = 16.398 -> 16.40. The fastest-per-size lines
  // give busbw: binomial 1 KiB 0.033531 -> 0.03, ring 1 GB 96.899225 -> 96.90.
  for (const char* line :
       {"# collsim run: lesson\n",
        "# topology: island, 1 node, 64 GPUs (65 vertices, 128 directed links)\n",
        "# model: ideal network, step latency 5us, reductions free, protocol none, ECMP seed "
        "0\n",
        "   size(B)      count   type  redop  algorithm       time(us)  algbw(GB/s)  "
        "busbw(GB/s)  closed(us)    gap  best  cause\n",
        "      1024        256  float    sum  ring              630.02         0.00         "
        "0.00      630.02  0.00%        matches\n",
        "1000000000  250000000  float    sum  binomial_tree  120060.00         8.33        "
        "16.40   120060.00  0.00%        matches\n",
        "# fastest per size: simulated, and the closed form's pick\n",
        "      1024  binomial_tree     60.12         0.03  binomial_tree          60.12\n",
        "1000000000  ring           20317.50        96.90  ring                20317.50\n"}) {
    EXPECT_NE(table.find(line), std::string::npos) << "missing: " << line << "\n" << table;
  }
}

TEST(RunReport, JsonCarriesTheSameFiguresAndNullsForWhatIsMissing) {
  const LoadedScenario loaded = load_scenario_text(LESSON, "l.yaml");
  const auto j =
      nlohmann::json::parse(render_report(lesson_results(loaded, true), ReportFormat::JSON));
  EXPECT_EQ(j["scenario"], "lesson");
  EXPECT_EQ(j["step_latency_ps"], 5'000'000);
  ASSERT_EQ(j["results"].size(), 4U);
  EXPECT_EQ(j["results"][0]["time_ps"], 630'020'160);
  EXPECT_DOUBLE_EQ(j["results"][0]["time_us"].get<double>(), 630.02016);
  EXPECT_TRUE(j["results"][3]["time_ps"].is_null());
  EXPECT_TRUE(j["results"][3]["gap_pct"].is_null());
  EXPECT_EQ(j["results"][2]["fastest"], true);
}

TEST(RunReport, SweepRowsStartWithThePointAndItsAxisValues) {
  const LoadedScenario loaded = load_scenario_text(
      std::string(LESSON) +
          "  sweep:\n    - {path: spec.collective.sizes, values: [[1GB, 1KiB], [1KiB, 1GB]]}\n",
      "l.yaml");
  ResultSet r = lesson_results(loaded, false);
  r.sweep = true;
  r.shard = Shard{1, 2};
  r.points = {1};
  const std::string csv = render_report(r, ReportFormat::CSV);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "point,points,spec.collective.sizes,algorithm,size_bytes,count,type,redop,time_us,"
            "algbw_gbps,busbw_gbps,closed_us,gap_pct,cause,fastest,scenario,scenario_digest,rows");
  // The axis value is YAML flow text; with its comma it is quoted for CSV.
  EXPECT_NE(csv.find("\n1,2,\"[1KiB, 1GB]\",ring,1024,"), std::string::npos) << csv;
  const auto j = nlohmann::json::parse(render_report(r, ReportFormat::JSON));
  EXPECT_EQ(j["shard"], "1/2");
  EXPECT_EQ(j["points"], 2);
  // The shard holds point 1's four rows of the sweep's eight (2 points x 2 algorithms x 2
  // sizes); a merge compares both with what it reads.
  EXPECT_EQ(j["scenario_digest"], study::scenario_digest(loaded.base));
  EXPECT_EQ(std::string(j["scenario_digest"]).size(), 16u);
  EXPECT_EQ(j["rows"], 8);
  EXPECT_EQ(j["shard_rows"], 4);
  EXPECT_EQ(j["results"][0]["values"]["spec.collective.sizes"], "[1KiB, 1GB]");
}

TEST(RunReport, ShardsAreRoundRobin) {
  const Shard s = parse_shard("1/3");
  EXPECT_TRUE(s.contains(1));
  EXPECT_TRUE(s.contains(4));
  EXPECT_FALSE(s.contains(3));
  for (const char* bad : {"3/3", "1", "a/2", "1/0", "-1/2", "1/2x"}) {
    try {
      parse_shard(bad);
      ADD_FAILURE() << bad;
    } catch (const core::InputError& e) {
      EXPECT_EQ(e.field(), "--shard");
    }
  }
}

}  // namespace
}  // namespace collsim::report
