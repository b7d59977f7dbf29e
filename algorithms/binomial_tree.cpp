#include "algorithms/binomial_tree.h"

#include <utility>
#include <vector>

#include "algorithms/tree_collective.h"

namespace collsim::algorithms {

RankTree binomial_tree(Rank p, Rank root) {
  std::uint64_t top = 1;
  while (top < p) {
    top <<= 1;
  }
  std::vector<Rank> ranks(p);
  std::vector<std::vector<std::uint32_t>> children(p);
  for (std::uint32_t v = 0; v < p; ++v) {
    ranks[v] = static_cast<Rank>((std::uint64_t{v} + root) % p);
    const std::uint64_t low = v == 0 ? top : (v & (~v + 1));
    for (std::uint64_t b = low >> 1; b >= 1; b >>= 1) {
      if (v + b < p) {
        children[v].push_back(static_cast<std::uint32_t>(v + b));
      }
    }
  }
  return RankTree(std::move(ranks), children, 0);
}

Schedule generate_binomial_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                                const GenerateOptions& options) {
  validate_request(Algorithm::BINOMIAL_TREE, collective, bytes, layout, options);
  const Rank root = collective == Collective::ALL_REDUCE ? 0 : options.root;
  const std::vector<RankTree> trees(options.channels, binomial_tree(layout.num_ranks(), root));
  return tree_collective(collective, bytes, layout.num_ranks(), options, ChunkDefault::WHOLE,
                         TreeDiscipline{.single_port = true, .serial_receives = true}, trees);
}

}  // namespace collsim::algorithms
