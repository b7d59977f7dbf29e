#pragma once

#include <string>
#include <vector>

namespace collsim::tests {

// The outcome of one run of the collsim executable.
struct CliResult {
  int exit_code = -1;
  std::string out;
  std::string err;
};

// Runs the built collsim binary with `args` (no shell interpretation of the arguments)
// and captures its exit code, stdout and stderr. `cwd` empty = the test's directory.
CliResult run_collsim(const std::vector<std::string>& args, const std::string& cwd = "");

}  // namespace collsim::tests
