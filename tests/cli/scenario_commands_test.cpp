#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "tests/cli/run_collsim.h"
#include "tests/temp_dir_test.h"

namespace collsim::tests {
namespace {

namespace fs = std::filesystem;

class ScenarioCommands : public TempDirTest {
 protected:
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name)) << text;
    return path(name);
  }
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const auto& e : fs::directory_iterator(dir_)) {
      names.push_back(e.path().filename().string());
    }
    std::sort(names.begin(), names.end());
    return names;
  }
};

// 4 GPUs on one switch: a few quick runs.
const std::string SMALL = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: small}
spec:
  topology: {builder: island, gpus: 4, bandwidth: 100GB/s, latency: 0.5us}
  collective: {algorithms: [ring, binary_tree], sizes: [1KiB, 4MiB]}
  model: {network: flow, stepLatency: 2us}
)";

// 4 sweep points x 2 algorithms on a small fat-tree, flow model.
const std::string SWEEP = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: sweep}
spec:
  topology: {builder: fat_tree, radix: 4, tiers: 2, bandwidth: 50GB/s}
  collective: {algorithms: [ring, binary_tree], sizes: [64KiB, 4MiB]}
  model: {network: flow, stepLatency: 1us}
  sweep:
    - {path: spec.model.seed, values: [0, 5]}
    - {path: spec.topology.oversubscription, values: [1, 2]}
)";

TEST_F(ScenarioCommands, RunPrintsTheTableWithTheFastestPerSize) {
  const CliResult r = run_collsim({"run", write("s.yaml", SMALL)});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Ring over 4 GPUs at 1 KiB: 6 steps of 2 us + 2 x 0.5 us + 256 B / 100 GB/s = 3.00256 us,
  // 18.02 us; the closed form's alpha is the same 3 us, B the same 100 GB/s.
  EXPECT_NE(r.out.find("   1024      256  float    sum  ring            18.02         0.06         "
                       "0.09       18.02    0.00%        matches\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("# fastest per size: simulated, and the closed form's pick\n"),
            std::string::npos);
  // Same input, same bytes; and the same with one thread.
  EXPECT_EQ(run_collsim({"run", path("s.yaml")}).out, r.out);
  EXPECT_EQ(run_collsim({"run", path("s.yaml"), "--jobs", "1"}).out, r.out);
}

TEST_F(ScenarioCommands, EveryErrorIsOneStderrLineExitTwoAndNoStdout) {
  const std::string good = write("s.yaml", SMALL);
  const std::string sweep = write("w.yaml", SWEEP);
  const std::string bad = write("bad.yaml", SMALL + "  extra: 1\n");
  const std::vector<std::vector<std::string>> cases{
      {"run"},
      {"run", path("missing.yaml")},
      {"run", bad},
      {"run", good, "--set", "spec.topology.gpus=x"},
      {"run", good, "--set", "spec..gpus=1"},
      {"run", good, "--set", "nothing"},
      {"run", good, "--csv", "--json"},
      {"run", good, "--jobs", "0"},
      {"run", good, "--jobs", "-1"},
      {"sweep", sweep, "--jobs", "100000"},
      {"check", good, "--baseline", good, "--jobs", "two"},
      {"run", good, "--bogus"},
      {"run", sweep},
      {"run", good, "-o", path("no/such/dir/out.txt")},
      {"sweep", sweep, "--shard", "2/2"},
      {"sweep", sweep, "--resume"},
      {"check", good},
      {"check", good, "--baseline", path("missing.csv")},
      {"check", good, "--baseline", good, "--tolerance", "1"},
      {"check", good, "--baseline", good, "--tol", "1%"},  // abbreviations are refused
      {"run", good, "--cs"},
      {"sweep", sweep, "--job", "2"},
      {"merge"},
      {"merge", good},
  };
  for (const auto& args : cases) {
    std::string what;
    for (const std::string& a : args) {
      what += a + " ";
    }
    expect_one_line_error(run_collsim(args), what);
  }
  EXPECT_EQ(run_collsim({"run", bad}).err,
            "collsim run: " + bad +
                ":8:3: spec.extra: unknown key; expected one of: topology, placement, collective, "
                "model, sweep, outputs\n");
  EXPECT_EQ(run_collsim({"run", good, "--set", "spec.topology.gpus=x"}).err,
            "collsim run: command line: --set spec.topology.gpus: expected an integer, got 'x'\n");
}

TEST_F(ScenarioCommands, OutputFilesAreWrittenWholeOrNotAtAll) {
  const std::string s = write("s.yaml", SMALL);
  const CliResult csv = run_collsim({"run", s, "--csv"});
  const CliResult r = run_collsim({"run", s, "-o", path("out.csv")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read(path("out.csv")), csv.out);  // the format from the extension
  // A failing run leaves no file (and no temporary) behind.
  const CliResult failed =
      run_collsim({"run", s, "-o", path("fail.csv"), "--set", "spec.collective.sizes=[0]"});
  EXPECT_EQ(failed.exit_code, 2);
  EXPECT_EQ(files(), (std::vector<std::string>{"out.csv", "s.yaml"}));
  // The scenario's outputs: each format to <file>.<ext>, and the baseline beside them.
  const std::string with_outputs =
      write("o.yaml", SMALL + "  outputs: {formats: [csv, json], file: " + path("res") + "}\n");
  EXPECT_EQ(run_collsim({"run", with_outputs, "--update-baseline", path("base.csv")}).exit_code, 0);
  EXPECT_EQ(read(path("res.csv")), csv.out);
  EXPECT_EQ(read(path("base.csv")), csv.out);
  EXPECT_EQ(read(path("res.json")), run_collsim({"run", s, "--json"}).out);
}

TEST_F(ScenarioCommands, AnUnwritableBaselineLeavesTheReportUnwritten) {
  const std::string s = write("s.yaml", SMALL);
  const std::string baseline = path("no/such/dir/b.csv");
  const CliResult r = run_collsim({"run", s, "-o", path("r.txt"), "--update-baseline", baseline});
  expect_one_line_error(r, "unwritable --update-baseline");
  // The error names the baseline's flag and path, not -o's.
  EXPECT_EQ(r.err, "collsim run: command line: --update-baseline: cannot write '" + baseline +
                       "': No such file or directory\n");
  EXPECT_FALSE(fs::exists(path("r.txt")));
  EXPECT_EQ(files(), (std::vector<std::string>{"s.yaml"}));  // and no temporary either
}

TEST_F(ScenarioCommands, OutputGoesThroughALinkAndNeverReplacesWhatIsNotARegularFile) {
  const std::string s = write("s.yaml", SMALL);
  const std::string csv = run_collsim({"run", s, "--csv"}).out;
  // A symlink is written through: the link stays, its target gets the report.
  fs::create_directories(path("real"));
  fs::create_symlink("real/target.csv", path("link.csv"));
  ASSERT_EQ(run_collsim({"run", s, "-o", path("link.csv")}).exit_code, 0);
  EXPECT_TRUE(fs::is_symlink(path("link.csv")));
  EXPECT_EQ(read(path("real/target.csv")), csv);
  EXPECT_EQ(files(), (std::vector<std::string>{"link.csv", "real", "s.yaml"}));
  // A character device is written into, never replaced by a regular file.
  ASSERT_EQ(run_collsim({"run", s, "-o", "/dev/null", "--csv"}).exit_code, 0);
  EXPECT_TRUE(fs::is_character_file("/dev/null"));
  const CliResult full = run_collsim({"run", s, "-o", "/dev/full", "--csv"});
  expect_one_line_error(full, "-o /dev/full");
  EXPECT_EQ(full.err,
            "collsim run: command line: -o: cannot write '/dev/full': No space left on device\n");
  EXPECT_TRUE(fs::is_character_file("/dev/full"));
  // A sweep into a device keeps no journal (there is no folder for one) and cannot resume.
  const std::string w = write("w.yaml", SWEEP);
  EXPECT_EQ(run_collsim({"sweep", w, "-o", "/dev/null", "--csv"}).exit_code, 0);
  EXPECT_FALSE(fs::exists("/dev/null.journal"));
  expect_one_line_error(run_collsim({"sweep", w, "-o", "/dev/null", "--csv", "--resume"}),
                        "--resume into a device");
}

TEST_F(ScenarioCommands, OutputPathsThatWouldLoseDataAreRefusedBeforeTheRun) {
  const std::string s = write("s.yaml", SMALL);
  const std::string scenario_text = read(s);
  fs::create_directories(path("dir"));
  fs::create_symlink("s.yaml", path("alias.yaml"));
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"run", s, "-o", path("dir")},
       "collsim run: command line: -o: cannot write '" + path("dir") + "': it is a directory\n"},
      {{"run", s, "-o", s},
       "collsim run: command line: -o: cannot write '" + s + "': it is the input '" + s +
           "'; writing it would destroy what is read\n"},
      {{"run", s, "-o", path("alias.yaml")},
       "collsim run: command line: -o: cannot write '" + path("alias.yaml") +
           "': it is the input '" + s + "'; writing it would destroy what is read\n"},
      {{"run", s, "--update-baseline", s},
       "collsim run: command line: --update-baseline: cannot write '" + s + "': it is the input '" +
           s + "'; writing it would destroy what is read\n"},
      {{"run", s, "-o", path("x.csv"), "--update-baseline", path("x.csv")},
       "collsim run: command line: --update-baseline: cannot write '" + path("x.csv") + "': -o '" +
           path("x.csv") + "' names the same file; give each output its own\n"},
      {{"run", s, "-o", path("r.json"), "--csv"},
       "collsim run: command line: -o: '" + path("r.json") +
           "' is named as json but --csv asks for csv; rename the file or drop the flag\n"},
      {{"run", s, "-o", path("no/dir/r.csv")},
       "collsim run: command line: -o: cannot write '" + path("no/dir/r.csv") +
           "': No such file or directory\n"},
      {{"merge", s, "-o", s},
       "collsim merge: command line: -o: cannot write '" + s + "': it is the input '" + s +
           "'; writing it would destroy what is read\n"},
  };
  for (const auto& [args, message] : cases) {
    const CliResult r = run_collsim(args);
    expect_one_line_error(r, args[3]);
    EXPECT_EQ(r.err, message);
  }
  EXPECT_EQ(read(s), scenario_text);
  EXPECT_EQ(files(), (std::vector<std::string>{"alias.yaml", "dir", "s.yaml"}));
  // A format flag that agrees with the extension, or an extension that says nothing, is fine.
  EXPECT_EQ(run_collsim({"run", s, "-o", path("r.csv"), "--csv"}).exit_code, 0);
  EXPECT_EQ(run_collsim({"run", s, "-o", path("r.out"), "--json"}).exit_code, 0);
  // The scenario's outputs.file is blamed at its key, not at a flag.
  const std::string o =
      write("o.yaml", SMALL + "  outputs: {formats: [csv], file: " + path("no/res") + "}\n");
  const CliResult r = run_collsim({"run", o});
  expect_one_line_error(r, "outputs.file in a missing folder");
  EXPECT_EQ(r.err.rfind("collsim run: " + o + ":8:", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("spec.outputs.file: cannot write"), std::string::npos) << r.err;
}

TEST_F(ScenarioCommands, BytesThatAreNotUtf8AreRefusedWhereTheyAreRead) {
  // "smäll" in Latin-1: the name would be printed raw in a table and break JSON.
  std::string text = SWEEP;
  text.replace(text.find("name: sweep"), 11, "name: \"sm\xE4ll\"");
  const std::string s = write("latin1.yaml", text);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", s, "--set", "spec.sweep=[]"},
        {"run", s, "--json", "--set", "spec.sweep=[]"},
        {"sweep", s, "-o", path("out.json")},
        {"check", s, "--baseline", s}}) {
    const CliResult r = run_collsim(args);
    expect_one_line_error(r, args[0] + " of a Latin-1 file");
    EXPECT_EQ(r.err, "collsim " + args[0] + ": " + s +
                         ":3:21: byte 0xE4 is not part of UTF-8 text (collsim reads UTF-8 only)\n");
  }
  EXPECT_EQ(files(), (std::vector<std::string>{"latin1.yaml"}));  // no journal, no output
  const std::string good = write("s.yaml", SMALL);
  const CliResult set = run_collsim({"run", good, "--set", "metadata.name=\"x\xFF\""});
  expect_one_line_error(set, "--set with a bad byte");
  EXPECT_EQ(set.err,
            "collsim run: command line: --set: the value, character 3: byte 0xFF is not part of "
            "UTF-8 text (collsim reads UTF-8 only)\n");
}

TEST_F(ScenarioCommands, TheDgx1MeshRunsEveryAlgorithmInAnOrderTheErrorNames) {
  // The shipped hybrid cube mesh as a scenario's fabric: its spec, indented under topology.
  const std::string topo =
      read(std::string(COLLSIM_SOURCE_DIR) + "/scenarios/topologies/dgx1-v100.yaml");
  const std::size_t spec = topo.find("\nspec:\n");
  ASSERT_NE(spec, std::string::npos);
  std::string fabric = "  topology:\n";
  std::size_t at = spec + 7;
  while (at < topo.size()) {
    const std::size_t end = topo.find('\n', at);
    fabric += "  " + topo.substr(at, end - at + 1);
    at = end + 1;
  }
  for (const std::string algorithm :
       {"ring", "binary_tree", "binomial_tree", "double_binary_tree", "two_level"}) {
    const std::string s =
        write(algorithm + ".yaml",
              "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: "
              "dgx1}\nspec:\n" +
                  fabric + "  collective: {algorithms: [" + algorithm + "], sizes: [1MiB]}\n");
    const CliResult first = run_collsim({"run", s, "--csv"});
    if (first.exit_code == 0) {
      continue;  // the natural order has every route (binomial_tree: its pairs are links)
    }
    expect_one_line_error(first, algorithm + " on the mesh");
    const std::string key = "spec.placement.gpus: ";
    const std::size_t advice = first.err.find(key);
    ASSERT_NE(advice, std::string::npos) << first.err;
    const std::string order =
        first.err.substr(advice + key.size(), first.err.size() - advice - key.size() - 1);
    const CliResult second =
        run_collsim({"run", s, "--csv", "--set", "spec.placement.gpus=" + order});
    EXPECT_EQ(second.exit_code, 0) << algorithm << ": " << second.err;
  }
}

TEST_F(ScenarioCommands, AScheduleTooLargeIsRefusedFromItsShapeBeforeItIsBuilt) {
  const std::string s = write(
      "big.yaml",
      "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: big}\nspec:\n"
      "  topology: {builder: island, gpus: 8192, bandwidth: 100GB/s, latency: 0.5us}\n"
      "  collective: {algorithms: [double_binary_tree, ring], sizes: [1MiB], channels: 64}\n");
  const CliResult r = run_collsim({"run", s});
  expect_one_line_error(r, "a ring of 2^32 ops");
  // 2 halves x 64 channels x 8191 x 8192 sends, at the ring's field.
  EXPECT_EQ(r.err, "collsim run: " + s +
                       ":6:49: spec.collective.algorithms[1]: ring on 8192 ranks at 1MiB with 64 "
                       "channel(s) needs up to 8588886016 ops, more than the 4294967294 the engine "
                       "holds; fewer ranks (spec.placement.ranks), channels or chunks "
                       "(spec.collective.chunks, chunkSize)\n");
  const CliResult channels = run_collsim({"run", s, "--set", "spec.collective.channels=65"});
  expect_one_line_error(channels, "65 channels");
  EXPECT_NE(channels.err.find("channels must be 1 to 64 (got 65)"), std::string::npos)
      << channels.err;
}

TEST_F(ScenarioCommands, SweepOutputIsTheSameForOneAndTwoJobs) {
  const std::string w = write("w.yaml", SWEEP);
  for (const char* format : {"--csv", "--json", "--table"}) {
    const CliResult one = run_collsim({"sweep", w, format, "--jobs", "1"});
    const CliResult two = run_collsim({"sweep", w, format, "--jobs", "2"});
    EXPECT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out, two.out) << format;
    EXPECT_EQ(one.err, "");  // no progress line: stderr is not a terminal here
  }
  // 4 points x 2 algorithms x 2 sizes, plus the header.
  const std::string csv = run_collsim({"sweep", w, "--csv"}).out;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 17);
  EXPECT_EQ(
      csv.substr(0, csv.find('\n')),
      "point,points,spec.model.seed,spec.topology.oversubscription,algorithm,size_bytes,"
      "count,type,redop,time_us,algbw_gbps,busbw_gbps,closed_us,gap_pct,cause,fastest,scenario,"
      "scenario_digest,rows");
}

TEST_F(ScenarioCommands, ShardsMergeIntoTheUnshardedSweep) {
  const std::string w = write("w.yaml", SWEEP);
  for (const std::string ext : {"csv", "json"}) {
    const std::string whole = run_collsim({"sweep", w, "--" + ext}).out;
    std::vector<std::string> merge{"merge"};
    for (int i = 2; i >= 0; --i) {  // 3 shards (one point in the last), listed in any order
      const std::string shard = path(std::to_string(i) + "." + ext);
      EXPECT_EQ(
          run_collsim({"sweep", w, "-o", shard, "--shard", std::to_string(i) + "/3"}).exit_code, 0);
      merge.push_back(shard);
    }
    const CliResult merged = run_collsim(merge);
    EXPECT_EQ(merged.exit_code, 0) << merged.err;
    EXPECT_EQ(merged.out, whole) << ext;
    // A missing shard is an error, not a shorter result.
    const CliResult partial = run_collsim({"merge", merge[1], merge[3]});
    EXPECT_EQ(partial.exit_code, 2);
    EXPECT_NE(partial.err.find("a shard is missing"), std::string::npos) << partial.err;
    const CliResult twice = run_collsim({"merge", merge[1], merge[2], merge[3], merge[3]});
    EXPECT_NE(twice.err.find("the shards overlap"), std::string::npos) << twice.err;
  }
}

// Each shard carries its scenario's digest and every point's row count: shards of another
// sweep (here another stepLatency through --set) and a shard cut short are refused, naming
// the file, instead of merging into a plausible but wrong table.
TEST_F(ScenarioCommands, ShardsOfAnotherSweepOrCutShortAreRefused) {
  const std::string w = write("w.yaml", SWEEP);
  for (const std::string ext : {"csv", "json"}) {
    const std::string a = path("a." + ext);
    const std::string b = path("b." + ext);
    const std::string other = path("other." + ext);
    ASSERT_EQ(run_collsim({"sweep", w, "-o", a, "--shard", "0/2"}).exit_code, 0);
    ASSERT_EQ(run_collsim({"sweep", w, "-o", b, "--shard", "1/2"}).exit_code, 0);
    ASSERT_EQ(run_collsim({"sweep", w, "-o", other, "--shard", "1/2", "--set",
                           "spec.model.stepLatency=2us"})
                  .exit_code,
              0);
    ASSERT_EQ(run_collsim({"merge", a, b}).exit_code, 0);
    const CliResult mixed = run_collsim({"merge", a, other});
    expect_one_line_error(mixed, "merge of shards of two sweeps (" + ext + ")");
    EXPECT_NE(
        mixed.err.find(other + ": it comes from another sweep than '" + a + "' (scenario digest "),
        std::string::npos)
        << mixed.err;
    EXPECT_NE(mixed.err.find("its scenario, --set or sweep differ"), std::string::npos)
        << mixed.err;
    std::string text = read(b);
    if (ext == "csv") {
      // Shard 1/2 holds points 1 and 3, four rows each; without its last line point 3 has 3.
      text.erase(text.rfind('\n', text.size() - 2) + 1);
      std::ofstream(b) << text;
      const CliResult cut = run_collsim({"merge", a, b});
      expect_one_line_error(cut, "merge of a truncated CSV shard");
      EXPECT_NE(cut.err.find(b + ": point 3 has 3 of its 4 rows: the file is truncated or was "
                                 "edited"),
                std::string::npos)
          << cut.err;
    } else {
      const std::string said = "\"shard_rows\": 8";
      ASSERT_NE(text.find(said), std::string::npos) << text;
      text.replace(text.find(said), said.size(), "\"shard_rows\": 7");
      std::ofstream(b) << text;
      const CliResult edited = run_collsim({"merge", a, b});
      expect_one_line_error(edited, "merge of an edited JSON shard");
      EXPECT_NE(edited.err.find(b + ": it holds 8 results where its shard_rows says 7"),
                std::string::npos)
          << edited.err;
    }
  }
}

TEST_F(ScenarioCommands, AKilledSweepResumesToTheSameFile) {
  const std::string w = write("w.yaml", SWEEP);
  const std::string whole = run_collsim({"sweep", w, "--csv"}).out;
  // The sweep kills itself with SIGKILL after 5 of its 16 runs are journaled.
  ::setenv("COLLSIM_SWEEP_KILL_AFTER", "5", 1);
  const CliResult killed = run_collsim({"sweep", w, "-o", path("out.csv"), "--jobs", "2"});
  ::unsetenv("COLLSIM_SWEEP_KILL_AFTER");
  EXPECT_EQ(killed.exit_code, 128 + 9);
  EXPECT_FALSE(fs::exists(path("out.csv")));  // no output, only the journal
  std::ifstream journal(path("out.csv.journal"));
  const auto lines =
      std::count(std::istreambuf_iterator<char>(journal), std::istreambuf_iterator<char>(), '\n');
  EXPECT_GE(lines, 1 + 5);  // identity + at least the 5 runs
  const CliResult resumed =
      run_collsim({"sweep", w, "-o", path("out.csv"), "--jobs", "2", "--resume"});
  EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(read(path("out.csv")), whole);
  EXPECT_FALSE(fs::exists(path("out.csv.journal")));  // removed once the output is written
}

// Ctrl-C (and SIGTERM) end the sweep as the signal does, after one line saying where the
// finished runs are and that --resume goes on from them.
TEST_F(ScenarioCommands, AnInterruptedSweepSaysHowToResume) {
  const std::string w = write("w.yaml", SWEEP);
  const std::string whole = run_collsim({"sweep", w, "--csv"}).out;
  for (const int signal : {SIGINT, SIGTERM}) {
    fs::remove(path("out.csv"));
    ::setenv("COLLSIM_SWEEP_KILL_AFTER", "3", 1);
    ::setenv("COLLSIM_SWEEP_KILL_SIGNAL", std::to_string(signal).c_str(), 1);
    const CliResult stopped = run_collsim({"sweep", w, "-o", path("out.csv")});
    ::unsetenv("COLLSIM_SWEEP_KILL_AFTER");
    ::unsetenv("COLLSIM_SWEEP_KILL_SIGNAL");
    EXPECT_EQ(stopped.exit_code, 128 + signal);
    EXPECT_EQ(stopped.out, "");
    EXPECT_EQ(stopped.err, "collsim sweep: interrupted; the runs finished so far are kept in '" +
                               path("out.csv.journal") +
                               "': the same command with --resume goes on from them\n");
    EXPECT_FALSE(fs::exists(path("out.csv")));
    const CliResult resumed = run_collsim({"sweep", w, "-o", path("out.csv"), "--resume"});
    EXPECT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_EQ(read(path("out.csv")), whole);
  }
  // Without a journal there is nothing to resume and nothing is said.
  ::setenv("COLLSIM_SWEEP_KILL_AFTER", "3", 1);
  ::setenv("COLLSIM_SWEEP_KILL_SIGNAL", std::to_string(SIGINT).c_str(), 1);
  const CliResult bare = run_collsim({"sweep", w, "--csv"});
  ::unsetenv("COLLSIM_SWEEP_KILL_AFTER");
  ::unsetenv("COLLSIM_SWEEP_KILL_SIGNAL");
  EXPECT_EQ(bare.exit_code, 128 + SIGINT);
  EXPECT_EQ(bare.err, "");
}

TEST_F(ScenarioCommands, CheckPassesOnUnchangedInputAndNamesWhatALinkChangeMoved) {
  const std::string s = write("s.yaml", SMALL);
  ASSERT_EQ(run_collsim({"run", s, "--update-baseline", path("base.csv")}).exit_code, 0);
  const CliResult same =
      run_collsim({"check", s, "--baseline", path("base.csv"), "--tolerance", "1%"});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_NE(same.out.find("passed: 4 rows, 4 metrics each, all within 1%"), std::string::npos)
      << same.out;
  // Halving the link bandwidth doubles the transfer time: the 4 MiB rows move by far more
  // than 1%; the 1 KiB ones (dominated by the 2 us steps) by less.
  const CliResult slower = run_collsim({"check", s, "--baseline", path("base.csv"), "--tolerance",
                                        "1%", "--set", "spec.topology.bandwidth=50GB/s"});
  EXPECT_EQ(slower.exit_code, 1);
  EXPECT_EQ(slower.err, "");
  for (const char* line : {"moved: ring 4MiB: time_us", "moved: ring 4MiB: busbw_gbps",
                           "moved: binary_tree 4MiB: closed_us"}) {
    EXPECT_NE(slower.out.find(line), std::string::npos) << line << "\n" << slower.out;
  }
  EXPECT_EQ(slower.out.find("ring 1KiB"), std::string::npos) << slower.out;
  // The same through an edited copy of the file.
  std::string edited = SMALL;
  edited.replace(edited.find("100GB/s"), 7, "90GB/s");
  const CliResult copy =
      run_collsim({"check", write("edited.yaml", edited), "--baseline", path("base.csv")});
  EXPECT_EQ(copy.exit_code, 1);
  EXPECT_NE(copy.out.find("FAILED: "), std::string::npos);
  // Rows no longer run count among the rows: 2 of the baseline's 4 are missing, 2 unchanged.
  const CliResult fewer = run_collsim(
      {"check", s, "--baseline", path("base.csv"), "--set", "spec.collective.sizes=[1KiB]"});
  EXPECT_EQ(fewer.exit_code, 1);
  EXPECT_NE(fewer.out.find("missing: ring 4MiB is in the baseline but no longer run\n"),
            std::string::npos)
      << fewer.out;
  EXPECT_NE(fewer.out.find("FAILED: 2 changes in 2 of 4 rows beyond "), std::string::npos)
      << fewer.out;
}

// A baseline names its scenario and each point's row count on every row: a baseline of
// another scenario or one cut short is refused at its line, column and field; one written
// from an earlier version of the scenario is checked, with a note saying so.
TEST_F(ScenarioCommands, CheckRefusesABaselineOfAnotherScenarioOrCutShort) {
  const std::string s = write("s.yaml", SMALL);
  const std::string base = path("base.csv");
  ASSERT_EQ(run_collsim({"run", s, "--update-baseline", base}).exit_code, 0);
  std::string renamed = SMALL;
  renamed.replace(renamed.find("name: small"), 11, "name: large");
  const CliResult other = run_collsim({"check", write("large.yaml", renamed), "--baseline", base});
  expect_one_line_error(other, "baseline of another scenario");
  // Line 2 is the first row; `scenario` is its 13th field.
  const std::string first = read(base).substr(read(base).find('\n') + 1);
  std::size_t column = 1;
  for (int commas = 0; commas < 12; ++commas) {
    column = first.find(',', column) + 1;
  }
  EXPECT_EQ(other.err, "collsim check: " + base + ":2:" + std::to_string(column + 1) +
                           ": scenario: the baseline is of scenario 'small', not 'large': check it "
                           "against its own scenario, or write a new one with collsim run "
                           "--update-baseline\n");
  // A description changes no result, so no note; a stepLatency edit does.
  std::string described = SMALL;
  described.replace(described.find("{name: small}"), 13, "{name: small, description: x}");
  const CliResult same = run_collsim({"check", write("d.yaml", described), "--baseline", base});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  EXPECT_EQ(same.out.find("note: "), std::string::npos) << same.out;
  const CliResult edited =
      run_collsim({"check", s, "--baseline", base, "--set", "spec.model.stepLatency=2.5us"});
  EXPECT_EQ(edited.exit_code, 1);
  EXPECT_NE(edited.out.find("\nnote: the baseline was written from another version of this "
                            "scenario (digest "),
            std::string::npos)
      << edited.out;
  std::string text = read(base);
  text.erase(text.rfind('\n', text.size() - 2) + 1);
  std::ofstream(base) << text;
  const CliResult cut = run_collsim({"check", s, "--baseline", base});
  expect_one_line_error(cut, "truncated baseline");
  EXPECT_NE(cut.err.find(base + ":2:"), std::string::npos) << cut.err;
  EXPECT_NE(cut.err.find(": rows: the run has 3 of its 4 rows: the baseline is truncated or was "
                         "edited"),
            std::string::npos)
      << cut.err;
}

// On a terminal (here a pseudo-terminal from util-linux's script) run and check show the
// progress line a sweep shows; off a terminal (every other test) they print nothing there.
TEST_F(ScenarioCommands, RunAndCheckShowProgressOnATerminal) {
  const std::string s = write("s.yaml", SMALL);
  const std::string log = path("tty.log");
  for (const std::string& command :
       {"run " + s + " -o " + path("r.txt"),
        "run " + s + " --update-baseline " + path("b.csv") + " -o " + path("r2.txt"),
        "check " + s + " --baseline " + path("b.csv")}) {
    const std::string shell = "script -qec '" + std::string(COLLSIM_BINARY) + " " + command +
                              " > /dev/null' /dev/null > " + log + " 2>&1";
    ASSERT_EQ(std::system(shell.c_str()), 0) << shell << "\n" << read(log);
    EXPECT_NE(read(log).find("collsim: runs 4/4, points 1/1, "), std::string::npos)
        << command << "\n"
        << read(log);
  }
}

TEST_F(ScenarioCommands, SetAndPrintEffectiveRoundTrip) {
  const std::string s = write("s.yaml", SMALL);
  const CliResult effective =
      run_collsim({"run", s, "--print-effective", "--set", "spec.model.seed=3", "--set",
                   "spec.collective.sizes={from: 1KiB, to: 4KiB}"});
  EXPECT_EQ(effective.exit_code, 0) << effective.err;
  EXPECT_NE(effective.out.find("    seed: 3\n"), std::string::npos) << effective.out;
  EXPECT_NE(effective.out.find("    sizes: {from: 1KiB, to: 4KiB, factor: 2}\n"),
            std::string::npos);
  const std::string e = write("effective.yaml", effective.out);
  EXPECT_EQ(run_collsim({"run", e, "--print-effective"}).out, effective.out);
  // And it runs as the overridden original does.
  EXPECT_EQ(run_collsim({"run", e, "--csv"}).out,
            run_collsim({"run", s, "--csv", "--set", "spec.model.seed=3", "--set",
                         "spec.collective.sizes={from: 1KiB, to: 4KiB}"})
                .out);
}

}  // namespace
}  // namespace collsim::tests

namespace collsim::tests {
namespace {

// A full disk on stdout loses the report the user asked for: every command that prints says
// so in one line and exits 3, never 0 with nothing written.
TEST_F(ScenarioCommands, AFailedWriteToStdoutIsAnErrorForEveryCommand) {
  const std::string small = write("small.yaml", SMALL);
  const std::string sweep = write("sweep.yaml", SWEEP);
  const std::string baseline = path("base.csv");
  ASSERT_EQ(
      run_collsim({"run", small, "--update-baseline", baseline, "-o", path("r.txt")}).exit_code, 0);
  const std::vector<std::vector<std::string>> commands{
      {"--help"},
      {"run", small},
      {"run", small, "--csv"},
      {"run", small, "--json"},
      {"sweep", sweep, "--json", "--jobs", "1"},
      {"check", small, "--baseline", baseline},
      {"topo", small, "--dot"},
      {"topo", small},
      {"explain", "--algo", "ring", "--ranks", "4", "--bytes", "1KiB"},
      {"model", "--world", "8", "--bytes", "1MiB", "--alpha", "5us", "--bw", "100GB/s"},
      {"run", small, "--help"}};
  for (const auto& args : commands) {
    const CliResult r = run_collsim_to(args, "/dev/full");
    const std::string what = args.size() > 1 ? args[0] + " " + args.back() : args[0];
    EXPECT_EQ(r.exit_code, 3) << what;
    EXPECT_NE(r.err.find("cannot write the output to stdout: No space left on device\n"),
              std::string::npos)
        << what << ": " << r.err;
  }
}

}  // namespace
}  // namespace collsim::tests
