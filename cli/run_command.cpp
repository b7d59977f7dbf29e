#include <ostream>

#include <fmt/format.h>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "cli/scenario_flags.h"
#include "core/input_error.h"
#include "files/output_file.h"
#include "report/report_destinations.h"
#include "study/parallel_runner.h"
#include "study/sweep_runner.h"

namespace collsim::cli {

int run_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim run FILE [options]\n\n"
      "Runs every (algorithm, size) of a Scenario file: generates the schedule, simulates it\n"
      "on the file's fabric and prints, per row, nccl-tests' columns (size, count, type,\n"
      "redop, time, algbw, busbw), the closed-form alpha-beta time, the gap and its cause,\n"
      "then the fastest algorithm per size. The format: docs/scenario-format.md.\n\noptions",
      100, 50);
  add_report_options(visible);
  const std::optional<ReportCommand> command = open_report_command(args, visible, "run", out);
  if (!command) {
    return 0;
  }
  const auto& [vm, input, request, loaded] = *command;
  if (!loaded.base.sweep.empty()) {
    throw core::InputError(loaded.base.sweep_location, "spec.sweep",
                           fmt::format("this scenario sweeps {} points; collsim sweep runs them "
                                       "(--set spec.sweep=[] runs it without its sweep)",
                                       loaded.points.size()));
  }
  const std::vector<report::Destination> destinations =
      report::report_destinations(request, loaded.base.outputs);
  const std::vector<std::string> inputs{input.file};
  files::check_outputs(report::report_files(destinations, request.update_baseline), inputs);
  study::RunnerOptions options;
  options.jobs = study::job_count(input.jobs);
  options.progress = terminal_progress();
  const study::ResultSet results = study::run_points(loaded, false, options);
  out << report::deliver_reports(destinations, results, request.update_baseline, inputs);
  return 0;
}

}  // namespace collsim::cli
