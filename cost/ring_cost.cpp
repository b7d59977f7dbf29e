#include "cost/ring_cost.h"

#include "cost/model_arguments.h"

namespace collsim::cost {

std::int64_t ring_latency_steps(int p) {
  require_world(p, "p");
  return 2 * (static_cast<std::int64_t>(p) - 1);
}

AffineCost ring_allreduce_cost(int p, const HopCost& hop) {
  const auto steps = static_cast<double>(ring_latency_steps(p));
  return {steps * hop.alpha_s, steps / p / hop.bytes_per_second};
}

double ring_allreduce_seconds(int p, core::Time alpha, core::Bandwidth bandwidth,
                              core::Bytes bytes) {
  return flat_model_seconds(ring_allreduce_cost, p, alpha, bandwidth, bytes);
}

}  // namespace collsim::cost
