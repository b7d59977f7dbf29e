#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenarios/scenario.h"
#include "study/result_set.h"

namespace collsim::report {

// The report of `collsim run` / `collsim sweep` in one format (docs/scenario-format.md,
// "Outputs"). Per row, nccl-tests' columns — size (B), count (float32 elements, size/4),
// type (float), redop (sum, or none for allgather and broadcast), time (simulated, us), algbw
// and busbw (GB/s = 1e9 B/s, busbw by cost/bus_bandwidth.h) — then the closed form (us),
// the gap ((simulated − closed)/closed) and its cause, and whether the algorithm is the
// fastest simulated one at that size (of its point; ties to the first listed).
//   TABLE  '#' lines with the parameters, the aligned table, and for a run (not a sweep)
//          the fastest algorithm per size, simulated and by the closed form;
//   CSV    a header row and one row per (point,) algorithm and size; times in us with 6
//          decimals (exact ps), bandwidths 6 decimals, gap in % with 4; a sweep's rows start
//          with point, points (the sweep's total) and one column per axis (its YAML value);
//   JSON   one object: parameters and "results" (the CSV's fields, time also in ps), for a
//          sweep the axes, the point count, the shard if any.
// Only simulated quantities; the same results give the same bytes.
std::string render_report(const study::ResultSet& results, scenarios::ReportFormat format);

}  // namespace collsim::report
