#pragma once

#include <cstddef>
#include <optional>
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
