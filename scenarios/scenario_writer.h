#pragma once

#include <string>

#include "scenarios/scenario.h"

namespace collsim::scenarios {

// The fully defaulted scenario as a Scenario file (`--print-effective`): every key with its
// value, defaults included, dimensioned values in core/units.h's exact spelling
// (core::format_size/time/bandwidth), sizes as the file wrote them (list or range). Keys
// whose default depends on other keys are left out, with a comment saying so (a fat-tree's
// hosts, a network's bandwidth, the chunk count), so that a sweep over those other keys
// keeps its meaning. Loading the text again gives the same scenario (same output again).
// O(size of the scenario).
std::string effective_yaml(const Scenario& scenario);

}  // namespace collsim::scenarios
