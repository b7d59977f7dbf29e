#include "algorithms/ring.h"

#include <algorithm>
#include <utility>

#include "algorithms/all_gather.h"
#include "algorithms/op_bound.h"
#include "algorithms/piece_split.h"
#include "algorithms/rank_tree.h"
#include "algorithms/reduce_scatter.h"
#include "algorithms/ring_run.h"
#include "algorithms/schedule_builder.h"
#include "algorithms/tree_collective.h"

namespace collsim::algorithms {
namespace {

// A channel's ring: ring_order or nccl_ring_order.
using RingOrder = std::vector<Rank> (*)(const RankLayout&, std::uint32_t);

// The chain root -> next -> ... along a ring, as a tree.
RankTree ring_chain(const std::vector<Rank>& ring, Rank root) {
  const auto p = static_cast<std::uint32_t>(ring.size());
  std::uint32_t start = 0;
  while (ring[start] != root) {
    ++start;
  }
  std::vector<Rank> ranks(p);
  std::vector<std::vector<std::uint32_t>> children(p);
  for (std::uint32_t i = 0; i < p; ++i) {
    ranks[i] = ring[(start + i) % p];
    if (i + 1 < p) {
      children[i] = {i + 1};
    }
  }
  return RankTree(std::move(ranks), children, 0);
}

Schedule ring_segments_collective(Collective collective, core::Bytes bytes,
                                  const RankLayout& layout, const GenerateOptions& options,
                                  RingOrder order) {
  const Rank p = layout.num_ranks();
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(options, largest_part(largest_part(bytes, channels), p),
                                           ChunkDefault::WHOLE);
  const std::uint64_t fanout[] = {channels, p, k};
  const std::uint64_t ops_bound = require_op_budget(ring_op_bound(collective, bytes, p, options));
  Schedule shape(p, nested_split(bytes, fanout));
  auto leaf = [&](std::uint32_t c, Rank part, std::uint32_t j) -> PieceId {
    return (c * p + part) * k + j;
  };
  if (collective != Collective::ALL_REDUCE) {
    std::vector<Rank> owner(shape.num_leaves());
    for (PieceId x = 0; x < owner.size(); ++x) {
      owner[x] = (x / k) % p;
    }
    shape.set_collective(collective, std::move(owner));
  }
  return build_schedule(std::move(shape), ops_bound, [&](ScheduleBuilder& b) {
    // One ring per channel, side by side, step by step.
    std::vector<RingRun> runs;
    runs.reserve(channels);
    for (std::uint32_t c = 0; c < channels; ++c) {
      std::vector<Rank> ring = order(layout, c);
      Segments segments;
      std::vector<PieceId> pieces(k);
      for (Rank q = 0; q < p; ++q) {
        const Rank part = collective == Collective::ALL_REDUCE ? (q + 1) % p : ring[q];
        for (std::uint32_t j = 0; j < k; ++j) {
          pieces[j] = leaf(c, part, j);
        }
        segments.add_segment(pieces);
      }
      Label label;
      label.channel = static_cast<std::uint16_t>(c);
      runs.emplace_back(std::move(ring), std::move(segments), label);
    }
    std::vector<std::vector<DepList>> owned;
    if (collective != Collective::ALL_GATHER) {
      for (RingRun& run : runs) {
        run.label.phase = Phase::REDUCE_SCATTER;
      }
      owned = ring_reduce_scatter(b, runs, options, {});
    }
    if (collective != Collective::REDUCE_SCATTER) {
      for (RingRun& run : runs) {
        run.label.phase = Phase::ALL_GATHER;
      }
      ring_all_gather(b, runs, options, spans_of(owned));
    }
  });
}

Schedule ring_collective(Algorithm algorithm, Collective collective, core::Bytes bytes,
                         const RankLayout& layout, const GenerateOptions& options,
                         RingOrder order) {
  validate_request(algorithm, collective, bytes, layout, options);
  if (collective == Collective::BROADCAST || collective == Collective::REDUCE) {
    std::vector<RankTree> chains;
    for (std::uint32_t c = 0; c < options.channels; ++c) {
      chains.push_back(ring_chain(order(layout, c), options.root));
    }
    return tree_collective(collective, bytes, layout.num_ranks(), options, ChunkDefault::PIPELINED,
                           {}, chains);
  }
  return ring_segments_collective(collective, bytes, layout, options, order);
}

// Appends to `ring` the GPUs of `node` in the order channel c visits them (nccl_ring_order).
void append_nccl_node(std::vector<Rank>& ring, const RankLayout& layout, Rank node,
                      std::uint32_t channel) {
  const Rank g = layout.node_size(node);
  const std::uint32_t units = layout.entry_nics(node);
  std::uint32_t e = channel % units;
  auto first_gpu = [&](std::uint32_t unit) {
    return unit < units ? layout.first_local_on_nic(node, unit) : g;
  };
  bool up = false;
  if (first_gpu(e + 1) - first_gpu(e) == 1 && (e ^ 1U) < units) {
    if (node % 2 == 1) {
      e ^= 1U;  // the odd node's swap keeps both of its hops on one rail
    }
    up = e % 2 == 1;
  }
  const Rank entry = first_gpu(e);
  for (Rank q = 0; q < g; ++q) {
    const Rank local = up ? (entry + q) % g : (entry + g - q) % g;
    ring.push_back(layout.rank_of(node, local));
  }
}

}  // namespace

std::vector<Rank> nccl_ring_order(const RankLayout& layout, std::uint32_t channel) {
  std::vector<Rank> ring;
  ring.reserve(layout.num_ranks());
  for (Rank node = 0; node < layout.num_nodes(); ++node) {
    append_nccl_node(ring, layout, node, channel);
  }
  return ring;
}

std::vector<Rank> ring_order(const RankLayout& layout, std::uint32_t channel) {
  std::vector<Rank> ring;
  ring.reserve(layout.num_ranks());
  for (Rank node = 0; node < layout.num_nodes(); ++node) {
    const Rank g = layout.node_size(node);
    for (Rank q = 0; q < g; ++q) {
      ring.push_back(layout.rank_of(node, (channel % g + q) % g));
    }
  }
  return ring;
}

Schedule generate_ring(Collective collective, core::Bytes bytes, const RankLayout& layout,
                       const GenerateOptions& options) {
  return ring_collective(Algorithm::RING, collective, bytes, layout, options, ring_order);
}

Schedule generate_nccl_ring(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options) {
  return ring_collective(Algorithm::NCCL_RING, collective, bytes, layout, options, nccl_ring_order);
}

}  // namespace collsim::algorithms
