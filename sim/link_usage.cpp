#include "sim/link_usage.h"

#include <algorithm>
#include <cassert>

namespace collsim::sim {

void LinkUsage::enter(std::span<const std::uint32_t> links, core::Time now) {
  for (std::uint32_t l : links) {
    PerLink& p = links_[l];
    if (p.active >= 2) {
      p.shared_time += now - p.since;
    }
    p.since = now;
    ++p.active;
    ++p.transfers;
    p.max_transfers = std::max(p.max_transfers, p.active);
  }
}

void LinkUsage::leave(std::span<const std::uint32_t> links, core::Time now) {
  for (std::uint32_t l : links) {
    PerLink& p = links_[l];
    assert(p.active > 0);
    if (p.active >= 2) {
      p.shared_time += now - p.since;
    }
    p.since = now;
    --p.active;
  }
}

}  // namespace collsim::sim
