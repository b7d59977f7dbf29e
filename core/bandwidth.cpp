#include "core/bandwidth.h"

#include <cassert>
#include <limits>
#include <stdexcept>

namespace collsim::core {

Time transfer_time(Picobytes volume, Bandwidth rate) {
  assert(rate.bytes_per_second() > 0 && volume >= 0);
  const std::int64_t r = rate.bytes_per_second();
  if (volume <= std::numeric_limits<std::int64_t>::max() - r) {
    // The usual case (under about 9 MB): a 64-bit division, several times cheaper than the
    // 128-bit one, with the same result.
    const auto v = static_cast<std::uint64_t>(volume);
    const auto u = static_cast<std::uint64_t>(r);
    return Time::from_ps(static_cast<std::int64_t>((v + u - 1) / u));
  }
  const Picobytes ps = (volume + r - 1) / r;
  if (ps > std::numeric_limits<std::int64_t>::max()) {
    throw std::overflow_error("transfer time exceeds the simulated-time range (about 106 days)");
  }
  return Time::from_ps(static_cast<std::int64_t>(ps));
}

}  // namespace collsim::core
