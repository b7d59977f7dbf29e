#pragma once

#include <span>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/ring_run.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

// Ring all-gather, the second half of ring AllReduce and two-level, and AllGather itself.
// m − 1 steps; at step t position i sends every piece of segment (i − t) mod m to i + 1,
// which overwrites its copy (Combine::COPY); position q starts holding segment q.
// Dependencies of the send of piece j of a segment at step t:
//   data: at t = 0 owned[piece] (the ops after which the owner holds it; see
//         ring_reduce_scatter), later the receipt of the same piece at step t − 1;
//   FIFO: the previous send on the connection i -> i+1, which may be the reduce-scatter's;
//   pipeline = false: also the last receipt into i before this step.
// `owned` (aligned with run.segments.pieces()) may be empty: owners hold their segments
// from the start. Labels as in ring_reduce_scatter; advances run.next_step by m − 1.
// Emits (m − 1)·|pieces| sends.
// Returns, by position, ops after which that position holds every piece and every write
// the ring made at it is done: its last receipt and its last send (FIFO makes each imply
// the earlier ones, and every fold at a position precedes a send from it).
std::vector<DepList> ring_all_gather(ScheduleBuilder& b, RingRun& run,
                                     const GenerateOptions& options,
                                     std::span<const DepList> owned);

// The same block on several rings side by side, step by step across all of them (see the
// multi-ring ring_reduce_scatter). `owned[r]` is ring r's `owned`; `owned` may be empty
// for all. Returns each ring's result, in the order of `runs`.
std::vector<std::vector<DepList>> ring_all_gather(ScheduleBuilder& b, std::span<RingRun> runs,
                                                  const GenerateOptions& options,
                                                  std::span<const std::span<const DepList>> owned);

}  // namespace collsim::algorithms
