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
// in the test's directory and captures its exit code, stdout and stderr.
CliResult run_collsim(const std::vector<std::string>& args);
// The same with stdout opened on `stdout_path` for writing (e.g. "/dev/full"); `out` is
// then empty.
CliResult run_collsim_to(const std::vector<std::string>& args, const std::string& stdout_path);

// Expects how the CLI reports bad input: exit code 2, nothing on stdout, and exactly one
// line on stderr. `what` labels the failures.
void expect_one_line_error(const CliResult& r, const std::string& what);

}  // namespace collsim::tests
