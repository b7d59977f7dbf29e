#include "algorithms/ring_run.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace collsim::algorithms {

void Segments::add_segment(std::span<const PieceId> pieces) {
  pieces_.insert(pieces_.end(), pieces.begin(), pieces.end());
  offsets_.push_back(static_cast<std::uint32_t>(pieces_.size()));
  max_size_ = std::max(max_size_, pieces.size());
}

RingRun::RingRun(std::vector<Rank> ring_ranks, Segments ring_segments, Label ring_label)
    : ring(std::move(ring_ranks)),
      segments(std::move(ring_segments)),
      label(ring_label),
      last_send(ring.size(), NO_OP),
      last_recv(ring.size(), NO_OP) {
  assert(segments.size() == ring.size());
}

RingStepState::RingStepState(RingRun& ring_run, const GenerateOptions& block_options,
                             std::span<const DepList> block_input)
    : run(ring_run),
      options(block_options),
      input(block_input),
      m(static_cast<std::uint32_t>(ring_run.ring.size())),
      width(ring_run.segments.max_segment_size()),
      prev(m * width, NO_OP),
      cur(m * width, NO_OP),
      last_recv_before(ring_run.last_recv) {}

void RingStepState::end_step() {
  std::swap(prev, cur);
  last_recv_before = run.last_recv;
}

}  // namespace collsim::algorithms
