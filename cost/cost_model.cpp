#include "cost/cost_model.h"

#include <cassert>
#include <utility>

namespace collsim::cost {

CostVariant affine_variant(const AffineCost& cost, std::optional<Protocol> protocol) {
  return {protocol, [cost](double s) { return cost.seconds(s); }, cost};
}

CostModel::CostModel(std::vector<CostVariant> variants) : variants_(std::move(variants)) {
  assert(!variants_.empty());
}

CostModel CostModel::from_affine(const AffineCost& cost, std::optional<Protocol> protocol) {
  return CostModel({affine_variant(cost, protocol)});
}

Evaluation CostModel::evaluate(double bytes) const {
  Evaluation best{variants_.front().seconds(bytes), variants_.front().protocol};
  for (std::size_t i = 1; i < variants_.size(); ++i) {
    const double t = variants_[i].seconds(bytes);
    if (t < best.seconds) {
      best = {t, variants_[i].protocol};
    }
  }
  return best;
}

std::optional<AffineCost> CostModel::affine() const {
  if (variants_.size() != 1) {
    return std::nullopt;
  }
  return variants_.front().affine;
}

}  // namespace collsim::cost
