#include "algorithms/all_gather.h"

#include <utility>

namespace collsim::algorithms {
namespace {

// One ring's progress through the block, a step at a time.
class AllGatherSteps {
 public:
  AllGatherSteps(RingRun& run, const GenerateOptions& options, std::span<const DepList> owned)
      : run_(run),
        options_(options),
        owned_(owned),
        m_(static_cast<std::uint32_t>(run.ring.size())),
        width_(run.segments.max_segment_size()),
        prev_(m_ * width_, NO_OP),
        cur_(m_ * width_, NO_OP),
        last_recv_before_(run.last_recv) {}

  std::uint32_t steps() const { return m_ - 1; }

  void emit_step(ScheduleBuilder& b, std::uint32_t t) {
    for (std::uint32_t i = 0; i < m_; ++i) {
      const std::uint32_t next = (i + 1) % m_;
      const std::uint32_t q = (i + m_ - t) % m_;
      const auto segment = run_.segments[q];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps;
        if (t > 0) {
          deps.push_back(prev_[i * width_ + j]);
        } else if (!owned_.empty()) {
          deps = owned_[run_.segments.first_index(q) + j];
        }
        deps.push_back(run_.last_send[i]);
        if (!options_.pipeline) {
          deps.push_back(last_recv_before_[i]);
        }
        Label label = run_.label;
        label.step = run_.next_step + t;
        label.chunk = static_cast<std::uint32_t>(j);
        const OpId s =
            b.send(run_.ring[i], run_.ring[next], segment[j], Combine::COPY, label, deps);
        cur_[next * width_ + j] = s;
        run_.last_send[i] = s;
        run_.last_recv[next] = s;
      }
    }
    std::swap(prev_, cur_);
    last_recv_before_ = run_.last_recv;
  }

  std::vector<DepList> finish() {
    run_.next_step += m_ - 1;
    std::vector<DepList> done(m_);
    if (m_ == 1) {
      for (const DepList& d : owned_) {
        append(done[0], d);
      }
      return done;
    }
    for (std::uint32_t i = 0; i < m_; ++i) {
      done[i] = {run_.last_recv[i], run_.last_send[i]};
    }
    return done;
  }

 private:
  RingRun& run_;
  const GenerateOptions& options_;
  std::span<const DepList> owned_;
  std::uint32_t m_;
  std::size_t width_;
  std::vector<OpId> prev_;
  std::vector<OpId> cur_;
  std::vector<OpId> last_recv_before_;
};

}  // namespace

std::vector<std::vector<DepList>> ring_all_gather(ScheduleBuilder& b, std::span<RingRun> runs,
                                                  const GenerateOptions& options,
                                                  std::span<const std::span<const DepList>> owned) {
  return emit_side_by_side<AllGatherSteps>(b, runs, options, owned);
}

std::vector<DepList> ring_all_gather(ScheduleBuilder& b, RingRun& run,
                                     const GenerateOptions& options,
                                     std::span<const DepList> owned) {
  return std::move(ring_all_gather(b, std::span(&run, 1), options, std::span(&owned, 1)).front());
}

}  // namespace collsim::algorithms
