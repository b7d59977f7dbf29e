#include "cost/two_level_cost.h"

#include <cstdint>
#include <stdexcept>

#include "cost/model_arguments.h"

namespace collsim::cost {

AffineCost two_level_allreduce_cost(const TwoLevelParams& params) {
  require_at_least(params.nodes, 1, "nodes");
  require_at_least(params.gpus_per_node, 1, "gpus_per_node");
  if (static_cast<std::int64_t>(params.nodes) * params.gpus_per_node < 2) {
    throw std::invalid_argument("nodes x gpus_per_node must be at least 2 ranks (got 1)");
  }
  const double g = params.gpus_per_node;
  const double n = params.nodes;
  const double intra_steps = 2 * (g - 1);
  const double inter_steps = 2 * (n - 1);
  return {intra_steps * params.intra.alpha_s + inter_steps * params.inter.alpha_s,
          intra_steps / g / params.intra.bytes_per_second +
              inter_steps / n / g / params.inter.bytes_per_second};
}

}  // namespace collsim::cost
