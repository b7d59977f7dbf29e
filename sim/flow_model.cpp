#include "sim/flow_model.h"

#include <cassert>

namespace collsim::sim {
namespace {
constexpr std::uint8_t SOLVE = 1;
constexpr std::uint8_t FLOW_DONE = 2;
constexpr std::uint8_t EMPTY_DONE = 3;
}  // namespace

FlowModel::FlowModel(EventQueue& queue, TransferSink& sink, std::vector<std::int64_t> capacities)
    : queue_(queue), sink_(sink), solver_(std::move(capacities)), usage_(solver_.num_links()) {}

void FlowModel::start(TransferId id, const Route& route, core::Bytes bytes) {
  if (bytes == 0) {
    queue_.schedule(queue_.now(), *this, EMPTY_DONE, id);
    return;
  }
  const MaxMinSolver::FlowId f =
      solver_.add_flow(route.binding.empty() ? route.links : route.binding);
  if (f >= flows_.size()) {
    flows_.resize(static_cast<std::size_t>(f) + 1);
  }
  FlowState& s = flows_[f];
  s = FlowState{id, core::to_picobytes(bytes), solver_.rate(f), queue_.now(), {}, route.links};
  usage_.enter(route.links, queue_.now());
  if (s.rate > 0) {  // alone on its path: its rate is final until something joins it
    schedule_completion(f);
  } else {
    request_solve();
  }
}

void FlowModel::request_solve() {
  if (!solve_pending_) {
    solve_pending_ = true;
    queue_.schedule(queue_.now(), *this, SOLVE, 0, EventQueue::Priority::LATE);
  }
}

void FlowModel::solve() {
  solve_pending_ = false;
  const core::Time now = queue_.now();
  for (MaxMinSolver::FlowId f : solver_.solve()) {
    FlowState& s = flows_[f];
    s.remaining -= static_cast<core::Picobytes>(s.rate) * (now - s.since).ps();
    // A flow due this instant has finished already: completions sort before the LATE solve.
    assert(s.remaining > 0);
    s.since = now;
    s.rate = solver_.rate(f);
    queue_.cancel(s.completion);
    schedule_completion(f);
    ++rate_changes_;
  }
}

void FlowModel::schedule_completion(MaxMinSolver::FlowId f) {
  FlowState& s = flows_[f];
  s.completion = queue_.schedule_cancellable(
      queue_.now() +
          core::transfer_time(s.remaining, core::Bandwidth::from_bytes_per_second(s.rate)),
      *this, FLOW_DONE, f);
}

void FlowModel::finish(MaxMinSolver::FlowId f) {
  FlowState& s = flows_[f];
  s.completion = {};
  const TransferId transfer = s.transfer;
  usage_.leave(s.links, queue_.now());
  solver_.remove_flow(f);
  if (solver_.needs_solve()) {
    request_solve();
  }
  sink_.on_transfer_done(transfer);
}

void FlowModel::on_event(std::uint8_t kind, std::uint32_t id) {
  switch (kind) {
    case SOLVE:
      solve();
      break;
    case FLOW_DONE:
      finish(id);
      break;
    case EMPTY_DONE:
      sink_.on_transfer_done(id);
      break;
    default:
      assert(false && "unknown flow-model event");
  }
}

}  // namespace collsim::sim
