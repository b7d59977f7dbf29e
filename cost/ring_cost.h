#pragma once

#include <cstdint>

#include "cost/affine_cost.h"
#include "cost/hop_cost.h"
#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// Ring AllReduce over p ranks: a reduce-scatter then an all-gather around one ring, each
// p−1 steps in which every rank sends one piece of S/p bytes to its successor:
//
//   T_ring(S) = 2(p−1)·α + 2(p−1)/p · S/B
//
// Assumptions: every rank sends and receives at once at B per direction with no
// contention (each ring edge is its own link); a step costs α + (S/p)/B; the reduction is
// free. This is, literally, what the contention-free ("ideal") simulation of the ring
// schedule reproduces, so keep it exactly this formula.
// Preconditions (std::invalid_argument otherwise): p >= 2. O(1).

// 2(p−1): the α multiplier (126 for p = 64).
std::int64_t ring_latency_steps(int p);

AffineCost ring_allreduce_cost(int p, const HopCost& hop);

// T_ring in seconds from core types; rejects negative α or bytes and non-positive B.
double ring_allreduce_seconds(int p, core::Time alpha, core::Bandwidth bandwidth,
                              core::Bytes bytes);

}  // namespace collsim::cost
