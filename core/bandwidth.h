#pragma once

#include <compare>
#include <cstdint>

#include "core/time.h"

namespace collsim::core {

// Bytes: a data volume, 64-bit signed so that differences are safe. 1 KiB = 1024 B.
using Bytes = std::int64_t;

// Bandwidth: a data rate in whole bytes per second (GB/s = 1e9 B/s, Gb/s = 1e9 bit/s).
// A link's bandwidth is per direction. Invariant: >= 0 (0 means "free" where a field
// allows it, e.g. reduction bandwidth). Integer so that transfer times are exact.
class Bandwidth {
 public:
  constexpr Bandwidth() = default;
  static constexpr Bandwidth from_bytes_per_second(std::int64_t bps) { return Bandwidth(bps); }
  constexpr std::int64_t bytes_per_second() const { return bytes_per_second_; }
  constexpr bool is_zero() const { return bytes_per_second_ == 0; }
  friend constexpr auto operator<=>(Bandwidth, Bandwidth) = default;

 private:
  constexpr explicit Bandwidth(std::int64_t bps) : bytes_per_second_(bps) {}
  std::int64_t bytes_per_second_ = 0;
};

// Data in picobytes (1e-12 B): the unit in which a flow at an integer rate of R B/s
// progresses by exactly R per picosecond, so partial progress stays an integer.
// __extension__: 128-bit integers are a GCC/Clang extension that -Wpedantic flags.
__extension__ typedef __int128 Picobytes;

inline constexpr Picobytes to_picobytes(Bytes b) {
  return static_cast<Picobytes>(b) * PS_PER_SECOND;
}

// The one place where a rate becomes a time: ceil(volume / rate) on the picosecond grid.
// Precondition: rate > 0, volume >= 0. Throws std::overflow_error past Time::max().
Time transfer_time(Picobytes volume, Bandwidth rate);

// transfer_time of whole bytes: ceil(bytes * 1e12 / rate) ps, exact.
inline Time transfer_time(Bytes bytes, Bandwidth rate) {
  return transfer_time(to_picobytes(bytes), rate);
}

}  // namespace collsim::core
