#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim explain`: parses its flags (see --help) into scenarios::ExplainFlags and writes
// scenarios::explain_report() to `out`. The Command::run of "explain".
int run_explain_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
