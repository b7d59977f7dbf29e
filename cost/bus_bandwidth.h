#pragma once

#include "algorithms/algorithm.h"

namespace collsim::cost {

// Algorithm and bus bandwidth as nccl-tests defines them (its doc/PERFORMANCE.md):
//   algbw = S / t
//   busbw = algbw · factor, factor = 2(p−1)/p for AllReduce, (p−1)/p for ReduceScatter and
//           AllGather, 1 for Broadcast and Reduce
// busbw makes algorithms comparable with the per-direction link bandwidth: a ring
// AllReduce at busbw B keeps every link busy at B. Bandwidths in bytes per second (divide by
// 1e9 for nccl-tests' GB/s). Preconditions (std::invalid_argument otherwise): p >= 1;
// bytes >= 0; seconds > 0; a factor of 0 (p = 1) cannot be inverted. O(1).
double bus_bandwidth_factor(algorithms::Collective c, int p);
double algorithm_bandwidth(double bytes, double seconds);
double bus_bandwidth(algorithms::Collective c, int p, double algbw);
double algorithm_bandwidth_from_bus(algorithms::Collective c, int p, double busbw);

}  // namespace collsim::cost
