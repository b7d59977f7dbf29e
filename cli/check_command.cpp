#include "cli/check_command.h"

#include <ostream>

#include <boost/program_options.hpp>

#include "cli/flag_parser.h"
#include "core/input_error.h"
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
      "the largest relative change that passes, e.g. 1% (default 0%)")(
      "set", po::value<std::vector<std::string>>()->composing()->value_name("PATH=VALUE"),
      "override a field of the file (repeatable)")("jobs,j", po::value<unsigned>()->value_name("N"),
                                                   "run N simulations at once");
  po::variables_map vm;
  if (!parse_flags(args, visible, vm, "file", 1)) {
    out << visible << '\n';
    return 0;
  }
  if (vm.count("file") == 0) {
    throw core::InputError({"command line", 0, 0}, "FILE", "give the scenario file to check");
  }
  scenarios::CheckFlags flags;
  flags.file = vm["file"].as<std::string>();
  if (vm.count("set") > 0) {
    flags.set = vm["set"].as<std::vector<std::string>>();
  }
  if (vm.count("baseline") > 0) {
    flags.baseline = vm["baseline"].as<std::string>();
  }
  if (vm.count("tolerance") > 0) {
    flags.tolerance = vm["tolerance"].as<std::string>();
  }
  if (vm.count("jobs") > 0) {
    flags.jobs = vm["jobs"].as<unsigned>();
  }
  const scenarios::CommandOutput result = scenarios::check_command(flags);
  out << result.out;
  return result.exit_code;
}

}  // namespace collsim::cli
