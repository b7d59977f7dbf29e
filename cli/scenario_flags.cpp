#include "cli/scenario_flags.h"

#include <iostream>
#include <unistd.h>
#include <utility>

#include "cli/flag_parser.h"
#include "core/input_error.h"
#include "scenarios/scenario_writer.h"

namespace collsim::cli {

namespace po = boost::program_options;

void add_scenario_input_options(po::options_description& visible) {
  visible.add_options()(
      "set", po::value<std::vector<std::string>>()->composing()->value_name("PATH=VALUE"),
      "override a field of the file, e.g. --set spec.topology.nodes=16 (repeatable; the value "
      "is YAML: 16, 400Gb/s, [ring, two_level])")(
      "jobs,j", po::value<std::string>()->value_name("N"),
      "run N simulations at once, 1 to 4 per hardware thread (default: one per hardware "
      "thread)");
}

ScenarioInput read_scenario_input(const po::variables_map& vm, std::string_view verb) {
  if (vm.count("file") == 0) {
    throw core::command_line_error("FILE", "give the scenario file to " + std::string(verb));
  }
  ScenarioInput input;
  input.file = vm["file"].as<std::string>();
  input.set = flag<std::vector<std::string>>(vm, "set").value_or(std::vector<std::string>{});
  input.jobs = flag<std::string>(vm, "jobs");
  return input;
}

std::ostream* terminal_progress() {
  return isatty(STDERR_FILENO) != 0 ? &std::cerr : nullptr;
}

scenarios::LoadedScenario load_scenario_input(const ScenarioInput& input) {
  return scenarios::load_scenario_file(input.file, scenarios::parse_set_flags(input.set),
                                       terminal_progress());
}

void add_report_options(po::options_description& visible) {
  visible.add_options()("help,h", "print this help");
  add_scenario_input_options(visible);
  visible.add_options()("table", "write the aligned table")("csv", "write CSV")(
      "json", "write JSON")("output,o", po::value<std::string>()->value_name("FILE"),
                            "write the report to FILE (atomically) instead of stdout; the "
                            "format follows --csv/--json/--table, else the extension "
                            ".txt/.csv/.json")(
      "update-baseline", po::value<std::string>()->value_name("FILE"),
      "also write the CSV report to FILE, the baseline collsim check compares with")(
      "print-effective", "print the fully defaulted scenario as YAML and run nothing");
}

report::ReportRequest read_report_request(const po::variables_map& vm) {
  report::ReportRequest r;
  r.table = vm.count("table") > 0;
  r.csv = vm.count("csv") > 0;
  r.json = vm.count("json") > 0;
  r.output = flag<std::string>(vm, "output");
  r.update_baseline = flag<std::string>(vm, "update-baseline");
  return r;
}

std::optional<ReportCommand> open_report_command(const std::vector<std::string>& args,
                                                 const po::options_description& visible,
                                                 std::string_view verb, std::ostream& out) {
  std::optional<po::variables_map> parsed = parse_flags(args, visible, out, {"file", 1});
  if (!parsed) {
    return std::nullopt;
  }
  ScenarioInput input = read_scenario_input(*parsed, verb);
  report::ReportRequest request = read_report_request(*parsed);
  scenarios::LoadedScenario loaded = load_scenario_input(input);
  if (parsed->count("print-effective") > 0) {
    out << scenarios::effective_yaml(loaded.base);
    return std::nullopt;
  }
  return ReportCommand{std::move(*parsed), std::move(input), std::move(request), std::move(loaded)};
}

}  // namespace collsim::cli
