#include <algorithm>
#include <cstring>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

#include <boost/program_options/errors.hpp>

#include "cli/command_table.h"
#include "core/input_error.h"
#include "files/output_file.h"

namespace {

constexpr int EXIT_BAD_INPUT = 2;
constexpr int EXIT_INTERNAL = 3;

void print_usage(std::ostream& os) {
  os << "collsim: a discrete-event simulator of GPU collective communication\n\n"
        "usage: collsim <command> [options]    (collsim <command> --help for its options)\n\n"
        "commands:\n";
  for (const auto& c : collsim::cli::commands()) {
    os << "  " << c.name << std::string(12 - std::min<std::size_t>(11, c.name.size()), ' ')
       << c.summary << '\n';
  }
  os << "\nExit codes: 0 success, 1 a regression check failed, 2 bad input, 3 internal error.\n"
        "Units are written with every value: sizes 8B 512KiB 1GB (GB = 1e9 B, GiB = 2^30 B),\n"
        "times 500ns 5us 1.5ms, bandwidths 100GB/s 400Gb/s (per direction; append\n"
        "'bidirectional' to halve a vendor's aggregate figure, e.g. '900GB/s bidirectional').\n";
}

// Writes a command's whole output to stdout. A write that fails (a full disk, a closed
// pipe, /dev/full) loses the result the user asked for, so it is an error, never exit 0.
bool write_stdout(const std::string& text, std::string_view command) {
  if (const int error = collsim::files::write_all(STDOUT_FILENO, text); error != 0) {
    std::cerr << "collsim" << (command.empty() ? "" : " ") << command
              << ": cannot write the output to stdout: " << std::strerror(error) << '\n';
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    print_usage(std::cerr);
    return EXIT_BAD_INPUT;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    std::ostringstream usage;
    print_usage(usage);
    return write_stdout(usage.str(), "") ? 0 : EXIT_INTERNAL;
  }
  for (const auto& c : collsim::cli::commands()) {
    if (c.name != args[0]) {
      continue;
    }
    std::ostringstream out;
    try {
      const int code = c.run(std::vector<std::string>(args.begin() + 1, args.end()), out);
      return write_stdout(out.str(), c.name) ? code : EXIT_INTERNAL;
    } catch (const collsim::core::InputError& e) {
      std::cerr << "collsim " << c.name << ": " << e.what() << '\n';
      return EXIT_BAD_INPUT;
    } catch (const boost::program_options::error& e) {
      std::cerr << "collsim " << c.name << ": " << e.what() << " (see collsim " << c.name
                << " --help)\n";
      return EXIT_BAD_INPUT;
    } catch (const std::exception& e) {
      std::cerr << "collsim " << c.name << ": internal error: " << e.what() << '\n';
      return EXIT_INTERNAL;
    }
  }
  std::cerr << "collsim: unknown command '" << args[0] << "' (see collsim --help)\n";
  return EXIT_BAD_INPUT;
}
