#include "algorithms/op_bound.h"

#include <algorithm>
#include <initializer_list>
#include <limits>

#include "algorithms/piece_split.h"

namespace collsim::algorithms {
namespace {

constexpr std::uint64_t SATURATED = std::numeric_limits<std::uint64_t>::max();

std::uint64_t times(std::initializer_list<std::uint64_t> factors) {
  std::uint64_t product = 1;
  for (const std::uint64_t f : factors) {
    if (f != 0 && product > SATURATED / f) {
      return SATURATED;
    }
    product *= f;
  }
  return product;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) {
  return a > SATURATED - b ? SATURATED : a + b;
}

}  // namespace

std::uint64_t ring_op_bound(Collective collective, core::Bytes bytes, Rank ranks,
                            const GenerateOptions& options) {
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(
      options, largest_part(largest_part(bytes, channels), ranks), ChunkDefault::WHOLE);
  const std::uint64_t half = times({channels, ranks - 1u, ranks, k});
  return plus(times({half, collective == Collective::ALL_REDUCE ? 2u : 1u}),
              options.emit_reduce_ops && collective != Collective::ALL_GATHER ? half : 0);
}

std::uint64_t tree_op_bound(Collective collective, core::Bytes bytes, Rank ranks,
                            const GenerateOptions& options, ChunkDefault chunk_default) {
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(options, largest_part(bytes, channels), chunk_default);
  const std::uint64_t phase = times({channels, ranks - 1u, k});
  return plus(times({phase, collective == Collective::ALL_REDUCE ? 2u : 1u}),
              options.emit_reduce_ops && collective != Collective::BROADCAST ? phase : 0);
}

std::uint64_t double_binary_tree_op_bound(core::Bytes bytes, Rank ranks,
                                          const GenerateOptions& options) {
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(options, largest_part(largest_part(bytes, channels), 2),
                                           ChunkDefault::PIPELINED);
  return times({options.emit_reduce_ops ? 3u : 2u, 2, channels, ranks - 1u, k});
}

std::uint64_t two_level_op_bound(core::Bytes bytes, const RankLayout& layout,
                                 const GenerateOptions& options) {
  const std::uint64_t n = layout.num_nodes();
  const std::uint64_t shards = layout.max_node_size();
  const std::uint32_t channels = options.channels;
  const bool ring = options.inter == Algorithm::RING;
  const std::uint64_t parts = ring ? n : 2;
  const core::Bytes unit = largest_part(largest_part(largest_part(bytes, channels), shards), parts);
  const std::uint64_t k =
      chunks_per_piece(options, unit, ring ? ChunkDefault::WHOLE : ChunkDefault::PIPELINED);
  // Per channel: the intra rings send each of a node's shards g − 1 times per phase, the
  // inter phase is a ring (2(n − 1)·n·k sends) or two trees (4(n − 1)·k) per shard; REDUCE
  // ops, one per reducing send at most, double it.
  const std::uint64_t inter_sends = ring ? times({2, n - 1, n, k}) : times({4, n - 1, k});
  return times({options.emit_reduce_ops ? 2u : 1u, channels,
                plus(times({2, n, shards, shards}), times({shards, inter_sends}))});
}

std::uint64_t op_bound(Algorithm algorithm, Collective collective, core::Bytes bytes,
                       const RankLayout& layout, const GenerateOptions& options) {
  const Rank p = layout.num_ranks();
  switch (algorithm) {
    case Algorithm::RING:
    case Algorithm::NCCL_RING:
      if (collective == Collective::BROADCAST || collective == Collective::REDUCE) {
        return tree_op_bound(collective, bytes, p, options, ChunkDefault::PIPELINED);
      }
      return ring_op_bound(collective, bytes, p, options);
    case Algorithm::BINARY_TREE:
    case Algorithm::BINOMIAL_TREE:
      return tree_op_bound(collective, bytes, p, options, ChunkDefault::WHOLE);
    case Algorithm::DOUBLE_BINARY_TREE:
      return double_binary_tree_op_bound(bytes, p, options);
    case Algorithm::NCCL_TREE:  // one tree per channel
      return tree_op_bound(collective, bytes, p, options, ChunkDefault::PIPELINED);
    case Algorithm::NCCL:  // either of the two it picks from, at these options
      return std::max(op_bound(Algorithm::NCCL_RING, collective, bytes, layout, options),
                      op_bound(Algorithm::NCCL_TREE, collective, bytes, layout, options));
    case Algorithm::TWO_LEVEL:
      return two_level_op_bound(bytes, layout, options);
  }
  return SATURATED;
}

}  // namespace collsim::algorithms
