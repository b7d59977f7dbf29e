#pragma once

#include <cstddef>
#include <optional>

#include "core/bandwidth.h"
#include "topology/fabric.h"

namespace collsim::topology {

// Bisection bandwidth, per direction. The GPUs are cut into two halves in gpus() order,
// i.e. by (node, local index): the first floor(G/2) and the rest. `forward` is the maximum
// flow from the first half to the second (every directed link a capacity equal to its
// bandwidth, each GPU of the first half a source and of the second a sink), `backward` the
// same the other way; `bandwidth` is the smaller. It is what one half can send to the
// other at once, whatever the routing (max-flow may split a transfer over any paths;
// passing through a GPU adds nothing, since a GPU is a source or a sink itself).
struct Bisection {
  std::size_t first_half = 0;  // GPUs in the first half
  core::Bandwidth forward;
  core::Bandwidth backward;
  core::Bandwidth bandwidth;
};

// nullopt for a fabric of one GPU. Uses Boost's push-relabel max-flow: O(V^3) worst case,
// fast in practice (well under a second for 16,384 GPUs). Throws std::overflow_error if the
// fabric's links add up to more than 2^62 B/s.
std::optional<Bisection> bisection_bandwidth(const Fabric& fabric);

}  // namespace collsim::topology
