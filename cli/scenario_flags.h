#pragma once

#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "scenarios/scenario_commands.h"

namespace collsim::cli {

// The flags `collsim run` and `collsim sweep` share (FILE, --set, formats, -o,
// --update-baseline, --print-effective, --jobs), added to `visible` and read back into
// scenarios::ScenarioFlags.
void add_scenario_options(boost::program_options::options_description& visible);

// Parses `args` against `visible` plus the positional FILE; true if --help was asked for.
bool parse_scenario_args(const std::vector<std::string>& args,
                         const boost::program_options::options_description& visible,
                         boost::program_options::variables_map& vm);

// Throws core::InputError when FILE is missing.
scenarios::ScenarioFlags read_scenario_flags(const boost::program_options::variables_map& vm);

}  // namespace collsim::cli
