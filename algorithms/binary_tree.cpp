#include "algorithms/binary_tree.h"

#include <utility>
#include <vector>

#include "algorithms/tree_collective.h"

namespace collsim::algorithms {

RankTree binary_heap_tree(Rank p, Rank root) {
  std::vector<Rank> ranks(p);
  std::vector<std::vector<std::uint32_t>> children(p);
  for (std::uint32_t v = 0; v < p; ++v) {
    ranks[v] = static_cast<Rank>((std::uint64_t{v} + root) % p);
    for (std::uint64_t c : {2 * std::uint64_t{v} + 1, 2 * std::uint64_t{v} + 2}) {
      if (c < p) {
        children[v].push_back(static_cast<std::uint32_t>(c));
      }
    }
  }
  return RankTree(std::move(ranks), children, 0);
}

Schedule generate_binary_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                              const GenerateOptions& options) {
  return single_tree_collective(Algorithm::BINARY_TREE, collective, bytes, layout, options,
                                binary_heap_tree, {});
}

}  // namespace collsim::algorithms
