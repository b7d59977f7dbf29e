#include "topology/diameter.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <vector>

namespace collsim::topology {

GpuDiameter gpu_diameter(const Fabric& fabric) {
  const std::span<const VertexId> gpus = fabric.gpus();
  const std::size_t n = fabric.num_vertices();
  std::vector<bool> is_gpu(n, false);
  for (const VertexId g : gpus) {
    is_gpu[g] = true;
  }
  GpuDiameter result;
  std::vector<std::uint64_t> seen(n);
  std::vector<std::uint64_t> frontier(n);
  std::vector<std::uint64_t> next(n);
  for (std::size_t batch = 0; batch < gpus.size(); batch += 64) {
    const std::size_t size = std::min<std::size_t>(64, gpus.size() - batch);
    std::fill(seen.begin(), seen.end(), 0);
    std::fill(frontier.begin(), frontier.end(), 0);
    for (std::size_t i = 0; i < size; ++i) {
      seen[gpus[batch + i]] = frontier[gpus[batch + i]] = std::uint64_t{1} << i;
    }
    for (int level = 1;; ++level) {
      std::fill(next.begin(), next.end(), 0);
      for (VertexId u = 0; u < n; ++u) {
        if (frontier[u] == 0) {
          continue;
        }
        for (const EdgeId e : fabric.links_of(u)) {
          next[fabric.link(e).to] |= frontier[u];
        }
      }
      bool more = false;
      for (VertexId v = 0; v < n; ++v) {
        const std::uint64_t fresh = next[v] & ~seen[v];
        seen[v] |= fresh;
        // A GPU reached here ends those paths: it is never a transit vertex.
        frontier[v] = is_gpu[v] ? 0 : fresh;
        more = more || frontier[v] != 0;
        if (fresh != 0 && is_gpu[v]) {
          result.hops = std::max(result.hops, level);
        }
      }
      if (!more) {
        break;
      }
    }
    for (const VertexId g : gpus) {
      result.unreachable_pairs += size - static_cast<std::size_t>(std::popcount(seen[g]));
    }
  }
  return result;
}

}  // namespace collsim::topology
