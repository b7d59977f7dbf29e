#include "algorithms/schedule_stats.h"

#include <algorithm>

namespace collsim::algorithms {

ScheduleStats schedule_stats(const Schedule& schedule) {
  ScheduleStats st;
  st.ops = schedule.size();
  st.dependencies = schedule.num_dependencies();
  st.bytes_sent.assign(schedule.num_ranks(), 0);
  st.bytes_received.assign(schedule.num_ranks(), 0);
  // depth[i]: sends on the longest chain ending with op i.
  std::vector<std::uint32_t> depth(schedule.size(), 0);
  for (OpId i = 0; i < schedule.size(); ++i) {
    const Op& o = schedule.op(i);
    std::uint32_t d = 0;
    for (OpId dep : schedule.deps(i)) {
      d = std::max(d, depth[dep]);
    }
    if (o.kind == OpKind::SEND) {
      ++d;
      ++st.sends;
      const core::Bytes b = schedule.bytes(i);
      st.bytes_sent[o.src] += b;
      st.bytes_received[o.dst] += b;
      st.total_bytes_sent += b;
    } else {
      ++st.reduces;
    }
    depth[i] = d;
    st.critical_path_sends = std::max(st.critical_path_sends, d);
  }
  return st;
}

std::vector<core::Bytes> network_bytes_sent(const Schedule& schedule, const RankLayout& layout) {
  std::vector<core::Bytes> out(layout.num_nodes(), 0);
  for (OpId i = 0; i < schedule.size(); ++i) {
    const Op& o = schedule.op(i);
    if (o.kind == OpKind::SEND && layout.node_of(o.src) != layout.node_of(o.dst)) {
      out[layout.node_of(o.src)] += schedule.bytes(i);
    }
  }
  return out;
}

}  // namespace collsim::algorithms
