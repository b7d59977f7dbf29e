#include "cost/crossover.h"

#include <algorithm>
#include <cmath>

namespace collsim::cost {
namespace {

int sign(double d) {
  return d < 0 ? -1 : (d > 0 ? 1 : 0);
}

Faster faster_for_sign(int s) {
  return s < 0 ? Faster::FIRST : Faster::SECOND;
}

constexpr int GRID_POINTS_PER_DOUBLING = 16;

}  // namespace

Crossover affine_crossover(const AffineCost& first, const AffineCost& second) {
  const double da = first.latency_s - second.latency_s;
  const double db = first.seconds_per_byte - second.seconds_per_byte;
  if (db == 0) {
    if (da == 0) {
      return {CrossoverKind::ALWAYS_EQUAL, 0, Faster::NEITHER, CrossoverMethod::CLOSED_FORM};
    }
    return {CrossoverKind::NEVER, 0, faster_for_sign(sign(da)), CrossoverMethod::CLOSED_FORM};
  }
  const double at = (second.latency_s - first.latency_s) / db;
  if (at > 0 && std::isfinite(at)) {
    // Below S* the order is that at S = 0, where T1 − T2 = da.
    return {CrossoverKind::AT, at, faster_for_sign(sign(da)), CrossoverMethod::CLOSED_FORM};
  }
  // S* <= 0: for every S > 0 the slope decides.
  return {CrossoverKind::NEVER, 0, faster_for_sign(sign(db)), CrossoverMethod::CLOSED_FORM};
}

Crossover numeric_crossover(const std::function<double(double)>& first,
                            const std::function<double(double)>& second, double max_bytes) {
  // Differences at the rounding level of the times are ties, not crossings: curves that are
  // equal by formula (the DBT with one chunk and the ring for p = 2) would otherwise cross
  // wherever their last bits differ.
  auto diff_sign = [&](double s) {
    const double a = first(s);
    const double b = second(s);
    return std::fabs(a - b) <= NUMERIC_CROSSOVER_TIE * std::max(std::fabs(a), std::fabs(b))
               ? 0
               : sign(a - b);
  };
  int initial = 0;     // the sign before the crossing (0 until the curves first differ)
  double last_at = 0;  // the last sample with that sign
  for (int i = 0;; ++i) {
    const double s =
        i == 0 ? 0.0 : std::exp2(static_cast<double>(i - 1) / GRID_POINTS_PER_DOUBLING);
    if (s > max_bytes) {
      break;
    }
    const int d = diff_sign(s);
    if (d == 0 || d == initial || initial == 0) {
      if (d != 0) {
        initial = d;
        last_at = s;
      }
      continue;
    }
    double lo = last_at;
    double hi = s;
    for (;;) {
      const double mid = lo + (hi - lo) / 2;
      if (mid <= lo || mid >= hi) {
        break;
      }
      (diff_sign(mid) == initial ? lo : hi) = mid;
    }
    return {CrossoverKind::AT, hi, faster_for_sign(initial), CrossoverMethod::NUMERIC};
  }
  if (initial == 0) {
    return {CrossoverKind::ALWAYS_EQUAL, 0, Faster::NEITHER, CrossoverMethod::NUMERIC};
  }
  return {CrossoverKind::NEVER, 0, faster_for_sign(initial), CrossoverMethod::NUMERIC};
}

Crossover crossover(const CostModel& first, const CostModel& second) {
  const auto a = first.affine();
  const auto b = second.affine();
  if (a && b) {
    return affine_crossover(*a, *b);
  }
  return numeric_crossover([&first](double s) { return first.seconds(s); },
                           [&second](double s) { return second.seconds(s); });
}

}  // namespace collsim::cost
