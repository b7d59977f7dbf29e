#include "cli/check_command.h"

#include <ostream>
#include <utility>

#include <boost/program_options.hpp>

#include "cli/flag_parser.h"
#include "cli/scenario_flags.h"
#include "scenarios/scenario_commands.h"

namespace collsim::cli {

int run_check_command(const std::vector<std::string>& args, std::ostream& out) {
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
  po::variables_map vm;
  if (!parse_flags(args, visible, vm, "file", 1)) {
    out << visible << '\n';
    return 0;
  }
  ScenarioInput input = read_scenario_input(vm, "check");
  scenarios::CheckFlags flags;
  flags.file = std::move(input.file);
  flags.set = std::move(input.set);
  flags.jobs = input.jobs;
  flags.baseline = flag<std::string>(vm, "baseline");
  flags.tolerance = flag<std::string>(vm, "tolerance");
  const scenarios::CommandOutput result = scenarios::check_command(flags);
  out << result.out;
  return result.exit_code;
}

}  // namespace collsim::cli
