#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/schedule.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

// Segments: m lists of pieces, one per ring position, stored flat (CSR). In a ring
// reduce-scatter position q ends owning segment q; in a ring all-gather position q starts
// with it. "Flat index" e of a piece = its index in pieces(), so per-piece data of a whole
// ring (e.g. who produced each owned piece) is one vector aligned with pieces().
// Complexity: O(1) per query.
class Segments {
 public:
  Segments() = default;
  void add_segment(std::span<const PieceId> pieces);
  std::size_t size() const { return offsets_.size() - 1; }
  std::span<const PieceId> operator[](std::size_t q) const {
    return {pieces_.data() + offsets_[q], pieces_.data() + offsets_[q + 1]};
  }
  std::size_t first_index(std::size_t q) const { return offsets_[q]; }
  std::span<const PieceId> pieces() const { return pieces_; }
  std::size_t max_segment_size() const { return max_size_; }

 private:
  std::vector<std::uint32_t> offsets_{0};
  std::vector<PieceId> pieces_;
  std::size_t max_size_ = 0;
};

// RingRun: one ring instance (ring[i] sends to ring[(i+1) mod m]) and the state its
// phases share: the FIFO connections i -> i+1 (each send waits for the previous one on its
// connection, one in flight, as in the SimGrid peer), so an all-gather queues behind the
// reduce-scatter before it on the same ring. `label` holds the channel, tree and phase the
// blocks stamp on their ops; `next_step` numbers the steps across phases.
struct RingRun {
  RingRun(std::vector<Rank> ring_ranks, Segments ring_segments, Label ring_label);

  std::vector<Rank> ring;
  Segments segments;
  Label label;
  std::vector<OpId> last_send;  // by position: the last send on connection i -> i+1
  std::vector<OpId> last_recv;  // by position: the last send into position i
  std::uint32_t next_step = 0;
};

// RingStepState: what a ring block (ring_reduce_scatter, ring_all_gather) carries from one
// step of one ring to the next. A block derives from it, adds emit_step(b, s) and finish(),
// and emit_side_by_side drives it. `input` is the block's per-piece or per-position
// dependencies (may be empty). prev/cur[i·width + j]: the op after which position i holds
// piece j of the segment it received in the previous step / receives in this one.
struct RingStepState {
  RingStepState(RingRun& run, const GenerateOptions& options, std::span<const DepList> input);
  std::uint32_t steps() const { return m - 1; }
  // The order a send from position i keeps, appended to `deps`: after the connection's
  // previous send (FIFO) and, without pipelining, after all position i received before this
  // step.
  void add_order_deps(DepList& deps, std::uint32_t i) const {
    deps.push_back(run.last_send[i]);
    if (!options.pipeline) {
      deps.push_back(last_recv_before[i]);
    }
  }
  // The label of piece j's send in step s of this block.
  Label step_label(std::uint32_t s, std::size_t j) const {
    Label label = run.label;
    label.step = run.next_step + s;
    label.chunk = static_cast<std::uint32_t>(j);
    return label;
  }
  // Piece j sent by `send` from position i to i+1 is there after `data` (the send itself, or
  // the reduce that follows it).
  void record(std::uint32_t i, std::size_t j, OpId send, OpId data) {
    const std::uint32_t next = (i + 1) % m;
    cur[next * width + j] = data;
    run.last_send[i] = send;
    run.last_recv[next] = send;
  }
  // After each step: this step's receipts become the previous step's.
  void end_step();

  RingRun& run;
  const GenerateOptions& options;
  std::span<const DepList> input;
  std::uint32_t m;    // ring size
  std::size_t width;  // the longest segment
  std::vector<OpId> prev;
  std::vector<OpId> cur;
  std::vector<OpId> last_recv_before;  // run.last_recv as the step began
};

// Runs a ring block on several rings side by side, step by step across all of them: step 0
// of every ring, then step 1, ... (rings of fewer steps drop out). `Steps` is the block on
// one ring: constructed from (run, options, its input), it has steps(), emit_step(b, s) and
// finish() (its result). `inputs[r]` is ring r's input; `inputs` may be empty for all.
// Returns each ring's result, in the order of `runs`.
template <class Steps>
std::vector<std::vector<DepList>> emit_side_by_side(
    ScheduleBuilder& b, std::span<RingRun> runs, const GenerateOptions& options,
    std::span<const std::span<const DepList>> inputs) {
  std::vector<Steps> rings;
  rings.reserve(runs.size());
  std::uint32_t steps = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    rings.emplace_back(runs[r], options, inputs.empty() ? std::span<const DepList>{} : inputs[r]);
    steps = std::max(steps, rings.back().steps());
  }
  for (std::uint32_t s = 0; s < steps; ++s) {
    for (Steps& ring : rings) {
      if (s < ring.steps()) {
        ring.emit_step(b, s);
      }
    }
  }
  std::vector<std::vector<DepList>> results;
  results.reserve(rings.size());
  for (Steps& ring : rings) {
    results.push_back(ring.finish());
  }
  return results;
}

// Each ring's dependency lists as a span, for the blocks that take several rings at once.
inline std::vector<std::span<const DepList>> spans_of(
    const std::vector<std::vector<DepList>>& per_ring) {
  return {per_ring.begin(), per_ring.end()};
}

}  // namespace collsim::algorithms
