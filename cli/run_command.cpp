#include "cli/run_command.h"

#include <ostream>

#include "cli/flag_parser.h"
#include "cli/scenario_flags.h"

namespace collsim::cli {

int run_run_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim run FILE [options]\n\n"
      "Runs every (algorithm, size) of a Scenario file: generates the schedule, simulates it\n"
      "on the file's fabric and prints, per row, nccl-tests' columns (size, count, type,\n"
      "redop, time, algbw, busbw), the closed-form alpha-beta time, the gap and its cause,\n"
      "then the fastest algorithm per size. The format: docs/scenario-format.md.\n\noptions",
      100, 50);
  add_scenario_options(visible);
  po::variables_map vm;
  if (!parse_flags(args, visible, vm, "file", 1)) {
    out << visible << '\n';
    return 0;
  }
  const scenarios::CommandOutput result = scenarios::run_command(read_scenario_flags(vm));
  out << result.out;
  return result.exit_code;
}

}  // namespace collsim::cli
