#include "sim/flow_model.h"

#include <algorithm>
#include <cassert>

#include "sim/reused_slot.h"

namespace collsim::sim {
namespace {
constexpr std::uint8_t SOLVE = 1;
constexpr std::uint8_t FLOWS_DUE = 2;
constexpr std::uint8_t EMPTY_DONE = 3;
constexpr std::uint8_t FLOW_DONE = 4;
}  // namespace

FlowModel::FlowModel(EventQueue& queue, TransferSink& sink, std::vector<std::int64_t> capacities)
    : queue_(queue),
      sink_(sink),
      solver_(capacities),
      usage_(solver_.num_links()),
      occupancy_(capacities.size()) {
  for (std::size_t l = 0; l < capacities.size(); ++l) {
    occupancy_[l].capacity = capacities[l];
  }
}

void FlowModel::start(TransferId id, const Route& route, core::Bytes bytes) {
  if (bytes == 0) {
    queue_.schedule(queue_.now(), *this, EMPTY_DONE, id);
    return;
  }
  // Ids are taken as the solver takes its own, so that event ids do not depend on which
  // flows the solver was spared.
  const FlowId f = take_reused_slot(flows_, free_flows_);
  const std::span<const LinkId> path = route.binding.empty() ? route.links : route.binding;
  bool alone = true;
  std::int64_t narrowest = occupancy_[path.front()].capacity;
  for (LinkId l : path) {
    alone = alone && occupancy_[l].flows == 0;
    narrowest = std::min(narrowest, occupancy_[l].capacity);
  }
  FlowState& s = flows_[f];
  s = FlowState{id,   core::to_picobytes(bytes), 0, queue_.now(), route.usage_links(), path, {},
                ALONE};
  if (alone) {
    s.rate = narrowest;
    for (LinkId l : path) {
      occupancy_[l] = LinkOccupancy{occupancy_[l].capacity, 1, f};
    }
  } else {
    for (LinkId l : path) {
      if (occupancy_[l].alone_flow != ALONE) {
        end_alone(occupancy_[l].alone_flow);
      }
      ++occupancy_[l].flows;
    }
    hand_to_solver(f);
    s.rate = solver_.rate(s.solver);  // 0: it shares a link, the next solve sets it
  }
  usage_.enter(s.links, queue_.now());
  if (s.rate > 0) {
    // Alone on its path: its rate is final until something joins it, which in a ring is
    // mostly never, so its completion is an event of its own (at a fixed delay, it takes
    // one of the queue's FIFO lanes) until a solve first moves it.
    s.completion = queue_.schedule_cancellable(queue_.now() + time_left(s), *this, FLOW_DONE, f);
  } else {
    request_solve();
  }
}

void FlowModel::hand_to_solver(FlowId f) {
  FlowState& s = flows_[f];
  s.solver = solver_.add_flow(s.path);
  if (s.solver >= of_solver_flow_.size()) {
    of_solver_flow_.resize(static_cast<std::size_t>(s.solver) + 1);
  }
  of_solver_flow_[s.solver] = f;
}

// An alone flow about to be joined goes to the solver, where it is alone too and so gets
// the rate it already has.
void FlowModel::end_alone(FlowId f) {
  hand_to_solver(f);
  assert(solver_.rate(flows_[f].solver) == flows_[f].rate);
  for (LinkId l : flows_[f].path) {
    occupancy_[l].alone_flow = ALONE;
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
  for (MaxMinSolver::FlowId g : solver_.solve()) {
    const FlowId f = of_solver_flow_[g];
    FlowState& s = flows_[f];
    s.remaining -= static_cast<core::Picobytes>(s.rate) * (now - s.since).ps();
    // A flow due this instant has finished already: completions sort before the LATE solve.
    assert(s.remaining > 0);
    s.since = now;
    s.rate = solver_.rate(g);
    queue_.cancel(s.completion);
    completions_.set(f, (now + time_left(s)).ps(), ++completion_seq_);
    ++rate_changes_;
  }
  arm_wake();
}

core::Time FlowModel::time_left(const FlowState& s) {
  return core::transfer_time(s.remaining, core::Bandwidth::from_bytes_per_second(s.rate));
}

// Keeps the one queue event at the earliest completion.
void FlowModel::arm_wake() {
  if (completions_.empty()) {
    queue_.cancel(wake_);
    return;
  }
  const std::int64_t at = completions_.top().time;
  if (wake_.scheduled() && wake_at_ == at) {
    return;
  }
  queue_.cancel(wake_);
  wake_ = queue_.schedule_cancellable(core::Time::from_ps(at), *this, FLOWS_DUE, 0);
  wake_at_ = at;
}

void FlowModel::finish_due() {
  wake_ = {};
  const std::int64_t now = queue_.now().ps();
  while (!completions_.empty() && completions_.top().time == now) {
    const FlowId f = completions_.top().id;
    completions_.pop();
    finish(f);
  }
  arm_wake();
}

void FlowModel::finish(FlowId f) {
  FlowState& s = flows_[f];
  s.completion = {};
  const TransferId transfer = s.transfer;
  usage_.leave(s.links, queue_.now());
  for (LinkId l : s.path) {
    --occupancy_[l].flows;
    if (s.solver == ALONE) {
      occupancy_[l].alone_flow = ALONE;
    }
  }
  if (s.solver != ALONE) {
    solver_.remove_flow(s.solver);
    if (solver_.needs_solve()) {
      request_solve();
    }
  }
  free_flows_.push_back(f);
  sink_.on_transfer_done(transfer);
}

void FlowModel::on_event(std::uint8_t kind, std::uint32_t id) {
  switch (kind) {
    case SOLVE:
      solve();
      break;
    case FLOWS_DUE:
      finish_due();
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
