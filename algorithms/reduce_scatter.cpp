#include "algorithms/reduce_scatter.h"

#include <utility>

namespace collsim::algorithms {

std::vector<DepList> ring_reduce_scatter(ScheduleBuilder& b, RingRun& run,
                                         const GenerateOptions& options,
                                         std::span<const DepList> ready) {
  const auto m = static_cast<std::uint32_t>(run.ring.size());
  const std::size_t width = run.segments.max_segment_size();
  const DepList none;
  auto ready_of = [&](std::uint32_t i) -> const DepList& {
    return ready.empty() ? none : ready[i];
  };
  // received[i·width + j]: the op after which position i holds piece j of the segment it
  // received in the previous step (prev) or receives in this step (cur).
  std::vector<OpId> prev(m * width, NO_OP);
  std::vector<OpId> cur(m * width, NO_OP);
  std::vector<OpId> last_recv_before = run.last_recv;
  std::vector<bool> waited(m, false);  // whether a send i -> i+1 waited for ready[i+1] yet
  for (std::uint32_t s = 0; s + 1 < m; ++s) {
    for (std::uint32_t i = 0; i < m; ++i) {
      const std::uint32_t next = (i + 1) % m;
      const auto segment = run.segments[(i + 2 * m - s - 1) % m];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps = s == 0 ? ready_of(i) : DepList{prev[i * width + j]};
        deps.push_back(run.last_send[i]);
        if (!options.pipeline) {
          deps.push_back(last_recv_before[i]);
        }
        Label label = run.label;
        label.step = run.next_step + s;
        label.chunk = static_cast<std::uint32_t>(j);
        // Later sends on the connection wait for this step's (FIFO), which already waited
        // for the receiver; a REDUCE op has no such chain and waits itself.
        const bool receiver = !waited[i] || options.emit_reduce_ops;
        waited[i] = true;
        const Receipt r =
            reducing_receive(b, options.emit_reduce_ops, run.ring[i], run.ring[next], segment[j],
                             label, deps, receiver ? ready_of(next) : none);
        cur[next * width + j] = r.data;
        run.last_send[i] = r.send;
        run.last_recv[next] = r.send;
      }
    }
    std::swap(prev, cur);
    last_recv_before = run.last_recv;
  }
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

}  // namespace collsim::algorithms
