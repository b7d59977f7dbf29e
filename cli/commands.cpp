#include "cli/command.h"

namespace collsim::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all{};
  return all;
}

}  // namespace collsim::cli
