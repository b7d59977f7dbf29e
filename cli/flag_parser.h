#pragma once

#include <optional>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

namespace collsim::cli {

// Parses a subcommand's arguments against its `visible` options plus, if `positional` is
// given, up to `max_positional` (-1: any number) bare arguments stored under that name.
// Abbreviated flags are refused (a guess would silently pick an option), and so is a stray
// word where no positional argument is taken. Errors are boost::program_options
// exceptions, which main() reports as bad input. Returns false when --help was asked for.
bool parse_flags(const std::vector<std::string>& args,
                 const boost::program_options::options_description& visible,
                 boost::program_options::variables_map& vm, const char* positional = nullptr,
                 int max_positional = 0);

// The value of an optional flag.
template <typename T>
std::optional<T> flag(const boost::program_options::variables_map& vm, const char* name) {
  return vm.count(name) > 0 ? std::optional<T>(vm[name].as<T>()) : std::nullopt;
}

}  // namespace collsim::cli
