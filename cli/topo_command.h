#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim topo FILE`: parses its flags into scenarios::TopoRequest and writes
// scenarios::topo_report() to `out`. The Command::run of "topo".
int run_topo_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
