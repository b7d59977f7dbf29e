#include "cli/check_command.h"
#include "cli/command.h"
#include "cli/explain_command.h"
#include "cli/merge_command.h"
#include "cli/model_command.h"
#include "cli/run_command.h"
#include "cli/sweep_command.h"
#include "cli/topo_command.h"

namespace collsim::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"model", "closed-form alpha-beta cost of AllReduce algorithms", run_model_command},
      {"topo", "summarize a topology file: counts, bandwidths, diameter (--json, --dot)",
       run_topo_command},
      {"explain", "print the schedule an algorithm runs, and its counts", run_explain_command},
      {"run", "simulate a scenario file: simulated vs closed-form time per algorithm and size",
       run_run_command},
      {"sweep", "run a scenario's sweep in parallel (--shard, --resume)", run_sweep_command},
      {"check", "rerun a scenario and compare with a baseline CSV (exit 1 if moved)",
       run_check_command},
      {"merge", "join the outputs of sweep --shard into the whole sweep's", run_merge_command},
  };
  return all;
}

}  // namespace collsim::cli
