// libFuzzer target for the command line (docs/cli.md, "Fuzzing"): the input is a command
// line, one argument per line, whose first line picks a subcommand of cli/command_table.h.
// Every command line must end in an exit code or throw core::InputError or a
// program_options error (what main reports as bad input, exit 2); anything else — another
// exception (main's exit 3), a crash, a sanitizer report, a hang — is a bug.
//
// The commands run for real, in a scratch directory holding a small scenario, a topology,
// a baseline and two shards, so the fuzzer reaches the flags' values and their
// combinations, not only "no such file". To keep it fast and harmless, an input is skipped
// when it could name a path outside the scratch directory — a '/' not between two letters
// or digits (which "100GB/s" and "1/2" are) or a ".." — so nothing the fuzzer does can
// touch another file, and when it has a free-standing integer above 32 (a --set that would
// build a large fabric). COLLSIM_* environment hooks are never set; files a command wrote
// are removed after it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <unistd.h>
#include <vector>

#include <boost/program_options/errors.hpp>

#include "cli/command_table.h"
#include "core/input_error.h"
#include "tests/fuzz/fuzz_filters.h"

namespace {

namespace fs = std::filesystem;

const char* const SCENARIO = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: s}
spec:
  topology: {builder: island, gpus: 4, bandwidth: 100GB/s, latency: 0.5us}
  collective: {algorithms: [ring, binary_tree], sizes: [1KiB, 64KiB]}
  model: {network: flow, stepLatency: 1us}
)";

const char* const SWEEP = R"(apiVersion: collsim/v1
kind: Scenario
metadata: {name: w}
spec:
  topology: {builder: island, gpus: 4}
  collective: {algorithms: [ring], sizes: [1KiB]}
  sweep:
    - {path: spec.model.seed, values: [0, 1]}
)";

const char* const TOPOLOGY = R"(apiVersion: collsim/v1
kind: Topology
metadata: {name: t}
spec: {builder: fat_tree, radix: 4, tiers: 2}
)";

// The scratch directory, made once, and its seed files' names and contents.
const fs::path& scratch() {
  // One per process, so that fuzzers run side by side (-jobs, -fork) do not share it.
  static const fs::path dir =
      fs::temp_directory_path() / ("collsim-cli-fuzz-" + std::to_string(::getpid()));
  return dir;
}

// Called inside the scratch directory.
const std::map<std::string, std::string>& seeds() {
  static const std::map<std::string, std::string> files = [] {
    std::ofstream("s.yaml") << SCENARIO;
    std::ofstream("w.yaml") << SWEEP;
    std::ofstream("t.yaml") << TOPOLOGY;
    std::ostringstream sink;
    collsim::cli::run_command({"s.yaml", "--update-baseline", "b.csv", "-o", "r.txt"}, sink);
    collsim::cli::sweep_command({"w.yaml", "-o", "0.csv", "--shard", "0/2"}, sink);
    collsim::cli::sweep_command({"w.yaml", "-o", "1.csv", "--shard", "1/2"}, sink);
    fs::remove("r.txt");
    std::map<std::string, std::string> kept;
    for (const auto& e : fs::directory_iterator(".")) {
      std::ifstream in(e.path());
      kept[e.path().filename().string()] = {std::istreambuf_iterator<char>(in), {}};
    }
    return kept;
  }();
  return files;
}

// Back to the seed files alone, as they were: a command may have replaced one (a
// --update-baseline over b.csv) or added others.
void restore_seeds() {
  for (const auto& e : fs::directory_iterator(".")) {
    if (!seeds().contains(e.path().filename().string())) {
      fs::remove_all(e.path());
    }
  }
  for (const auto& [name, text] : seeds()) {
    std::ofstream(name, std::ios::trunc) << text;
  }
}

bool alnum(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Whether the text could name a path outside the working directory.
bool may_leave_directory(std::string_view text) {
  if (text.find("..") != std::string_view::npos) {
    return true;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '/' &&
        (i == 0 || i + 1 == text.size() || !alnum(text[i - 1]) || !alnum(text[i + 1]))) {
      return true;
    }
  }
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (size > 1024 || may_leave_directory(text) || collsim::fuzz::largest_integer(text) > 32) {
    return -1;
  }
  std::vector<std::string> args;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    args.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  const auto& commands = collsim::cli::commands();
  const auto it = std::find_if(commands.begin(), commands.end(),
                               [&](const auto& c) { return c.name == args.front(); });
  if (it == commands.end()) {
    return -1;
  }
  // Only while the command runs: libFuzzer reads its corpus by the paths it was given.
  const fs::path home = fs::current_path();
  // Made at the first input, removed when the fuzzer exits.
  static const struct Scratch {
    Scratch() {
      fs::remove_all(scratch());
      fs::create_directories(scratch());
    }
    ~Scratch() {
      std::error_code ignored;
      fs::remove_all(scratch(), ignored);
    }
  } made;
  fs::current_path(scratch());
  seeds();
  std::ostringstream out;
  try {
    it->run(std::vector<std::string>(args.begin() + 1, args.end()), out);
  } catch (const collsim::core::InputError&) {
    // Bad input, reported with its place: the expected outcome for most inputs.
  } catch (const boost::program_options::error&) {
    // An unknown, repeated or malformed flag, reported by main with the command's --help.
  }
  restore_seeds();
  fs::current_path(home);
  return 0;
}
