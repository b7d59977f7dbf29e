#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim check FILE --baseline B`: parses its flags into scenarios::CheckFlags and writes
// scenarios::check_command()'s report to `out`; returns 1 when a metric moved. The
// Command::run of "check".
int run_check_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
