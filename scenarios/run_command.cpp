#include <fmt/format.h>

#include "core/input_error.h"
#include "scenarios/report_destinations.h"
#include "scenarios/scenario_commands.h"
#include "scenarios/scenario_writer.h"
#include "scenarios/sweep_runner.h"

namespace collsim::scenarios {

CommandOutput run_command(const ScenarioFlags& flags) {
  const LoadedScenario loaded = load_scenario_file(flags.file, parse_overrides(flags.set));
  if (flags.print_effective) {
    return {effective_yaml(loaded.base), 0};
  }
  if (!loaded.base.sweep.empty()) {
    throw core::InputError(loaded.base.sweep_location, "spec.sweep",
                           fmt::format("this scenario sweeps {} points; collsim sweep runs them "
                                       "(--set spec.sweep=[] runs it without its sweep)",
                                       loaded.points.size()));
  }
  const std::vector<Destination> destinations = report_destinations(flags, loaded.base.outputs);
  RunnerOptions options;
  options.jobs = job_count(flags.jobs);
  const ResultSet results = run_points(loaded, false, options);
  return {deliver_reports(destinations, results, flags.update_baseline), 0};
}

}  // namespace collsim::scenarios
