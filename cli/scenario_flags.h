#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "report/report_destinations.h"
#include "scenarios/scenario_loader.h"

namespace collsim::cli {

// What every command that runs a scenario file reads: the positional FILE (parse it with
// parse_flags(args, visible, out, {"file", 1}), flag_parser.h), its --set overrides in order,
// and --jobs.
struct ScenarioInput {
  std::string file;
  std::vector<std::string> set;
  std::optional<std::string> jobs;  // as written: study::job_count checks it
};

// Adds --set and --jobs to `visible`.
void add_scenario_input_options(boost::program_options::options_description& visible);

// Reads FILE, --set and --jobs back; throws core::InputError at FILE when it is missing,
// "give the scenario file to <verb>".
ScenarioInput read_scenario_input(const boost::program_options::variables_map& vm,
                                  std::string_view verb);

// Where progress lines go: stderr when it is a terminal, else nowhere (nullptr), so that
// files, pipes and tests never see wall-clock time.
std::ostream* terminal_progress();

// The scenario of `input`, loaded with its --set overrides and validated
// (scenarios/scenario_loader.h), with a progress line while a long sweep validates.
scenarios::LoadedScenario load_scenario_input(const ScenarioInput& input);

// The report flags `collsim run` and `collsim sweep` share (--help, the scenario input
// above, --table/--csv/--json, -o, --update-baseline, --print-effective), added to
// `visible`.
void add_report_options(boost::program_options::options_description& visible);

// --table, --csv, --json, -o and --update-baseline, read back.
report::ReportRequest read_report_request(const boost::program_options::variables_map& vm);

// A report command (`collsim run`, `collsim sweep`) once its flags are read and its scenario
// loaded.
struct ReportCommand {
  boost::program_options::variables_map vm;
  ScenarioInput input;
  report::ReportRequest request;
  scenarios::LoadedScenario loaded;
};

// Parses `args` against `visible` (add_report_options and the command's own), reads the
// scenario input and report request and loads the scenario. Returns nullopt once --help or
// --print-effective has been answered on `out`; throws core::InputError on bad input.
std::optional<ReportCommand> open_report_command(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& visible, std::string_view verb,
    std::ostream& out);

}  // namespace collsim::cli
