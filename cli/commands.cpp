#include "cli/command.h"
#include "cli/explain_command.h"

namespace collsim::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"explain", "print the schedule an algorithm runs, and its counts", run_explain_command},
  };
  return all;
}

}  // namespace collsim::cli
