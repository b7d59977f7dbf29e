#include "core/bandwidth.h"

#include <cassert>
#include <limits>
#include <stdexcept>

namespace collsim::core {

Time transfer_time(Picobytes volume, Bandwidth rate) {
  assert(rate.bytes_per_second() > 0 && volume >= 0);
  const Picobytes r = rate.bytes_per_second();
  const Picobytes ps = (volume + r - 1) / r;
  if (ps > std::numeric_limits<std::int64_t>::max()) {
    throw std::overflow_error("transfer time exceeds the simulated-time range (about 106 days)");
  }
  return Time::from_ps(static_cast<std::int64_t>(ps));
}

}  // namespace collsim::core
