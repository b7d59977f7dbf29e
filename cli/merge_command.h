#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace collsim::cli {

// `collsim merge SHARD... [-o FILE]`: parses its flags into scenarios::MergeFlags and writes
// scenarios::merge_command()'s output to `out`. The Command::run of "merge".
int run_merge_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
