#include <optional>
#include <ostream>

#include <boost/program_options.hpp>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "cli/scenario_flags.h"
#include "core/input_error.h"
#include "report/baseline_check.h"
#include "report/run_report.h"
#include "study/parallel_runner.h"
#include "study/sweep_runner.h"

namespace collsim::cli {

int check_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim check FILE --baseline results.csv [--tolerance 1%]\n\n"
      "Reruns a scenario (its sweep, if it has one) and compares it with a baseline written\n"
      "by collsim run (or sweep) --update-baseline: exits 1, naming every (row, metric) that\n"
      "moved by more than the tolerance, 0 when none did.\n\noptions",
      100, 50);
  visible.add_options()("help,h", "print this help")(
      "baseline", po::value<std::string>()->value_name("FILE"), "the baseline CSV")(
      "tolerance", po::value<std::string>()->value_name("PCT"),
      "the largest relative change that passes, e.g. 1% (default 0%)");
  add_scenario_input_options(visible);
  const std::optional<po::variables_map> parsed = parse_flags(args, visible, out, {"file", 1});
  if (!parsed) {
    return 0;
  }
  const po::variables_map& vm = *parsed;
  const ScenarioInput input = read_scenario_input(vm, "check");
  const std::optional<std::string> baseline_path = flag<std::string>(vm, "baseline");
  if (!baseline_path) {
    throw core::command_line_error(
        "--baseline", "name the baseline CSV (write one with collsim run --update-baseline)");
  }
  report::BaselineComparison comparison;
  comparison.tolerance = report::parse_tolerance(flag<std::string>(vm, "tolerance"));
  const scenarios::LoadedScenario loaded = load_scenario_input(input);
  const report::CsvTable baseline = report::read_baseline(*baseline_path);
  comparison.baseline = &baseline;
  comparison.baseline_path = *baseline_path;
  comparison.scenario_name = loaded.base.name;
  comparison.sweep = !loaded.base.sweep.empty();
  study::RunnerOptions options;
  options.jobs = study::job_count(input.jobs);
  options.progress = terminal_progress();
  const study::ResultSet results = study::run_points(loaded, comparison.sweep, options);
  comparison.current_csv = report::render_report(results, scenarios::ReportFormat::CSV);
  const report::BaselineVerdict verdict = report::compare_with_baseline(comparison);
  out << verdict.text;
  return verdict.moved ? 1 : 0;
}

}  // namespace collsim::cli
