#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenarios/model_request.h"
#include "scenarios/scenario_loader.h"
#include "scenarios/scenario_run.h"

namespace collsim::scenarios {

// A slice of a sweep for one machine: the points p with p mod count == index (round robin,
// so slow points — the large ones at the end of an axis — spread over the shards).
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
  bool contains(std::size_t point) const { return point % count == index; }
};

// Parses "i/N" (0 <= i < N); throws core::InputError at "command line", field "--shard".
Shard parse_shard(std::string_view text);

// ResultSet: what a report shows — the loaded scenario, the points that ran (increasing)
// and each point's rows in run_units() order. `sweep`: the sweep's layout (point and axis
// columns); `shard`: the slice it is, if any.
struct ResultSet {
  const LoadedScenario* loaded = nullptr;
  bool sweep = false;
  std::optional<Shard> shard;
  std::vector<std::size_t> points;
  std::vector<std::vector<RunRow>> rows;
};

// The report of `collsim run` / `collsim sweep` in one format (docs/scenario-format.md,
// "Outputs"). Per row, nccl-tests' columns — size (B), count (float32 elements, size/4),
// type (float), redop (sum, or none for allgather and broadcast), time (simulated, us), algbw
// and busbw (GB/s = 1e9 B/s, busbw by algorithms/bus_bandwidth.h) — then the closed form (us),
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
std::string render_report(const ResultSet& results, ReportFormat format);

}  // namespace collsim::scenarios
