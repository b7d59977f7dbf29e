#pragma once

#include <string_view>
#include <vector>

#include "core/bandwidth.h"

namespace collsim::scenarios {

// The message sizes of a geometric sweep: from, from·factor, from·factor², … while <= to
// (`to` itself only when the sequence reaches it). At most 63 sizes (factor >= 2, 64-bit
// bytes). Throws std::invalid_argument for from < 1 B, to < from, or factor < 2. O(sizes).
std::vector<core::Bytes> size_sweep(core::Bytes from, core::Bytes to, int factor);

// Parses "FROM:TO:xFACTOR", e.g. "1KiB:1GiB:x2": two sizes in core/units.h spelling and an
// integer factor >= 2 written after an 'x'. Throws std::invalid_argument (core::UnitError for
// a bad size) whose message says what is wrong and shows the expected form.
std::vector<core::Bytes> parse_size_sweep(std::string_view text);

}  // namespace collsim::scenarios
