#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "algorithms/rank_layout.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// ScheduleStats: the counts `collsim explain` prints and tests check.
// bytes_sent / bytes_received: by rank, the sum of bytes(op) over its sends / receipts.
// critical_path_sends: the longest dependency chain counted in sends (REDUCE ops count 0):
// the number of step latencies on the critical path, the closed forms' latency term
// (ring 2(p−1), binomial tree 2·ceil(log2 p)).
struct ScheduleStats {
  std::size_t ops = 0;
  std::size_t sends = 0;
  std::size_t reduces = 0;
  std::size_t dependencies = 0;
  core::Bytes total_bytes_sent = 0;
  std::vector<core::Bytes> bytes_sent;
  std::vector<core::Bytes> bytes_received;
  std::uint32_t critical_path_sends = 0;
};

// O(ops + dependencies) time, O(ops) memory.
ScheduleStats schedule_stats(const Schedule& schedule);

// By node: the bytes its ranks send to ranks of other nodes (across the network). O(ops).
std::vector<core::Bytes> network_bytes_sent(const Schedule& schedule, const RankLayout& layout);

}  // namespace collsim::algorithms
