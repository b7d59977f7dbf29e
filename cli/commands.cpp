#include "cli/command.h"
#include "cli/explain_command.h"
#include "cli/model_command.h"
#include "cli/topo_command.h"

namespace collsim::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"model", "closed-form alpha-beta cost of AllReduce algorithms", run_model_command},
      {"topo", "summarize a topology file: counts, bandwidths, diameter (--json, --dot)",
       run_topo_command},
      {"explain", "print the schedule an algorithm runs, and its counts", run_explain_command},
  };
  return all;
}

}  // namespace collsim::cli
