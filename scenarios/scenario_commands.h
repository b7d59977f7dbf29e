#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace collsim::scenarios {

// The scenario subcommands: `collsim run`, `sweep`, `check` and `merge`. Each takes its
// flags as the user wrote them (strings, still unparsed), does the whole job — load and
// validate, run, render, write files atomically — and returns what goes to stdout with
// the exit code. Every bad input (file, --set, flags) throws core::InputError before any
// file is written; reports and formats are described in docs/scenario-format.md.

struct CommandOutput {
  std::string out;
  int exit_code = 0;
};

// The flags `run` and `sweep` share.
struct ScenarioFlags {
  std::string file;
  std::vector<std::string> set;  // --set path=value, in order
  bool table = false;            // --table / --csv / --json: at most one
  bool csv = false;
  bool json = false;
  std::optional<std::string> output;           // -o FILE
  std::optional<std::string> update_baseline;  // --update-baseline FILE (the CSV report)
  bool print_effective = false;
  std::optional<unsigned> jobs;  // --jobs; default std::thread::hardware_concurrency()
};

// `collsim run FILE`: every (algorithm, size) of a scenario without a sweep. The formats
// and destinations: a format flag picks one format; -o writes one file (format from the flag,
// else from the extension .txt/.csv/.json, else the scenario's first); without -o the
// scenario's outputs (its formats to stdout, or to "<file>.<ext>" when it names a file).
// --update-baseline also writes the CSV report there. --print-effective prints the
// effective scenario instead of running it.
CommandOutput run_command(const ScenarioFlags& flags);

// `collsim sweep FILE`: the sweep's points (a file without a sweep is one point), output
// as `run` chooses it. With an output file, finished runs go to "<file>.journal" as they
// complete and `resume` skips those already there; the journal is removed once the output
// is written. `shard` "i/N" runs points p with p mod N = i; `progress` (stderr when it is a
// terminal, else null) gets a progress line.
struct SweepFlags {
  ScenarioFlags common;
  std::optional<std::string> shard;
  bool resume = false;
  std::ostream* progress = nullptr;
};
CommandOutput sweep_command(const SweepFlags& flags);

// `collsim check FILE --baseline B [--tolerance T]`: runs the scenario (its sweep, if it has
// one), compares the CSV report with the baseline, and lists every (row, metric) — time_us,
// algbw_gbps, busbw_gbps, closed_us — whose relative change exceeds the tolerance ("1%",
// default 0%), and rows that appeared or disappeared. Exit code 1 when anything moved.
struct CheckFlags {
  std::string file;
  std::vector<std::string> set;
  std::optional<std::string> baseline;
  std::optional<std::string> tolerance;
  std::optional<unsigned> jobs;
};
CommandOutput check_command(const CheckFlags& flags);

// `collsim merge A B ... [-o FILE]`: joins the CSV or JSON outputs of `sweep --shard` into
// the output the unsharded sweep writes (byte for byte), after checking that they come from
// one sweep and hold every point exactly once.
struct MergeFlags {
  std::vector<std::string> inputs;
  std::optional<std::string> output;
};
CommandOutput merge_command(const MergeFlags& flags);

}  // namespace collsim::scenarios
