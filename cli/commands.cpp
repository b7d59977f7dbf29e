#include "cli/command.h"

namespace collsim::cli {

int run_topo_command(const std::vector<std::string>& args, std::ostream& out);

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"topo", "summarize a topology file: counts, bandwidths, diameter (--json, --dot)",
       run_topo_command},
  };
  return all;
}

}  // namespace collsim::cli
