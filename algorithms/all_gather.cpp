#include "algorithms/all_gather.h"

#include <utility>

namespace collsim::algorithms {

std::vector<DepList> ring_all_gather(ScheduleBuilder& b, RingRun& run,
                                     const GenerateOptions& options,
                                     std::span<const DepList> owned) {
  const auto m = static_cast<std::uint32_t>(run.ring.size());
  const std::size_t width = run.segments.max_segment_size();
  std::vector<OpId> prev(m * width, NO_OP);
  std::vector<OpId> cur(m * width, NO_OP);
  std::vector<OpId> last_recv_before = run.last_recv;
  for (std::uint32_t t = 0; t + 1 < m; ++t) {
    for (std::uint32_t i = 0; i < m; ++i) {
      const std::uint32_t next = (i + 1) % m;
      const std::uint32_t q = (i + m - t) % m;
      const auto segment = run.segments[q];
      for (std::size_t j = 0; j < segment.size(); ++j) {
        DepList deps;
        if (t > 0) {
          deps.push_back(prev[i * width + j]);
        } else if (!owned.empty()) {
          deps = owned[run.segments.first_index(q) + j];
        }
        deps.push_back(run.last_send[i]);
        if (!options.pipeline) {
          deps.push_back(last_recv_before[i]);
        }
        Label label = run.label;
        label.step = run.next_step + t;
        label.chunk = static_cast<std::uint32_t>(j);
        const OpId s = b.send(run.ring[i], run.ring[next], segment[j], Combine::COPY, label, deps);
        cur[next * width + j] = s;
        run.last_send[i] = s;
        run.last_recv[next] = s;
      }
    }
    std::swap(prev, cur);
    last_recv_before = run.last_recv;
  }
  run.next_step += m - 1;

  std::vector<DepList> done(m);
  if (m == 1) {
    for (const DepList& d : owned) {
      append(done[0], d);
    }
    return done;
  }
  for (std::uint32_t i = 0; i < m; ++i) {
    done[i] = {run.last_recv[i], run.last_send[i]};
  }
  return done;
}

}  // namespace collsim::algorithms
