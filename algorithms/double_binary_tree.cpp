#include "algorithms/double_binary_tree.h"

#include <utility>
#include <vector>

#include "algorithms/broadcast.h"
#include "algorithms/double_binary_tree_shape.h"
#include "algorithms/op_bound.h"
#include "algorithms/piece_split.h"
#include "algorithms/reduce.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

RankTree double_binary_rank_tree(const RankLayout& layout, int tree, std::uint32_t channel) {
  const BinaryTree shape =
      double_binary_tree(static_cast<int>(layout.num_nodes()))[static_cast<std::size_t>(tree)];
  const Rank p = layout.num_ranks();
  // Vertex = rank.
  std::vector<Rank> ranks(p);
  for (Rank r = 0; r < p; ++r) {
    ranks[r] = r;
  }
  std::vector<Rank> head(layout.num_nodes());
  const auto pick = 2 * channel + static_cast<std::uint32_t>(tree);
  for (Rank x = 0; x < layout.num_nodes(); ++x) {
    head[x] = layout.rank_of(x, layout.spread_local(x, pick));
  }
  std::vector<std::vector<std::uint32_t>> children(p);
  for (Rank x = 0; x < layout.num_nodes(); ++x) {
    const Rank g = layout.node_size(x);
    const Rank h = layout.local_index(head[x]);
    const TreeVertex& v = shape.vertices[x];
    for (int c : {v.child0, v.child1}) {
      if (c >= 0) {
        children[head[x]].push_back(head[static_cast<std::size_t>(c)]);
      }
    }
    for (Rank q = 0; q + 1 < g; ++q) {
      children[layout.rank_of(x, (h + q) % g)].push_back(layout.rank_of(x, (h + q + 1) % g));
    }
  }
  return RankTree(std::move(ranks), children, head[static_cast<std::size_t>(shape.root)]);
}

Schedule generate_double_binary_tree(Collective collective, core::Bytes bytes,
                                     const RankLayout& layout, const GenerateOptions& options) {
  validate_request(Algorithm::DOUBLE_BINARY_TREE, collective, bytes, layout, options);
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(options, largest_part(largest_part(bytes, channels), 2),
                                           ChunkDefault::PIPELINED);
  const std::uint64_t fanout[] = {channels, 2, k};
  const std::uint64_t ops_bound =
      require_op_budget(double_binary_tree_op_bound(bytes, layout.num_ranks(), options));
  std::vector<RankTree> trees;
  for (std::uint32_t c = 0; c < channels; ++c) {
    for (int t = 0; t < 2; ++t) {
      trees.push_back(double_binary_rank_tree(layout, t, c));
    }
  }
  return build_schedule(Schedule(layout.num_ranks(), nested_split(bytes, fanout)), ops_bound,
                        [&](ScheduleBuilder& b) {
                          for (std::uint32_t c = 0; c < channels; ++c) {
                            for (std::uint32_t t = 0; t < 2; ++t) {
                              std::vector<PieceId> chunks(k);
                              for (std::uint32_t j = 0; j < k; ++j) {
                                chunks[j] = (c * 2 + t) * k + j;
                              }
                              Label label;
                              label.channel = static_cast<std::uint16_t>(c);
                              label.tree = static_cast<std::uint8_t>(t);
                              label.phase = Phase::REDUCE;
                              TreeRun run(trees[c * 2 + t], std::move(chunks), label, {});
                              const std::vector<DepList> reduced = tree_reduce(b, run, options, {});
                              run.label.phase = Phase::BROADCAST;
                              tree_broadcast(b, run, options, reduced);
                            }
                          }
                        });
}

}  // namespace collsim::algorithms
