#pragma once

#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// HopCost: the α-β price of one send step over one hop — alpha_s seconds of latency plus
// bytes / bytes_per_second. Real-valued because the closed forms are formulas (a protocol
// scales the bandwidth by its payload fraction, see protocol.h); the simulator's integer
// core::Time never passes through here. Bandwidth is per direction.
// Invariant (checked by make_hop_cost): alpha_s >= 0, bytes_per_second > 0. O(1).
struct HopCost {
  double alpha_s = 0;
  double bytes_per_second = 1;

  // α + bytes / B.
  double seconds(double bytes) const { return alpha_s + bytes / bytes_per_second; }
};

// Converts core types; throws std::invalid_argument naming `alpha_name` for a negative
// latency or `bandwidth_name` for a non-positive bandwidth.
HopCost make_hop_cost(core::Time alpha, core::Bandwidth bandwidth,
                      std::string_view alpha_name = "alpha",
                      std::string_view bandwidth_name = "bandwidth");

}  // namespace collsim::cost
