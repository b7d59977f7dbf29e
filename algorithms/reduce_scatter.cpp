#include "algorithms/reduce_scatter.h"

#include <utility>

namespace collsim::algorithms {
namespace {

// One ring's progress through the block, a step at a time.
class ReduceScatterSteps : public RingStepState {
 public:
  ReduceScatterSteps(RingRun& ring_run, const GenerateOptions& block_options,
                     std::span<const DepList> ready)
      : RingStepState(ring_run, block_options, ready), waited_(m, false) {}

  void emit_step(ScheduleBuilder& b, std::uint32_t s) {
    for (std::uint32_t i = 0; i < m; ++i) {
      const std::uint32_t next = (i + 1) % m;
      const auto segment = run.segments[(i + 2 * m - s - 1) % m];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps = s == 0 ? ready_of(i) : DepList{prev[i * width + j]};
        add_order_deps(deps, i);
        // Later sends on the connection wait for this step's (FIFO), which already waited
        // for the receiver; a REDUCE op has no such chain and waits itself.
        const bool receiver = !waited_[i] || options.emit_reduce_ops;
        waited_[i] = true;
        const Receipt r =
            reducing_receive(b, options.emit_reduce_ops, run.ring[i], run.ring[next], segment[j],
                             step_label(s, j), deps, receiver ? ready_of(next) : none_);
        record(i, j, r.send, r.data);
      }
    }
    end_step();
  }

  std::vector<DepList> finish() {
    run.next_step += m - 1;
    std::vector<DepList> owned(run.segments.pieces().size());
    for (std::uint32_t q = 0; q < m; ++q) {
      const std::size_t first = run.segments.first_index(q);
      for (std::size_t j = 0; j < run.segments[q].size(); ++j) {
        owned[first + j] = m == 1 ? ready_of(q) : DepList{prev[q * width + j]};
      }
    }
    return owned;
  }

 private:
  const DepList& ready_of(std::uint32_t i) const { return input.empty() ? none_ : input[i]; }

  const DepList none_;
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
