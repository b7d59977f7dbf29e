#include "algorithms/double_binary_tree.h"

#include <span>
#include <utility>
#include <vector>

#include "algorithms/broadcast.h"
#include "algorithms/double_binary_tree_shape.h"
#include "algorithms/op_bound.h"
#include "algorithms/piece_split.h"
#include "algorithms/reduce.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {
namespace {

// The rank tree of node tree `tree` whose node x is entered at rank head[x] and runs a chain
// up the local indices from there (wrapping); the head's children are its child nodes'
// heads, then chain position 1.
RankTree headed_rank_tree(const RankLayout& layout, int tree, const std::vector<Rank>& head) {
  const BinaryTree shape =
      double_binary_tree(static_cast<int>(layout.num_nodes()))[static_cast<std::size_t>(tree)];
  const Rank p = layout.num_ranks();
  // Vertex = rank.
  std::vector<Rank> ranks(p);
  for (Rank r = 0; r < p; ++r) {
    ranks[r] = r;
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

// One tree of a schedule: its rank tree and the labels of its ops.
struct TreeSlot {
  RankTree tree;
  std::uint32_t channel = 0;
  int tree_index = 0;
};

// Each slot i reduces pieces i·k .. i·k + k−1 chunk by chunk up to its root and broadcasts
// them down as soon as the root has them; `fanout` cuts the message into those pieces.
Schedule trees_of_slots(core::Bytes bytes, const RankLayout& layout, const GenerateOptions& options,
                        const std::vector<TreeSlot>& slots, std::span<const std::uint64_t> fanout,
                        std::uint32_t k, std::uint64_t ops_bound) {
  return build_schedule(Schedule(layout.num_ranks(), nested_split(bytes, fanout)), ops_bound,
                        [&](ScheduleBuilder& b) {
                          for (std::size_t i = 0; i < slots.size(); ++i) {
                            std::vector<PieceId> chunks(k);
                            for (std::uint32_t j = 0; j < k; ++j) {
                              chunks[j] = static_cast<PieceId>(i * k + j);
                            }
                            Label label;
                            label.channel = static_cast<std::uint16_t>(slots[i].channel);
                            label.tree = static_cast<std::uint8_t>(slots[i].tree_index);
                            label.phase = Phase::REDUCE;
                            TreeRun run(slots[i].tree, std::move(chunks), label, {});
                            const std::vector<DepList> reduced = tree_reduce(b, run, options, {});
                            run.label.phase = Phase::BROADCAST;
                            tree_broadcast(b, run, options, reduced);
                          }
                        });
}

}  // namespace

RankTree double_binary_rank_tree(const RankLayout& layout, int tree, std::uint32_t channel) {
  std::vector<Rank> head(layout.num_nodes());
  const auto pick = 2 * channel + static_cast<std::uint32_t>(tree);
  for (Rank x = 0; x < layout.num_nodes(); ++x) {
    head[x] = layout.rank_of(x, layout.spread_local(x, pick));
  }
  return headed_rank_tree(layout, tree, head);
}

RankTree nccl_rank_tree(const RankLayout& layout, int tree, std::uint32_t search_channel) {
  std::vector<Rank> head(layout.num_nodes());
  for (Rank x = 0; x < layout.num_nodes(); ++x) {
    head[x] =
        layout.rank_of(x, layout.first_local_on_nic(x, search_channel % layout.entry_nics(x)));
  }
  return headed_rank_tree(layout, tree, head);
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
  std::vector<TreeSlot> slots;
  for (std::uint32_t c = 0; c < channels; ++c) {
    for (int t = 0; t < 2; ++t) {
      slots.push_back({double_binary_rank_tree(layout, t, c), c, t});
    }
  }
  return trees_of_slots(bytes, layout, options, slots, fanout, k, ops_bound);
}

Schedule generate_nccl_tree(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options) {
  validate_request(Algorithm::NCCL_TREE, collective, bytes, layout, options);
  const std::uint32_t channels = options.channels;
  const std::uint32_t k =
      chunks_per_piece(options, largest_part(bytes, channels), ChunkDefault::PIPELINED);
  const std::uint64_t fanout[] = {channels, k};
  const std::uint64_t ops_bound =
      require_op_budget(op_bound(Algorithm::NCCL_TREE, collective, bytes, layout, options));
  const std::uint32_t first_half = nccl_tree_zero_channels(channels);
  std::vector<TreeSlot> slots;
  for (std::uint32_t c = 0; c < channels; ++c) {
    const int t = c < first_half ? 0 : 1;
    slots.push_back({nccl_rank_tree(layout, t, t == 0 ? c : c - first_half), c, t});
  }
  return trees_of_slots(bytes, layout, options, slots, fanout, k, ops_bound);
}

}  // namespace collsim::algorithms
