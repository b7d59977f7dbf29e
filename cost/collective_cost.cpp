#include "cost/collective_cost.h"

#include <bit>

#include "cost/double_binary_tree_cost.h"
#include "cost/model_arguments.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"

namespace collsim::cost {
namespace {

// `steps` sends of one chunk each, whose total payload crosses the critical path
// `volume_multiple` times: steps·α + volume_multiple · S/B.
AffineCost steps_cost(double steps, double volume_multiple, const HopCost& hop) {
  return {steps * hop.alpha_s, volume_multiple / hop.bytes_per_second};
}

}  // namespace

AffineCost ring_reduce_scatter_cost(int p, const HopCost& hop) {
  require_world(p, "p");
  const double steps = p - 1;
  return steps_cost(steps, steps / p, hop);
}

AffineCost ring_all_gather_cost(int p, const HopCost& hop) {
  return ring_reduce_scatter_cost(p, hop);
}

int binary_tree_depth(int p) {
  require_world(p, "p");
  return std::bit_width(static_cast<unsigned>(p)) - 1;
}

std::int64_t chain_rooted_steps(int p, int k, bool pipelined) {
  require_world(p, "p");
  require_at_least(k, 1, "k");
  return pipelined ? std::int64_t{p} + k - 2 : std::int64_t{p - 1} * k;
}

std::int64_t binary_tree_rooted_steps(int p, int k, bool pipelined) {
  require_at_least(k, 1, "k");
  const std::int64_t depth = binary_tree_depth(p);
  return pipelined ? depth + k - 1 : depth * k;
}

AffineCost chain_rooted_cost(int p, int k, bool pipelined, const HopCost& hop) {
  const auto steps = static_cast<double>(chain_rooted_steps(p, k, pipelined));
  // Every step moves one chunk of S/k.
  return steps_cost(steps, steps / k, hop);
}

AffineCost binary_tree_rooted_cost(int p, int k, bool pipelined, const HopCost& hop) {
  const auto steps = static_cast<double>(binary_tree_rooted_steps(p, k, pipelined));
  return steps_cost(steps, steps / k, hop);
}

AffineCost binomial_tree_rooted_cost(int p, const HopCost& hop) {
  const auto levels = static_cast<double>(naive_tree_levels(p));
  return steps_cost(levels, levels, hop);
}

double two_level_tree_allreduce_seconds(int nodes, int gpus_per_node, const HopCost& intra,
                                        const HopCost& inter, int k, double bytes) {
  require_at_least(nodes, 1, "nodes");
  require_at_least(gpus_per_node, 1, "gpus_per_node");
  require_world(nodes * gpus_per_node);
  double seconds = 0;
  if (gpus_per_node > 1) {
    seconds += ring_allreduce_cost(gpus_per_node, intra).seconds(bytes);
  }
  if (nodes > 1) {
    const DoubleBinaryTreeCost tree({nodes, 1, inter, inter, DbtChunking::chunk_count(k)});
    seconds += tree.seconds(bytes / gpus_per_node);
  }
  return seconds;
}

}  // namespace collsim::cost
