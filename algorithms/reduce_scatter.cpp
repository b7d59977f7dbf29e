#include "algorithms/reduce_scatter.h"

#include <utility>

namespace collsim::algorithms {
namespace {

// One ring's progress through the block, a step at a time.
class ReduceScatterSteps {
 public:
  ReduceScatterSteps(RingRun& run, const GenerateOptions& options, std::span<const DepList> ready)
      : run_(run),
        options_(options),
        ready_(ready),
        m_(static_cast<std::uint32_t>(run.ring.size())),
        width_(run.segments.max_segment_size()),
        prev_(m_ * width_, NO_OP),
        cur_(m_ * width_, NO_OP),
        last_recv_before_(run.last_recv),
        waited_(m_, false) {}

  std::uint32_t steps() const { return m_ - 1; }

  void emit_step(ScheduleBuilder& b, std::uint32_t s) {
    for (std::uint32_t i = 0; i < m_; ++i) {
      const std::uint32_t next = (i + 1) % m_;
      const auto segment = run_.segments[(i + 2 * m_ - s - 1) % m_];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps = s == 0 ? ready_of(i) : DepList{prev_[i * width_ + j]};
        deps.push_back(run_.last_send[i]);
        if (!options_.pipeline) {
          deps.push_back(last_recv_before_[i]);
        }
        Label label = run_.label;
        label.step = run_.next_step + s;
        label.chunk = static_cast<std::uint32_t>(j);
        // Later sends on the connection wait for this step's (FIFO), which already waited
        // for the receiver; a REDUCE op has no such chain and waits itself.
        const bool receiver = !waited_[i] || options_.emit_reduce_ops;
        waited_[i] = true;
        const Receipt r =
            reducing_receive(b, options_.emit_reduce_ops, run_.ring[i], run_.ring[next], segment[j],
                             label, deps, receiver ? ready_of(next) : none_);
        cur_[next * width_ + j] = r.data;
        run_.last_send[i] = r.send;
        run_.last_recv[next] = r.send;
      }
    }
    std::swap(prev_, cur_);
    last_recv_before_ = run_.last_recv;
  }

  std::vector<DepList> finish() {
    run_.next_step += m_ - 1;
    std::vector<DepList> owned(run_.segments.pieces().size());
    for (std::uint32_t q = 0; q < m_; ++q) {
      const std::size_t first = run_.segments.first_index(q);
      for (std::size_t j = 0; j < run_.segments[q].size(); ++j) {
        owned[first + j] = m_ == 1 ? ready_of(q) : DepList{prev_[q * width_ + j]};
      }
    }
    return owned;
  }

 private:
  const DepList& ready_of(std::uint32_t i) const { return ready_.empty() ? none_ : ready_[i]; }

  RingRun& run_;
  const GenerateOptions& options_;
  std::span<const DepList> ready_;
  const DepList none_;
  std::uint32_t m_;
  std::size_t width_;
  // received[i·width + j]: the op after which position i holds piece j of the segment it
  // received in the previous step (prev) or receives in this step (cur).
  std::vector<OpId> prev_;
  std::vector<OpId> cur_;
  std::vector<OpId> last_recv_before_;
  std::vector<bool> waited_;  // whether a send i -> i+1 waited for ready[i+1] yet
};

}  // namespace

std::vector<std::vector<DepList>> ring_reduce_scatter(
    ScheduleBuilder& b, std::span<RingRun> runs, const GenerateOptions& options,
    std::span<const std::span<const DepList>> ready) {
  return emit_side_by_side<ReduceScatterSteps>(b, runs, options, ready);
}

std::vector<DepList> ring_reduce_scatter(ScheduleBuilder& b, RingRun& run,
                                         const GenerateOptions& options,
                                         std::span<const DepList> ready) {
  return std::move(
      ring_reduce_scatter(b, std::span(&run, 1), options, std::span(&ready, 1)).front());
}

}  // namespace collsim::algorithms
