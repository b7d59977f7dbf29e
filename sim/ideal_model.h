#pragma once

#include <vector>

#include "memory/huge_page_allocator.h"
#include "sim/link_usage.h"
#include "sim/network_model.h"

namespace collsim::sim {

// IdealModel: no contention. A transfer of b bytes takes exactly b / bottleneck(route)
// (rounded up to the picosecond by core::transfer_time), however many others share its
// links. On an uncontended fabric this reproduces the α-β closed forms; where links are
// shared it is the optimistic bound the flow model is compared with.
// Complexity: O(hops) per transfer (for the link-usage bookkeeping), one event.
class IdealModel final : public NetworkModel, private EventHandler {
 public:
  IdealModel(EventQueue& queue, TransferSink& sink, std::size_t num_links);

  void start(TransferId id, const Route& route, core::Bytes bytes) override;
  const LinkUsage& link_usage() const override { return usage_; }
  RateWork rate_work() const override { return {}; }

 private:
  void on_event(std::uint8_t kind, std::uint32_t id) override;

  EventQueue& queue_;
  TransferSink& sink_;
  LinkUsage usage_;
  struct InFlight {
    TransferId transfer;
    std::span<const LinkId> links;
  };
  memory::HugeVector<InFlight> in_flight_;  // a pool: an event's id is its slot
  std::vector<std::uint32_t> free_slots_;
};

}  // namespace collsim::sim
