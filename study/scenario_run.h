#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/algorithm.h"
#include "core/bandwidth.h"
#include "core/time.h"
#include "scenarios/scenario.h"
#include "scenarios/scenario_loader.h"

namespace collsim::study {

// RunRow: the outcome of one (algorithm, size) of a scenario — everything the reports
// print, as exact data: the simulated makespan in ps (none after a deadlock), the closed
// form in seconds (none where collsim has no formula), and the gap's cause (gap_cause.h).
struct RunRow {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;
  core::Bytes bytes = 0;
  int ranks = 0;
  std::optional<core::Time> simulated;
  std::optional<double> closed_seconds;
  std::string cause;
  friend bool operator==(const RunRow&, const RunRow&) = default;
};

// Runs one (algorithm, size) of a validated scenario: builds its fabric afresh (routes are
// cached per fabric, so runs never share one), generates the schedule, derives the closed
// form's parameters from it (closed_form.h), executes it (sim/executor.h) with the model's
// step latency plus the protocol's and the protocol's wire ratio, and explains the gap.
// A deadlock is a row, not an error. Throws core::InputError (field spec.collective or
// spec.topology) for a schedule too large to build, a pair of GPUs without a route, or a
// simulated time past core::Time::max(). Cost: the schedule's generation and simulation.
RunRow run_one(const scenarios::Scenario& scenario, algorithms::Algorithm algorithm,
               core::Bytes bytes);

// One unit of work of a sweep: point index, then indices into that point's algorithms and
// sizes. run_units lists every unit in report order: by point, then algorithm (as the file
// lists them), then size.
struct RunUnit {
  std::size_t point = 0;
  std::size_t algorithm = 0;
  std::size_t size = 0;
};
std::vector<RunUnit> run_units(const std::vector<scenarios::SweepPoint>& points);

// A point's units, which are its report rows: algorithms × sizes. O(1).
std::size_t point_run_count(const scenarios::Scenario& scenario);

// run_one for a unit.
RunRow run_unit(const std::vector<scenarios::SweepPoint>& points, const RunUnit& unit);

}  // namespace collsim::study
