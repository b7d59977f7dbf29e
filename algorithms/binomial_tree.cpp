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
  return single_tree_collective(Algorithm::BINOMIAL_TREE, collective, bytes, layout, options,
                                binomial_tree,
                                TreeDiscipline{.single_port = true, .serial_receives = true});
}

}  // namespace collsim::algorithms
