#include "algorithms/rank_tree.h"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace collsim::algorithms {

RankTree::RankTree(std::vector<Rank> ranks, const std::vector<std::vector<std::uint32_t>>& children,
                   std::uint32_t root)
    : ranks_(std::move(ranks)), parent_(ranks_.size(), NO_VERTEX), root_(root) {
  const auto n = static_cast<std::uint32_t>(ranks_.size());
  if (children.size() != n || root >= n) {
    throw std::invalid_argument("a rank tree needs one child list per vertex and a root");
  }
  child_offsets_.reserve(n + 1);
  child_offsets_.push_back(0);
  for (std::uint32_t v = 0; v < n; ++v) {
    for (std::uint32_t c : children[v]) {
      if (c >= n || c == root || parent_[c] != NO_VERTEX) {
        throw std::invalid_argument(fmt::format("vertex {} cannot be a child of {}", c, v));
      }
      parent_[c] = v;
      children_.push_back(c);
    }
    child_offsets_.push_back(static_cast<std::uint32_t>(children_.size()));
  }
  bfs_.reserve(n);
  bfs_.push_back(root);
  for (std::size_t i = 0; i < bfs_.size(); ++i) {
    for (std::uint32_t c : this->children(bfs_[i])) {
      bfs_.push_back(c);
    }
  }
  if (bfs_.size() != n) {
    throw std::invalid_argument(
        fmt::format("the root reaches {} of the {} vertices", bfs_.size(), n));
  }
}

TreeRun::TreeRun(const RankTree& run_tree, std::vector<PieceId> run_chunks, Label run_label,
                 TreeDiscipline run_discipline)
    : tree(run_tree),
      chunks(std::move(run_chunks)),
      label(run_label),
      discipline(run_discipline),
      last_send(run_tree.size(), NO_OP),
      up_step(run_tree.size(), 0) {}

}  // namespace collsim::algorithms
