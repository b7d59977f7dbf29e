#include "sim/ideal_model.h"

namespace collsim::sim {
namespace {
constexpr std::uint8_t DONE = 1;
}  // namespace

IdealModel::IdealModel(EventQueue& queue, TransferSink& sink, std::size_t num_links)
    : queue_(queue), sink_(sink), usage_(num_links) {}

void IdealModel::start(TransferId id, const Route& route, core::Bytes bytes) {
  const core::Time done =
      queue_.now() +
      (bytes == 0 ? core::Time::zero() : core::transfer_time(bytes, route.bottleneck));
  std::uint32_t slot = 0;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(in_flight_.size());
    in_flight_.emplace_back();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  // Zero bytes occupy no link, as in every model.
  in_flight_[slot] = InFlight{id, bytes == 0 ? std::span<const LinkId>{} : route.usage_links()};
  usage_.enter(in_flight_[slot].links, queue_.now());
  queue_.schedule(done, *this, DONE, slot);
}

void IdealModel::on_event(std::uint8_t /*kind*/, std::uint32_t slot) {
  const InFlight f = in_flight_[slot];
  free_slots_.push_back(slot);
  usage_.leave(f.links, queue_.now());
  sink_.on_transfer_done(f.transfer);
}

}  // namespace collsim::sim
