#include "cost/bus_bandwidth.h"

#include <stdexcept>

#include <fmt/format.h>

#include "cost/model_arguments.h"

namespace collsim::cost {

using algorithms::Collective;

double bus_bandwidth_factor(Collective c, int p) {
  require_at_least(p, 1, "p");
  const double ranks = p;
  switch (c) {
    case Collective::ALL_REDUCE:
      return 2 * (ranks - 1) / ranks;
    case Collective::REDUCE_SCATTER:
    case Collective::ALL_GATHER:
      return (ranks - 1) / ranks;
    case Collective::BROADCAST:
    case Collective::REDUCE:
      return 1;
  }
  throw std::invalid_argument("unknown collective");
}

double algorithm_bandwidth(double bytes, double seconds) {
  if (!(bytes >= 0)) {
    throw std::invalid_argument(fmt::format("bytes must be >= 0 (got {})", bytes));
  }
  if (!(seconds > 0)) {
    throw std::invalid_argument(fmt::format("seconds must be > 0 (got {})", seconds));
  }
  return bytes / seconds;
}

double bus_bandwidth(Collective c, int p, double algbw) {
  return algbw * bus_bandwidth_factor(c, p);
}

double algorithm_bandwidth_from_bus(Collective c, int p, double busbw) {
  const double factor = bus_bandwidth_factor(c, p);
  if (factor == 0) {
    throw std::invalid_argument(
        fmt::format("p must be at least 2 to turn a {} bus bandwidth into an algorithm bandwidth",
                    collective_name(c)));
  }
  return busbw / factor;
}

}  // namespace collsim::cost
