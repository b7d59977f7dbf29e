#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim run FILE`: parses its flags into scenarios::ScenarioFlags and writes
// scenarios::run_command()'s stdout text to `out`. The Command::run of "run".
int run_run_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
