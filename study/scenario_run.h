#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/algorithm.h"
#include "core/bandwidth.h"
#include "core/time.h"
#include "cost/protocol.h"
#include "scenarios/scenario.h"
#include "scenarios/scenario_loader.h"

namespace collsim::study {

// One of NCCL's (algorithm, protocol, channels) for a size: NCCL's own predicted time
// (cost/nccl_tuner.h) and, once run, the simulated one.
struct NcclCandidate {
  algorithms::Algorithm algorithm = algorithms::Algorithm::NCCL_RING;  // or NCCL_TREE
  cost::Protocol protocol = cost::Protocol::SIMPLE;
  int channels = 1;
  double predicted_us = 0;
  std::optional<core::Time> simulated;
  friend bool operator==(const NcclCandidate&, const NcclCandidate&) = default;
};

// "ring/ll128/16": the candidate's algorithm (nccl_ring, nccl_tree without the prefix),
// protocol and channels.
std::string nccl_candidate_text(const NcclCandidate& c);

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
  // Algorithm nccl: NCCL's pick, whose simulation the row holds, and, if another of NCCL's
  // candidates simulated faster, the fastest of them.
  std::optional<NcclCandidate> nccl_pick;
  std::optional<NcclCandidate> nccl_faster;
  friend bool operator==(const RunRow&, const RunRow&) = default;
};

// What the reports print as a row's algorithm: its name, and for nccl its pick
// ("nccl:tree/ll128/16").
std::string row_algorithm_text(const RunRow& row);

// Algorithm nccl (cost/nccl_tuner.h, hardware from study/nccl_hardware.h): NCCL's pick for
// the size is simulated as its algorithm with its protocol and channel count, and so is
// every other enabled candidate NCCL's model prices within 2× of the pick that fits the engine
// (algorithms::MAX_OPS; those that do not are named); the row is the
// pick's, with its cause prefixed by NCCL's predicted time and the fastest candidate that
// simulated faster.
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
