#pragma once

#include <cstdint>
#include <span>
#include <vector>

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

// Each ring's dependency lists as a span, for the blocks that take several rings at once.
inline std::vector<std::span<const DepList>> spans_of(
    const std::vector<std::vector<DepList>>& per_ring) {
  return {per_ring.begin(), per_ring.end()};
}

}  // namespace collsim::algorithms
