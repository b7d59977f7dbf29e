#include "cost/chooser.h"

#include "cost/model_arguments.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"

namespace collsim::cost {

using algorithms::Algorithm;

RingTreeChoice choose_allreduce(int world, core::Bytes nbytes, core::Time alpha,
                                core::Bandwidth ring_bw, core::Bandwidth tree_bw) {
  require_world(world);
  require_bytes(nbytes, "nbytes");
  const HopCost ring = make_hop_cost(alpha, ring_bw, "alpha", "ring_bw");
  const HopCost tree = make_hop_cost(alpha, tree_bw, "alpha", "tree_bw");
  const auto s = static_cast<double>(nbytes);
  RingTreeChoice c;
  c.ring_s = ring_allreduce_cost(world, ring).seconds(s);
  c.tree_s = naive_tree_allreduce_cost(world, tree).seconds(s);
  c.algorithm = c.ring_s <= c.tree_s ? Algorithm::RING : Algorithm::BINARY_TREE;
  return c;
}

Choice choose_algorithm(const AllReduceModels& models, core::Bytes bytes) {
  require_bytes(bytes);
  Choice c;
  for (Algorithm a : models.algorithms()) {
    const Evaluation e = models.model(a).evaluate(static_cast<double>(bytes));
    c.estimates.push_back({a, e.seconds, e.protocol});
    if (e.seconds < c.estimates[c.winner].seconds) {
      c.winner = c.estimates.size() - 1;
    }
  }
  return c;
}

}  // namespace collsim::cost
