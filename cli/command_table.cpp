#include "cli/command_table.h"

namespace collsim::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"model", "closed-form alpha-beta cost of AllReduce algorithms", model_command},
      {"topo", "summarize a topology file: counts, bandwidths, diameter (--json, --dot)",
       topo_command},
      {"explain", "print the schedule an algorithm runs, and its counts", explain_command},
      {"run", "simulate a scenario file: simulated vs closed-form time per algorithm and size",
       run_command},
      {"sweep", "run a scenario's sweep in parallel (--shard, --resume)", sweep_command},
      {"check", "rerun a scenario and compare with a baseline CSV (exit 1 if moved)",
       check_command},
      {"merge", "join the outputs of sweep --shard into the whole sweep's", merge_command},
  };
  return all;
}

}  // namespace collsim::cli
