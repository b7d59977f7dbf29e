#include "cost/tree_cost.h"

#include <bit>

#include "cost/model_arguments.h"

namespace collsim::cost {

int naive_tree_levels(int p) {
  require_world(p, "p");
  // ⌈log2 p⌉ = bit width of p−1, exact in integers (no floating-point log).
  return std::bit_width(static_cast<unsigned>(p - 1));
}

std::int64_t naive_tree_latency_steps(int p) {
  return 2 * static_cast<std::int64_t>(naive_tree_levels(p));
}

AffineCost naive_tree_allreduce_cost(int p, const HopCost& hop) {
  const auto steps = static_cast<double>(naive_tree_latency_steps(p));
  return {steps * hop.alpha_s, steps / hop.bytes_per_second};
}

double naive_tree_allreduce_seconds(int p, core::Time alpha, core::Bandwidth bandwidth,
                                    core::Bytes bytes) {
  return flat_model_seconds(naive_tree_allreduce_cost, p, alpha, bandwidth, bytes);
}

}  // namespace collsim::cost
