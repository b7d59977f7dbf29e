#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

namespace collsim::cli {

// Command: one `collsim <name>` subcommand. It parses its own flags with
// Boost.Program_options, calls the layers below (scenarios to load, study to run, report
// to render and write), and writes its whole stdout text to `out` (a buffer: main prints it
// only if the command succeeds, so a failure leaves no partial output). Bad input is
// reported by throwing core::InputError or a program_options error, before any file is
// written. Returns the process exit code (0 success, 1 a check that failed).
struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>& args, std::ostream& out);
};

// Every subcommand, in the order `collsim --help` lists them.
const std::vector<Command>& commands();

// The subcommands, one file each (cli/<name>_command.cpp); their flags and outputs are
// described by `collsim <name> --help` and docs/scenario-format.md.
int model_command(const std::vector<std::string>& args, std::ostream& out);
int topo_command(const std::vector<std::string>& args, std::ostream& out);
int explain_command(const std::vector<std::string>& args, std::ostream& out);
int run_command(const std::vector<std::string>& args, std::ostream& out);
int sweep_command(const std::vector<std::string>& args, std::ostream& out);
int check_command(const std::vector<std::string>& args, std::ostream& out);
int merge_command(const std::vector<std::string>& args, std::ostream& out);

}  // namespace collsim::cli
