#include "cli/merge_command.h"

#include <ostream>

#include <boost/program_options.hpp>

#include "cli/flag_parser.h"
#include "scenarios/scenario_commands.h"

namespace collsim::cli {

int run_merge_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim merge SHARD... [-o FILE]\n\n"
      "Joins the CSV or JSON outputs of collsim sweep --shard i/N (i = 0..N-1) into the\n"
      "output of the whole sweep, byte for byte, after checking that they come from one\n"
      "sweep and hold every point once.\n\noptions",
      100, 50);
  visible.add_options()("help,h", "print this help")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write to FILE (atomically) instead of stdout");
  po::variables_map vm;
  if (!parse_flags(args, visible, vm, "inputs", -1)) {
    out << visible << '\n';
    return 0;
  }
  scenarios::MergeFlags flags;
  flags.inputs = flag<std::vector<std::string>>(vm, "inputs").value_or(std::vector<std::string>{});
  flags.output = flag<std::string>(vm, "output");
  const scenarios::CommandOutput result = scenarios::merge_command(flags);
  out << result.out;
  return result.exit_code;
}

}  // namespace collsim::cli
