#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim model`: parses its flags (see --help) into scenarios::ModelFlags and writes
// scenarios::model_report() to `out`. The Command::run of "model".
int run_model_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
