#pragma once

#include <compare>
#include <cstdint>
#include <limits>

namespace collsim::core {

inline constexpr std::int64_t PS_PER_SECOND = 1'000'000'000'000;

// Time: a point or span of simulated time, an integer count of picoseconds.
// Units: ps. Range: ±2^63 ps ≈ ±106 days, far beyond any collective. Arithmetic is exact;
// callers that could overflow (rate -> time conversions) go through transfer_time(), which
// checks. Invariant: never a double, so runs are bit-for-bit reproducible. O(1) everything.
class Time {
 public:
  constexpr Time() = default;
  static constexpr Time from_ps(std::int64_t ps) { return Time(ps); }
  static constexpr Time zero() { return Time(0); }
  static constexpr Time max() { return Time(std::numeric_limits<std::int64_t>::max()); }

  constexpr std::int64_t ps() const { return ps_; }
  constexpr double seconds() const { return static_cast<double>(ps_) / PS_PER_SECOND; }

  friend constexpr auto operator<=>(Time, Time) = default;
  friend constexpr Time operator+(Time a, Time b) { return Time(a.ps_ + b.ps_); }
  friend constexpr Time operator-(Time a, Time b) { return Time(a.ps_ - b.ps_); }
  constexpr Time& operator+=(Time o) {
    ps_ += o.ps_;
    return *this;
  }
  constexpr Time& operator-=(Time o) {
    ps_ -= o.ps_;
    return *this;
  }

 private:
  constexpr explicit Time(std::int64_t ps) : ps_(ps) {}
  std::int64_t ps_ = 0;
};

}  // namespace collsim::core
