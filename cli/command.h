#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace collsim::cli {

// Command: one `collsim <name>` subcommand. It parses its own flags with
// Boost.Program_options, calls the scenarios layer, and writes its whole result to `out`
// (a buffer: main prints it only if the command succeeds, so a failure leaves no partial
// output). Bad input is reported by throwing core::InputError or a program_options error.
// Returns the process exit code (0 success, 1 a check that failed).
struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>& args, std::ostream& out);
};

// Every subcommand, in the order `collsim --help` lists them.
const std::vector<Command>& commands();

}  // namespace collsim::cli
