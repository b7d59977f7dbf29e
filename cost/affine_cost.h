#pragma once

namespace collsim::cost {

// AffineCost: a closed-form time that is affine in the message size S,
//   T(S) = latency_s + seconds_per_byte · S   (seconds; S in bytes, real-valued).
// Ring, the naive trees, two-level, and the double binary tree with a fixed chunk count all
// have this shape for fixed parameters, which is what gives crossovers a closed form
// (crossover.h). Invariant: both terms >= 0. O(1).
struct AffineCost {
  double latency_s = 0;
  double seconds_per_byte = 0;

  double seconds(double bytes) const { return latency_s + seconds_per_byte * bytes; }
};

}  // namespace collsim::cost
