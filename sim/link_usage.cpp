#include "sim/link_usage.h"

#include <algorithm>
#include <cassert>

namespace collsim::sim {

void LinkUsage::enter(std::span<const std::uint32_t> links, core::Time now) {
  for (std::uint32_t l : links) {
    LinkStats& s = stats_[l];
    if (active_[l] >= 2) {
      s.shared_time += now - since_[l];
    }
    since_[l] = now;
    ++active_[l];
    ++s.transfers;
    s.max_transfers = std::max(s.max_transfers, active_[l]);
  }
}

void LinkUsage::leave(std::span<const std::uint32_t> links, core::Time now) {
  for (std::uint32_t l : links) {
    assert(active_[l] > 0);
    if (active_[l] >= 2) {
      stats_[l].shared_time += now - since_[l];
    }
    since_[l] = now;
    --active_[l];
  }
}

}  // namespace collsim::sim
