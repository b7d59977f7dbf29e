#include "cli/sweep_command.h"

#include <iostream>
#include <unistd.h>

#include "cli/flag_parser.h"
#include "cli/scenario_flags.h"

namespace collsim::cli {

int run_sweep_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim sweep FILE [options]\n\n"
      "Runs the cartesian product of the file's sweep: axes (spec.sweep) in parallel and\n"
      "writes one report, rows in point order whatever --jobs. With -o, finished runs are\n"
      "kept in FILE.journal as they complete, and --resume skips them after an\n"
      "interruption. --shard i/N runs every N-th point from i; collsim merge joins the\n"
      "shards' outputs.\n\noptions",
      100, 50);
  add_scenario_options(visible);
  visible.add_options()("shard", po::value<std::string>()->value_name("i/N"),
                        "run only the points p with p mod N = i")(
      "resume", "skip the runs the journal of -o FILE already holds");
  po::variables_map vm;
  if (!parse_flags(args, visible, vm, "file", 1)) {
    out << visible << '\n';
    return 0;
  }
  scenarios::SweepFlags flags;
  flags.common = read_scenario_flags(vm);
  flags.shard = flag<std::string>(vm, "shard");
  flags.resume = vm.count("resume") > 0;
  flags.progress = isatty(STDERR_FILENO) != 0 ? &std::cerr : nullptr;
  const scenarios::CommandOutput result = scenarios::sweep_command(flags);
  out << result.out;
  return result.exit_code;
}

}  // namespace collsim::cli
