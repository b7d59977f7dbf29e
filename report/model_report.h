#pragma once

#include <string>

#include "report/model_request.h"

namespace collsim::report {

// The report of `collsim model`: for every requested size, each defined algorithm's
// closed-form AllReduce time, the winner (cost/chooser.h; ties to the leftmost), and
// the winner's algbw and busbw (nccl-tests GB/s = 1e9 B/s); then where ring crosses each
// other algorithm (cost/crossover.h). Formats:
//   TABLE  '#' header lines naming every parameter, an aligned table (times in readable
//          units, core::format_seconds), '#' crossover lines;
//   CSV    one header row and one row per size, times in seconds at full precision;
//   JSON   parameters, results (the same numbers as CSV) and crossovers: kind at | never |
//          always_equal, bytes (S*, for at), faster (below S* for at; never slower for never),
//          method closed_form | numeric.
// Output is a pure function of the request (same request, same bytes). Validates through
// cost::AllReduceModels; O(sizes · algorithms · protocols + nodes).
std::string render_model_report(const ModelRequest& request);

// The one call of `collsim model`: parse_model_request, then render_model_report. Throws
// core::InputError for bad flags, before producing any output.
std::string model_report(const ModelFlags& flags);

}  // namespace collsim::report
