#include "cost/model_arguments.h"

#include <stdexcept>

#include <fmt/format.h>

namespace collsim::cost {

void require_world(int world, std::string_view name) {
  if (world < 2) {
    throw std::invalid_argument(
        fmt::format("{} must be at least 2 ranks (got {}); a collective needs two", name, world));
  }
}

void require_at_least(int value, int minimum, std::string_view name) {
  if (value < minimum) {
    throw std::invalid_argument(
        fmt::format("{} must be at least {} (got {})", name, minimum, value));
  }
}

void require_bytes(core::Bytes bytes, std::string_view name) {
  if (bytes < 0) {
    throw std::invalid_argument(fmt::format("{} must be >= 0 (got {} B)", name, bytes));
  }
}

void require_latency(core::Time latency, std::string_view name) {
  if (latency < core::Time::zero()) {
    throw std::invalid_argument(fmt::format("{} must be >= 0 (got {} ps)", name, latency.ps()));
  }
}

void require_bandwidth(core::Bandwidth bandwidth, std::string_view name) {
  if (bandwidth.bytes_per_second() <= 0) {
    throw std::invalid_argument(
        fmt::format("{} must be > 0 (got {} B/s)", name, bandwidth.bytes_per_second()));
  }
}

}  // namespace collsim::cost
