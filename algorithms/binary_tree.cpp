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
  validate_request(Algorithm::BINARY_TREE, collective, bytes, layout, options);
  const Rank root = collective == Collective::ALL_REDUCE ? 0 : options.root;
  const std::vector<RankTree> trees(options.channels, binary_heap_tree(layout.num_ranks(), root));
  return tree_collective(collective, bytes, layout.num_ranks(), options, ChunkDefault::WHOLE, {},
                         trees);
}

}  // namespace collsim::algorithms
