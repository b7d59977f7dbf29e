#include "algorithms/all_gather.h"

#include <utility>

namespace collsim::algorithms {
namespace {

// One ring's progress through the block, a step at a time; `input` is `owned`.
class AllGatherSteps : public RingStepState {
 public:
  using RingStepState::RingStepState;

  void emit_step(ScheduleBuilder& b, std::uint32_t t) {
    for (std::uint32_t i = 0; i < m; ++i) {
      const std::uint32_t next = (i + 1) % m;
      const std::uint32_t q = (i + m - t) % m;
      const auto segment = run.segments[q];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps;
        if (t > 0) {
          deps.push_back(prev[i * width + j]);
        } else if (!input.empty()) {
          deps = input[run.segments.first_index(q) + j];
        }
        add_order_deps(deps, i);
        const OpId s =
            b.send(run.ring[i], run.ring[next], segment[j], Combine::COPY, step_label(t, j), deps);
        record(i, j, s, s);
      }
    }
    end_step();
  }

  std::vector<DepList> finish() {
    run.next_step += m - 1;
    std::vector<DepList> done(m);
    if (m == 1) {
      for (const DepList& d : input) {
        append(done[0], d);
      }
      return done;
    }
    for (std::uint32_t i = 0; i < m; ++i) {
      done[i] = {run.last_recv[i], run.last_send[i]};
    }
    return done;
  }
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
