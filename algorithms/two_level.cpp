#include "algorithms/two_level.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "algorithms/all_gather.h"
#include "algorithms/broadcast.h"
#include "algorithms/double_binary_tree_shape.h"
#include "algorithms/op_bound.h"
#include "algorithms/piece_split.h"
#include "algorithms/rank_tree.h"
#include "algorithms/reduce.h"
#include "algorithms/reduce_scatter.h"
#include "algorithms/ring_run.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {
namespace {

// The inter-node trees of shard s: vertex x = node x, its rank the shard's owner there.
RankTree inter_tree(const RankLayout& layout, const BinaryTree& shape, Rank shard) {
  const Rank n = layout.num_nodes();
  std::vector<Rank> ranks(n);
  std::vector<std::vector<std::uint32_t>> children(n);
  for (Rank x = 0; x < n; ++x) {
    ranks[x] = layout.rank_of(x, shard % layout.node_size(x));
    for (int c : {shape.vertices[x].child0, shape.vertices[x].child1}) {
      if (c >= 0) {
        children[x].push_back(static_cast<std::uint32_t>(c));
      }
    }
  }
  return RankTree(std::move(ranks), children, static_cast<std::uint32_t>(shape.root));
}

}  // namespace

Schedule generate_two_level(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options) {
  validate_request(Algorithm::TWO_LEVEL, collective, bytes, layout, options);
  const Rank n = layout.num_nodes();
  const Rank shards = layout.max_node_size();
  const std::uint32_t channels = options.channels;
  const bool ring = options.inter == Algorithm::RING;
  const std::uint32_t parts = ring ? n : 2;  // how the inter-node phase cuts a shard
  const core::Bytes unit = largest_part(largest_part(largest_part(bytes, channels), shards), parts);
  const std::uint32_t k =
      chunks_per_piece(options, unit, ring ? ChunkDefault::WHOLE : ChunkDefault::PIPELINED);
  const std::uint64_t fanout[] = {channels, shards, parts, k};
  const std::uint64_t ops_bound = require_op_budget(two_level_op_bound(bytes, layout, options));
  Schedule shape(layout.num_ranks(), nested_split(bytes, fanout));
  const std::uint32_t per_shard = parts * k;
  auto first_leaf = [&](std::uint32_t c, Rank s) -> PieceId {
    return (c * shards + s) * per_shard;
  };
  std::vector<PieceId> composite(std::size_t{channels} * shards);
  for (std::uint32_t c = 0; c < channels; ++c) {
    for (Rank s = 0; s < shards; ++s) {
      composite[c * shards + s] = shape.add_composite(first_leaf(c, s), per_shard);
    }
  }
  std::vector<RankTree> trees;  // by (shard, tree)
  if (!ring) {
    const auto node_trees = double_binary_tree(static_cast<int>(n));
    for (Rank s = 0; s < shards; ++s) {
      for (const BinaryTree& t : node_trees) {
        trees.push_back(inter_tree(layout, t, s));
      }
    }
  }

  return build_schedule(std::move(shape), ops_bound, [&](ScheduleBuilder& b) {
    for (std::uint32_t c = 0; c < channels; ++c) {
      Label label;
      label.channel = static_cast<std::uint16_t>(c);

      // 1. Intra-node reduce-scatter; owned[x·shards + s]: when shard s's owner in node x
      //    holds it reduced over the node.
      std::vector<RingRun> intra;
      intra.reserve(n);
      std::vector<DepList> owned(std::size_t{n} * shards);
      label.phase = Phase::INTRA_REDUCE_SCATTER;
      for (Rank x = 0; x < n; ++x) {
        const Rank g = layout.node_size(x);
        std::vector<Rank> ranks(g);
        Segments segments;
        for (Rank q = 0; q < g; ++q) {
          ranks[q] = layout.rank_of(x, q);
          std::vector<PieceId> mine;
          for (Rank s = q; s < shards; s += g) {
            mine.push_back(composite[c * shards + s]);
          }
          segments.add_segment(mine);
        }
        intra.emplace_back(std::move(ranks), std::move(segments), label);
      }
      // Every node's ring side by side, step by step (ids in run order).
      const std::vector<std::vector<DepList>> result = ring_reduce_scatter(b, intra, options, {});
      for (Rank x = 0; x < n; ++x) {
        const Rank g = layout.node_size(x);
        for (Rank q = 0; q < g; ++q) {
          for (std::size_t j = 0; j < intra[x].segments[q].size(); ++j) {
            owned[x * shards + q + j * g] = result[x][intra[x].segments.first_index(q) + j];
          }
        }
      }

      // 2. Inter-node AllReduce of each shard among its owners; done[x·shards + s]: when
      //    that is over at shard s's owner in node x.
      std::vector<DepList> done(std::size_t{n} * shards);
      std::uint32_t inter_end = shards - 1;
      label.phase = Phase::INTER_ALL_REDUCE;
      // ready[s][x]: when shard s's owner in node x holds it reduced over the node.
      std::vector<std::vector<DepList>> ready(shards, std::vector<DepList>(n));
      for (Rank s = 0; s < shards; ++s) {
        for (Rank x = 0; x < n; ++x) {
          ready[s][x] = owned[x * shards + s];
        }
      }
      if (ring) {
        // One ring per shard, all side by side, step by step.
        std::vector<RingRun> runs;
        runs.reserve(shards);
        for (Rank s = 0; s < shards; ++s) {
          std::vector<Rank> ranks(n);
          Segments segments;
          std::vector<PieceId> pieces(k);
          for (Rank q = 0; q < n; ++q) {
            ranks[q] = layout.rank_of(q, s % layout.node_size(q));
            for (std::uint32_t j = 0; j < k; ++j) {
              pieces[j] = first_leaf(c, s) + ((q + 1) % n) * k + j;
            }
            segments.add_segment(pieces);
          }
          runs.emplace_back(std::move(ranks), std::move(segments), label);
          runs.back().next_step = shards - 1;
        }
        const std::vector<std::vector<DepList>> reduced =
            ring_reduce_scatter(b, runs, options, spans_of(ready));
        const std::vector<std::vector<DepList>> at =
            ring_all_gather(b, runs, options, spans_of(reduced));
        for (Rank s = 0; s < shards; ++s) {
          for (Rank x = 0; x < n; ++x) {
            done[x * shards + s] = at[s][x];
          }
          inter_end = std::max(inter_end, runs[s].next_step);
        }
      } else {
        for (Rank s = 0; s < shards; ++s) {
          for (std::uint32_t t = 0; t < 2; ++t) {
            std::vector<PieceId> chunks(k);
            for (std::uint32_t j = 0; j < k; ++j) {
              chunks[j] = first_leaf(c, s) + t * k + j;
            }
            label.tree = static_cast<std::uint8_t>(t);
            TreeRun run(trees[s * 2 + t], std::move(chunks), label, {});
            run.next_step = shards - 1;
            const std::vector<DepList> reduced = tree_reduce(b, run, options, ready[s]);
            const std::vector<DepList> at = tree_broadcast(b, run, options, reduced);
            for (Rank x = 0; x < n; ++x) {
              append(done[x * shards + s], at[x]);
            }
            inter_end = std::max(inter_end, run.next_step);
          }
          label.tree = 0;
        }
      }

      // 3. Intra-node all-gather on the reduce-scatter's rings, side by side.
      std::vector<std::vector<DepList>> have(n);
      for (Rank x = 0; x < n; ++x) {
        RingRun& run = intra[x];
        const Rank g = layout.node_size(x);
        have[x].resize(run.segments.pieces().size());
        for (Rank q = 0; q < g; ++q) {
          for (std::size_t j = 0; j < run.segments[q].size(); ++j) {
            have[x][run.segments.first_index(q) + j] = done[x * shards + q + j * g];
          }
        }
        run.label.phase = Phase::INTRA_ALL_GATHER;
        run.next_step = inter_end;
      }
      ring_all_gather(b, intra, options, spans_of(have));
    }
  });
}

}  // namespace collsim::algorithms
