#pragma once

#include <cstdint>
#include <functional>

#include "cost/affine_cost.h"
#include "cost/cost_model.h"

namespace collsim::cost {

enum class CrossoverKind : std::uint8_t {
  AT,            // the two times are equal at S* > 0 and swap order there
  NEVER,         // one is faster (or equal) for every S >= 0
  ALWAYS_EQUAL,  // the same time at every size
};

enum class CrossoverMethod : std::uint8_t { CLOSED_FORM, NUMERIC };

enum class Faster : std::uint8_t { FIRST, SECOND, NEITHER };

// Crossover: where two closed-form times meet.
//   AT:           bytes = S* > 0; `faster` is the one faster for S < S* (the other is faster
//                 just above S*).
//   NEVER:        `faster` is the one that is faster for every S > 0.
//   ALWAYS_EQUAL: faster = NEITHER.
struct Crossover {
  CrossoverKind kind = CrossoverKind::NEVER;
  double bytes = 0;
  Faster faster = Faster::NEITHER;
  CrossoverMethod method = CrossoverMethod::CLOSED_FORM;
};

// Closed form for T1 = a1 + b1·S and T2 = a2 + b2·S: S* = (a2 − a1)/(b1 − b2) when
// b1 != b2 and S* > 0. For ring vs naive tree with p a power of two this is the lesson's
//   S* = 2(p − 1 − log2 p)·α / (2 log2 p / B_tree − 2(p − 1)/(p·B_ring)).
// O(1).
Crossover affine_crossover(const AffineCost& first, const AffineCost& second);

// Numeric search for curves that are not affine (a DBT whose chunk count follows the size,
// a protocol chosen per size). The difference T1 − T2 is sampled at S = 0 and on a grid of
// 16 points per doubling from 1 B to max_bytes; at the first change of sign the bracket is
// bisected on doubles until its ends are adjacent doubles, so S* is the first size on the
// new side to within one unit in the last place. Only the first crossing is reported, and
// two crossings closer together than the grid (2^(1/16) ≈ 4.4%) can be missed. A jump of a
// discontinuous curve (a new chunk) can be the crossing. Times within a relative
// NUMERIC_CROSSOVER_TIE of each other count as equal. O(16·log2(max_bytes) + 64)
// evaluations.
inline constexpr double NUMERIC_CROSSOVER_MAX_BYTES = 1125899906842624.0;  // 2^50 B = 1 PiB
inline constexpr double NUMERIC_CROSSOVER_TIE = 1e-12;
Crossover numeric_crossover(const std::function<double(double)>& first,
                            const std::function<double(double)>& second,
                            double max_bytes = NUMERIC_CROSSOVER_MAX_BYTES);

// Closed form when both models are affine, numeric otherwise.
Crossover crossover(const CostModel& first, const CostModel& second);

}  // namespace collsim::cost
