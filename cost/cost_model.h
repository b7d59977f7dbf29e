#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "cost/affine_cost.h"
#include "cost/protocol.h"

namespace collsim::cost {

// CostVariant: one way to run an algorithm — under a protocol, or in the plain α-β model
// (no protocol) — with its closed-form time in seconds as a function of the message size
// in bytes (real-valued, >= 0). `affine` is set when that function is affine.
struct CostVariant {
  std::optional<Protocol> protocol;
  std::function<double(double)> seconds;
  std::optional<AffineCost> affine;
};

// A variant whose time is `cost`.
CostVariant affine_variant(const AffineCost& cost, std::optional<Protocol> protocol = {});

// The time of the fastest variant at one size, and which variant it was.
struct Evaluation {
  double seconds = 0;
  std::optional<Protocol> protocol;
};

// CostModel: an algorithm's closed-form time for fixed parameters: at each size, the
// fastest of its variants (one variant, unless a protocol is chosen per size); ties go to
// the earlier variant. Invariant: at least one variant. evaluate() is O(variants).
class CostModel {
 public:
  explicit CostModel(std::vector<CostVariant> variants);
  // One affine variant.
  static CostModel from_affine(const AffineCost& cost, std::optional<Protocol> protocol = {});

  Evaluation evaluate(double bytes) const;
  double seconds(double bytes) const { return evaluate(bytes).seconds; }
  // The affine form of the whole model: only with a single affine variant (the minimum of
  // several lines is not a line).
  std::optional<AffineCost> affine() const;

 private:
  std::vector<CostVariant> variants_;
};

}  // namespace collsim::cost
