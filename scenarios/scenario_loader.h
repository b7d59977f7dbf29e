#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "scenarios/scenario.h"

namespace collsim::scenarios {

// One `--set path=value` from the command line: the field (a YamlPath, e.g.
// "spec.topology.nodes") and its new value, YAML text (a scalar "16", a flow list
// "[ring, two_level]", a flow map "{from: 1KiB, to: 1GiB}").
struct Override {
  std::string path;
  std::string value;
};

// Parses "path=value". Throws core::InputError at "command line", field "--set", for text
// without '=' or a malformed path.
Override parse_override(std::string_view text);

// The --set flags, in order, as overrides (parse_override each).
std::vector<Override> parse_set_flags(const std::vector<std::string>& set);

// One point of a sweep: the scenario with the axis values set (its own `sweep` empty), and
// those values as YAML flow text, one per axis.
struct SweepPoint {
  Scenario scenario;
  std::vector<std::string> values;
};

// A scenario file as loaded: `base` is the file as written (with the overrides applied and
// its sweep axes kept); `points` are the sweep's points, the cartesian product of the axes
// with the first axis varying slowest — or, without a sweep, the one point `base`.
struct LoadedScenario {
  Scenario base;
  std::vector<SweepPoint> points;
};

inline constexpr std::size_t MAX_SWEEP_POINTS = 10'000;
// What validating a sweep may build, in estimated fabric bytes (topology/fabric_size.h)
// summed over the points whose topology differs from the previous point's: about 10 M
// vertices and links, some seconds of building.
inline constexpr std::uint64_t MAX_SWEEP_FABRIC_BYTES = 4ULL << 30;  // 4 GiB

// Reads and validates a Scenario file (docs/scenario-format.md): the file itself, then
// every sweep point — each built as the document with the axis paths set to the point's
// values and read again, so an axis may set any field and a bad value is reported at its
// own line:col. Overrides are applied to the document first, in order.
// Throws core::InputError ("<file>:<line>:<col>: <key.path>: <message>") for anything
// wrong: syntax, unknown keys, wrong types, missing units, out-of-range values, a topology
// that does not build, a placement that does not fit it, algorithms without a generator for
// the collective or options they reject. An error caused by an override is reported at
// "command line", field "--set <key.path>"; one that only a sweep point has names the point.
// A sweep whose points' fabrics sum beyond MAX_SWEEP_FABRIC_BYTES is refused at spec.sweep
// before any point is built. `progress`: where a "\r"-updated line shows the points
// validated once that takes over a second (stderr on a terminal), or nullptr.
// Complexity: O(points · file + distinct consecutive fabrics).
LoadedScenario load_scenario_file(const std::string& path,
                                  const std::vector<Override>& overrides = {},
                                  std::ostream* progress = nullptr);
// The same from text; `file` is the name errors show.
LoadedScenario load_scenario_text(std::string_view text, std::string file,
                                  const std::vector<Override>& overrides = {});

}  // namespace collsim::scenarios
