#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "core/time.h"

namespace collsim::sim {

// What one directed link saw during a run.
struct LinkStats {
  std::uint32_t max_transfers = 0;  // most transfers crossing it at once
  core::Time shared_time;           // total time it carried two or more transfers
  std::uint64_t transfers = 0;      // transfers that crossed it
};

// LinkUsage: per-link concurrency bookkeeping shared by every network model. It does not
// change how bytes flow; it records where transfers overlapped, which is what explains a
// gap between a closed form and a simulated time (incast, shared uplinks).
// Complexity: O(1) per link per enter/leave; O(links) memory.
class LinkUsage {
 public:
  explicit LinkUsage(std::size_t num_links)
      : stats_(num_links), active_(num_links), since_(num_links) {}

  void enter(std::span<const std::uint32_t> links, core::Time now);
  void leave(std::span<const std::uint32_t> links, core::Time now);

  std::span<const LinkStats> stats() const { return stats_; }

 private:
  std::vector<LinkStats> stats_;
  std::vector<std::uint32_t> active_;
  std::vector<core::Time> since_;  // when active_ last changed
};

}  // namespace collsim::sim
