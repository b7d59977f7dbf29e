#pragma once

#include "algorithms/algorithm.h"
#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// The one entry point: the schedule of `collective` on `bytes` bytes (the message size S:
// every rank's buffer for ALL_REDUCE, REDUCE and BROADCAST, the whole gathered / scattered
// buffer for ALL_GATHER and REDUCE_SCATTER) with `algorithm` over `layout`.
// Dispatches to generate_ring, generate_binary_tree, generate_binomial_tree,
// generate_double_binary_tree, generate_two_level. A pure function: same input, same
// schedule. Small messages: S is cut into pieces that sum to S exactly; when S is smaller
// than the number of pieces some pieces are 0 bytes, and S = 0 gives the full schedule of
// 0-byte sends (each still costs the engine its step latency) — the shape never depends on
// S except through chunk_size and the pipelined default chunk count.
// Throws std::invalid_argument for a request validate_request rejects, std::length_error
// for a schedule past MAX_LEAVES pieces or 2^32 ops.
Schedule generate(Algorithm algorithm, Collective collective, core::Bytes bytes,
                  const RankLayout& layout, const GenerateOptions& options);

}  // namespace collsim::algorithms
