#include "topology/parameter_checks.h"

#include <cmath>
#include <string>

#include <fmt/format.h>

#include "core/units.h"
#include "topology/fabric_builder.h"
#include "topology/topology_error.h"

namespace collsim::topology {

void check_at_least(long long value, long long min, std::string_view field) {
  if (value < min) {
    throw TopologyError(std::string(field),
                        fmt::format("must be at least {} (got {})", min, value));
  }
}

void check_at_most(long long value, long long max, std::string_view field) {
  if (value > max) {
    throw TopologyError(std::string(field), fmt::format("must be at most {} (got {})", max, value));
  }
}

void check_radix(int radix, std::string_view field) {
  if (radix < 2 || radix > MAX_RADIX || radix % 2 != 0) {
    throw TopologyError(
        std::string(field),
        fmt::format("must be an even number of ports from 2 to {} (got {})", MAX_RADIX, radix));
  }
}

void check_bandwidth(core::Bandwidth bandwidth, std::string_view field) {
  if (bandwidth.bytes_per_second() <= 0) {
    throw TopologyError(std::string(field), fmt::format("must be greater than zero (got {} B/s)",
                                                        bandwidth.bytes_per_second()));
  }
  if (bandwidth.bytes_per_second() > MAX_LINK_BYTES_PER_SECOND) {
    throw TopologyError(std::string(field), fmt::format("{} is above the limit of 1000TB/s",
                                                        core::format_bandwidth(bandwidth)));
  }
}

void check_latency(core::Time latency, std::string_view field) {
  if (latency.ps() < 0) {
    throw TopologyError(std::string(field),
                        fmt::format("must not be negative (got {} ps)", latency.ps()));
  }
  if (latency.ps() > MAX_LINK_LATENCY_PS) {
    throw TopologyError(std::string(field),
                        fmt::format("{} is above the limit of 1s", core::format_time(latency)));
  }
}

void check_tiers(int tiers, std::string_view field) {
  if (tiers != 2 && tiers != 3) {
    throw TopologyError(std::string(field), fmt::format("must be 2 or 3 (got {})", tiers));
  }
}

void check_oversubscription(double ratio, std::string_view field) {
  if (!std::isfinite(ratio) || ratio < 1.0) {
    throw TopologyError(std::string(field), fmt::format("must be at least 1 (got {})", ratio));
  }
}

}  // namespace collsim::topology
