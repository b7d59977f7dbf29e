#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scenarios/scenario_loader.h"
#include "study/scenario_run.h"

namespace collsim::study {

// A slice of a sweep for one machine: the points p with p mod count == index (round robin,
// so slow points — the large ones at the end of an axis — spread over the shards).
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;
  bool contains(std::size_t point) const { return point % count == index; }
};

// Parses "i/N" (0 <= i < N); throws core::InputError at "command line", field "--shard".
Shard parse_shard(std::string_view text);

// What a result is of: a 64-bit digest (16 hex digits) of the effective scenario with its
// sweep (scenarios/scenario_writer.h), leaving out metadata.description and spec.outputs,
// which change no result. The shards of one sweep share it; `merge` refuses inputs that do
// not, and `check` says when a baseline was written from another version of the scenario.
// O(size of the effective YAML).
std::string scenario_digest(const scenarios::Scenario& base);

// ResultSet: what a report shows — the loaded scenario, the points that ran (increasing)
// and each point's rows in run_units() order. `sweep`: the sweep's layout (point and axis
// columns); `shard`: the slice it is, if any.
struct ResultSet {
  const scenarios::LoadedScenario* loaded = nullptr;
  bool sweep = false;
  std::optional<Shard> shard;
  std::vector<std::size_t> points;
  std::vector<std::vector<RunRow>> rows;
};

}  // namespace collsim::study
