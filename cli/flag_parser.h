#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

namespace collsim::cli {

// The bare arguments a subcommand takes: stored under `name`, at most `max` of them (-1: any
// number). The default takes none.
struct Positional {
  const char* name = nullptr;
  int max = 0;
};

// Parses a subcommand's arguments against its `visible` options plus its `positional` ones.
// Abbreviated flags are refused (a guess would silently pick an option), and so is a stray
// word where no positional argument is taken. Errors are boost::program_options
// exceptions, which main() reports as bad input. When --help was asked for, prints
// `visible` (its caption is the command's usage) to `help_out` and returns nullopt.
std::optional<boost::program_options::variables_map> parse_flags(
    const std::vector<std::string>& args,
    const boost::program_options::options_description& visible, std::ostream& help_out,
    Positional positional = {});

// The value of an optional flag.
template <typename T>
std::optional<T> flag(const boost::program_options::variables_map& vm, const char* name) {
  return vm.count(name) > 0 ? std::optional<T>(vm[name].as<T>()) : std::nullopt;
}

}  // namespace collsim::cli
