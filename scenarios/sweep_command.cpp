#include <cstdlib>
#include <memory>

#include <fmt/format.h>

#include "core/input_error.h"
#include "scenarios/report_destinations.h"
#include "scenarios/scenario_commands.h"
#include "scenarios/scenario_writer.h"
#include "scenarios/sweep_journal.h"
#include "scenarios/sweep_runner.h"

namespace collsim::scenarios {
namespace {

// COLLSIM_SWEEP_KILL_AFTER=k: the interruption tests' hook (sweep_runner.h).
std::size_t kill_after() {
  const char* v = std::getenv("COLLSIM_SWEEP_KILL_AFTER");
  return v == nullptr ? 0 : static_cast<std::size_t>(std::strtoull(v, nullptr, 10));
}

}  // namespace

CommandOutput sweep_command(const SweepFlags& flags) {
  const std::vector<Override> overrides = parse_overrides(flags.common.set);
  const LoadedScenario loaded = load_scenario_file(flags.common.file, overrides);
  if (flags.common.print_effective) {
    return {effective_yaml(loaded.base), 0};
  }
  const std::vector<Destination> destinations =
      report_destinations(flags.common, loaded.base.outputs);
  RunnerOptions options;
  options.jobs = job_count(flags.common.jobs);
  if (flags.shard) {
    options.shard = parse_shard(*flags.shard);
  }
  options.progress = flags.progress;
  options.kill_after = kill_after();

  std::optional<std::string> output;
  for (const Destination& d : destinations) {
    if (d.path && !output) {
      output = d.path;
    }
  }
  if (flags.resume && !output) {
    throw core::InputError({"command line", 0, 0}, "--resume",
                           "resuming needs an output file (-o FILE; the journal is "
                           "FILE.journal)");
  }
  std::unique_ptr<SweepJournal> journal;
  if (output) {
    std::string identity = effective_yaml(loaded.base);
    identity += fmt::format("shard {}/{}\n", options.shard ? options.shard->index : 0,
                            options.shard ? options.shard->count : 1);
    journal =
        std::make_unique<SweepJournal>(*output + ".journal", text_digest(identity), flags.resume);
    options.journal = journal.get();
  }
  const ResultSet results = run_points(loaded, true, options);
  std::string out = deliver_reports(destinations, results, flags.common.update_baseline);
  if (journal) {
    journal->remove();
  }
  return {std::move(out), 0};
}

}  // namespace collsim::scenarios
