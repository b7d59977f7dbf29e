#pragma once

#include <cstdint>
#include <limits>

#include "algorithms/algorithm.h"
#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"

namespace collsim::algorithms {

// The most ops a schedule holds: OpId is 32 bits and its largest value means "no op".
inline constexpr std::uint64_t MAX_OPS = std::numeric_limits<std::uint32_t>::max() - 1;

// What one op costs in memory through generation and replay, for estimates before a run:
// the 28-byte Op, its dependencies, the executor's 16-byte OpState and its share of routes
// and events. The largest run measured (docs/performance.md) peaked at 57 B per op.
inline constexpr std::uint64_t ESTIMATED_BYTES_PER_OP = 64;

// Upper bounds of the number of ops each generator emits, from the request's shape alone
// (ranks, nodes, channels, chunks): what a generator reserves, and what a caller checks
// before anything is built (a fabric, a schedule) so that an impossible request is refused
// at once and a large one is priced in memory. Saturating: a bound past 2^64 is
// UINT64_MAX. O(1).

// Ring reduce-scatter / allgather / allreduce over `ranks` ranks: (p − 1)·p·k sends per
// channel and half, and as many REDUCE ops when emitted.
std::uint64_t ring_op_bound(Collective collective, core::Bytes bytes, Rank ranks,
                            const GenerateOptions& options);
// A reduce, broadcast or allreduce over one tree (or chain) per channel: (p − 1)·k sends
// per channel and phase, and as many REDUCE ops in a reduce when emitted.
std::uint64_t tree_op_bound(Collective collective, core::Bytes bytes, Rank ranks,
                            const GenerateOptions& options, ChunkDefault chunk_default);
// NCCL's double binary tree: per channel and tree 2(p − 1)·k sends and (p − 1)·k REDUCE ops.
std::uint64_t double_binary_tree_op_bound(core::Bytes bytes, Rank ranks,
                                          const GenerateOptions& options);
// Two-level AllReduce: intra-node rings and an inter-node ring or tree pair per shard.
std::uint64_t two_level_op_bound(core::Bytes bytes, const RankLayout& layout,
                                 const GenerateOptions& options);

// The bound of generate(algorithm, collective, bytes, layout, options), for a request
// validate_request accepts.
std::uint64_t op_bound(Algorithm algorithm, Collective collective, core::Bytes bytes,
                       const RankLayout& layout, const GenerateOptions& options);

}  // namespace collsim::algorithms
