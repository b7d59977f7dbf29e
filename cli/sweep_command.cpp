#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <unistd.h>

#include <fmt/format.h>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "cli/interrupt_note.h"
#include "cli/scenario_flags.h"
#include "core/input_error.h"
#include "files/output_file.h"
#include "report/report_destinations.h"
#include "study/parallel_runner.h"
#include "study/result_set.h"
#include "study/sweep_journal.h"
#include "study/sweep_runner.h"

namespace collsim::cli {
namespace {

// COLLSIM_SWEEP_KILL_AFTER=k: the interruption tests' hook (study/sweep_runner.h).
std::size_t kill_after() {
  const char* v = std::getenv("COLLSIM_SWEEP_KILL_AFTER");
  return v == nullptr ? 0 : static_cast<std::size_t>(std::strtoull(v, nullptr, 10));
}

// COLLSIM_SWEEP_KILL_SIGNAL=n: the signal that hook raises (default SIGKILL).
int kill_signal() {
  const char* v = std::getenv("COLLSIM_SWEEP_KILL_SIGNAL");
  return v == nullptr ? SIGKILL : static_cast<int>(std::strtol(v, nullptr, 10));
}

}  // namespace

int sweep_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim sweep FILE [options]\n\n"
      "Runs the cartesian product of the file's sweep: axes (spec.sweep) in parallel and\n"
      "writes one report, rows in point order whatever --jobs. With -o, finished runs are\n"
      "kept in FILE.journal as they complete, and --resume skips them after an\n"
      "interruption. --shard i/N runs every N-th point from i; collsim merge joins the\n"
      "shards' outputs.\n\noptions",
      100, 50);
  add_report_options(visible);
  visible.add_options()("shard", po::value<std::string>()->value_name("i/N"),
                        "run only the points p with p mod N = i")(
      "resume", "skip the runs the journal of -o FILE already holds");
  const std::optional<ReportCommand> command = open_report_command(args, visible, "sweep", out);
  if (!command) {
    return 0;
  }
  const auto& [vm, input, request, loaded] = *command;
  const std::optional<std::string> shard = flag<std::string>(vm, "shard");
  const bool resume = vm.count("resume") > 0;
  const std::vector<report::Destination> destinations =
      report::report_destinations(request, loaded.base.outputs);
  const std::vector<std::string> inputs{input.file};
  const std::vector<files::OutputFile> writes =
      report::report_files(destinations, request.update_baseline);
  const std::vector<files::OutputTarget> targets = files::check_outputs(writes, inputs);
  study::RunnerOptions options;
  options.jobs = study::job_count(input.jobs);
  if (shard) {
    options.shard = study::parse_shard(*shard);
  }
  options.progress = terminal_progress();
  options.kill_after = kill_after();
  options.kill_signal = kill_signal();

  // The journal sits beside the first report file (report_files lists it first, its
  // symlinks followed); a report that streams into a FIFO or device has no folder to keep
  // one in, and a baseline alone keeps none.
  const bool report_file = std::any_of(destinations.begin(), destinations.end(),
                                       [](const report::Destination& d) { return d.path; });
  std::optional<std::string> output;
  if (report_file && !targets.front().stream) {
    output = targets.front().path;
  }
  if (resume && !output) {
    throw core::command_line_error("--resume",
                                   "resuming needs an output file that is a regular file (-o "
                                   "FILE; the journal is FILE.journal)");
  }
  std::unique_ptr<study::SweepJournal> journal;
  if (output) {
    const std::string identity = fmt::format("{} shard {}/{}", study::scenario_digest(loaded.base),
                                             options.shard ? options.shard->index : 0,
                                             options.shard ? options.shard->count : 1);
    journal = std::make_unique<study::SweepJournal>(*output + ".journal",
                                                    study::text_digest(identity), resume);
    options.journal = journal.get();
  }
  std::optional<InterruptNote> note;
  if (journal) {
    note.emplace(
        fmt::format("collsim sweep: interrupted; the runs finished so far are kept in "
                    "'{}': the same command with --resume goes on from them",
                    journal->path()));
  }
  const study::ResultSet results = study::run_points(loaded, true, options);
  out << report::deliver_reports(destinations, results, request.update_baseline, inputs);
  if (journal) {
    journal->remove();
  }
  return 0;
}

}  // namespace collsim::cli
