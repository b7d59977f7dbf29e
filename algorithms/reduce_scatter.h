#pragma once

#include <span>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/ring_run.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

// Ring reduce-scatter, the building block of ring AllReduce, ReduceScatter and two-level.
// m = ring size; m − 1 steps; at step s position i sends every piece of segment
// (i − s − 1) mod m to position i + 1, which reduces it into its own copy; position q ends
// holding segment q reduced over the whole ring.
// Dependencies of the send of piece j of a segment at step s:
//   data: at s = 0 ready[i] (the sender's own copy), later the receipt of the same piece at
//         step s − 1 (its REDUCE op with emit_reduce_ops), so chunk j moves on as soon as it
//         arrived (pipelining);
//   FIFO: the previous send on the same connection i -> i+1 (run.last_send);
//   pipeline = false: also the last receipt into i of step s − 1 (all of that step arrived);
//   receiver: ready[i+1], dependencies of the fold (see reducing_receive); without REDUCE
//         ops only on the block's first send on a connection, which FIFO makes the later
//         ones wait for.
// `ready` (by position) may be empty: every rank's own data is valid from the start.
// Labels: run.label's channel, tree and phase, step run.next_step + s, chunk j; advances
// run.next_step by m − 1. Emits (m − 1)·|pieces| sends (plus as many REDUCE ops).
// Returns, aligned with run.segments.pieces(), the ops after which each piece's owner holds
// it reduced (ready[q] when m = 1).
std::vector<DepList> ring_reduce_scatter(ScheduleBuilder& b, RingRun& run,
                                         const GenerateOptions& options,
                                         std::span<const DepList> ready);

// The same block on several rings side by side (the shards of a two-level AllReduce, a
// ring's channels), emitted step by step across all of them: step 0 of every ring, then
// step 1, ... (rings of fewer steps drop out), so op ids follow the order ops can run in,
// which is the executor's run order (docs/algorithms.md). `ready[r]` is ring r's `ready`;
// `ready` may be empty for all. Returns each ring's result, in the order of `runs`.
std::vector<std::vector<DepList>> ring_reduce_scatter(
    ScheduleBuilder& b, std::span<RingRun> runs, const GenerateOptions& options,
    std::span<const std::span<const DepList>> ready);

}  // namespace collsim::algorithms
