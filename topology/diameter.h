#pragma once

#include <cstddef>

#include "topology/fabric.h"

namespace collsim::topology {

// The hop diameter between GPUs: the longest shortest path, in links, over all ordered
// pairs of GPUs that have a route (paths never pass through another GPU, as in routing),
// and how many ordered pairs have none (e.g. GPUs of a hybrid cube mesh without a direct
// NVLink). `hops` is 0 for a single GPU.
struct GpuDiameter {
  int hops = 0;
  std::size_t unreachable_pairs = 0;
};

// Breadth-first search from every GPU, 64 sources at a time as bits of one word per
// vertex: O(G/64 x D x (V + E)) word operations for D the diameter.
GpuDiameter gpu_diameter(const Fabric& fabric);

}  // namespace collsim::topology
