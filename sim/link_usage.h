#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "memory/huge_page_allocator.h"
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
// gap between a closed form and a simulated time (incast, shared uplinks). A model passes
// the links it is told to follow (Route::usage_links()); links left out are the caller's
// to fill in from the ones they always move with (sim/link_classes.h).
// Complexity: O(1) per link per enter/leave; O(links) memory, 32 bytes per link.
class LinkUsage {
 public:
  explicit LinkUsage(std::size_t num_links) : links_(num_links) {}

  void enter(std::span<const std::uint32_t> links, core::Time now);
  void leave(std::span<const std::uint32_t> links, core::Time now);

  std::size_t size() const { return links_.size(); }
  // Transfers crossing `link` now.
  std::uint32_t active(std::uint32_t link) const { return links_[link].active; }
  void prefetch(std::uint32_t link) const { __builtin_prefetch(&links_[link]); }
  LinkStats stats(std::uint32_t link) const {
    const PerLink& p = links_[link];
    return LinkStats{p.max_transfers, p.shared_time, p.transfers};
  }

 private:
  // Two records per cache line: a transfer entering a link touches one line.
  struct PerLink {
    core::Time since;  // when `active` last changed
    core::Time shared_time;
    std::uint64_t transfers = 0;
    std::uint32_t active = 0;
    std::uint32_t max_transfers = 0;
  };
  static_assert(sizeof(PerLink) == 32);
  memory::HugeVector<PerLink> links_;
};

}  // namespace collsim::sim
