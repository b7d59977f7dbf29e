#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "algorithms/algorithm.h"
#include "cost/allreduce_models.h"
#include "cost/protocol.h"
#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// The lesson's chooser, choose_allreduce(world, nbytes, alpha_s, ring_bw, tree_bw): ring
// against the naive tree (tree_cost.h; binary and binomial share the formula, so the tree
// is reported as BINARY_TREE). Returns the choice with both estimates, for audit; a tie
// goes to the ring. Throws std::invalid_argument naming the parameter for world < 2,
// nbytes < 0, alpha < 0, ring_bw <= 0 or tree_bw <= 0. O(1).
struct RingTreeChoice {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;  // RING or BINARY_TREE
  double ring_s = 0;
  double tree_s = 0;
};
RingTreeChoice choose_allreduce(int world, core::Bytes nbytes, core::Time alpha,
                                core::Bandwidth ring_bw, core::Bandwidth tree_bw);

// One algorithm's closed-form time at one size, and the protocol it assumes (none in the
// plain α-β view).
struct Estimate {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;
  double seconds = 0;
  std::optional<Protocol> protocol;
};

// The generalised chooser: every estimate, in models.algorithms() order (ring, binary_tree,
// binomial_tree, double_binary_tree, two_level), and the fastest; a tie goes to the earliest
// in that order, so ring wins every tie. Throws std::invalid_argument for bytes < 0.
// O(algorithms · protocols).
struct Choice {
  std::vector<Estimate> estimates;
  std::size_t winner = 0;  // index into estimates

  const Estimate& best() const { return estimates[winner]; }
};
Choice choose_algorithm(const AllReduceModels& models, core::Bytes bytes);

}  // namespace collsim::cost
