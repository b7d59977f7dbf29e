#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim sweep FILE`: parses its flags into scenarios::SweepFlags (the progress line goes
// to stderr when stderr is a terminal) and writes scenarios::sweep_command()'s stdout text to
// `out`. The Command::run of "sweep".
int run_sweep_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
