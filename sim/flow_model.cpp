#include "sim/flow_model.h"

#include <cassert>
#include <utility>

#include "memory/reused_slot.h"

namespace collsim::sim {
namespace {
constexpr std::uint8_t SOLVE = 1;
constexpr std::uint8_t FLOWS_DUE = 2;
constexpr std::uint8_t EMPTY_DONE = 3;
constexpr std::uint8_t FLOW_DONE = 4;
constexpr std::uint8_t ALONE_DONE = 5;
constexpr std::uint32_t NO_ALONE = 0xffffffffu;
}  // namespace

FlowModel::FlowModel(EventQueue& queue, TransferSink& sink, std::vector<std::int64_t> capacities)
    : queue_(queue),
      sink_(sink),
      solver_(std::move(capacities)),
      usage_(solver_.num_links()),
      alone_on_(solver_.num_links(), NO_ALONE) {}

void FlowModel::start(TransferId id, const Route& route, core::Bytes bytes) {
  if (bytes == 0) {
    queue_.schedule(queue_.now(), *this, EMPTY_DONE, id);
    return;
  }
  const std::span<const LinkId> links = route.usage_links();
  usage_.enter(links, queue_.now());
  if (route.solo_hop != NO_SOLO_HOP) {
    const LinkId solo = links[route.solo_hop];
    if (usage_.active(solo) == 1) {
      start_alone(id, route, bytes);
      return;
    }
    if (alone_on_[solo] != NO_ALONE) {
      enter_solver(alone_on_[solo], route);
    }
  }
  const FlowId f = solver_.add_flow(route.solver_links());
  FlowState& s = solver_flow(f);
  s = FlowState{core::to_picobytes(bytes),
                solver_.rate(f),
                queue_.now(),
                links.data(),
                {},
                id,
                static_cast<std::uint16_t>(links.size())};
  if (s.rate > 0) {
    // Alone on its path: its rate is final until something joins it, which in a ring is
    // mostly never, so its completion is an event of its own (at a fixed delay, it takes
    // one of the queue's FIFO lanes) until a solve first moves it.
    s.completion = queue_.schedule_cancellable(queue_.now() + time_left(s), *this, FLOW_DONE, f);
  } else {
    request_solve();  // it shares a link: the next solve sets its rate
  }
}

// The record of solver flow f, grown to hold it (the solver reuses its ids LIFO).
FlowModel::FlowState& FlowModel::solver_flow(FlowId f) {
  if (f >= flows_.size()) {
    flows_.resize(static_cast<std::size_t>(f) + 1);
  }
  return flows_[f];
}

// Its rate is the smallest capacity of its path (Route::bottleneck), which is what the
// solver gives a flow alone on its links.
void FlowModel::start_alone(TransferId id, const Route& route, core::Bytes bytes) {
  const std::uint32_t a = memory::take_reused_slot(alone_, free_alone_);
  const std::span<const LinkId> links = route.usage_links();
  assert(route.solo_hop < links.size() && links.size() <= 0xffff);
  FlowState& s = alone_[a];
  s = FlowState{core::to_picobytes(bytes),
                route.bottleneck.bytes_per_second(),
                queue_.now(),
                links.data(),
                {},
                id,
                static_cast<std::uint16_t>(links.size()),
                static_cast<std::uint16_t>(route.solo_hop)};
  alone_on_[links[route.solo_hop]] = a;
  queue_.schedule(queue_.now() + time_left(s), *this, ALONE_DONE, a);
}

// Flow `a` is about to be joined on its route: it becomes the solver's, alone where it was
// alone, with its completion unchanged (the solve that the joining flow asks for moves it).
// Its own completion event is not cancellable (most alone flows are never joined, and a
// cancellable event costs a slot): it stays queued and, finding the record handed over,
// only frees it.
void FlowModel::enter_solver(std::uint32_t a, const Route& route) {
  FlowState s = alone_[a];
  alone_on_[route.solo_link()] = NO_ALONE;
  alone_[a].links = nullptr;
  const FlowId f = solver_.add_flow(route.solver_links());
  assert(solver_.rate(f) == s.rate);
  s.completion = queue_.schedule_cancellable(s.since + time_left(s), *this, FLOW_DONE, f);
  solver_flow(f) = s;
}

void FlowModel::finish_alone(std::uint32_t a) {
  const FlowState& s = alone_[a];
  if (s.links == nullptr) {  // handed to the solver (enter_solver)
    free_alone_.push_back(a);
    return;
  }
  const TransferId transfer = s.transfer;
  usage_.leave({s.links, s.link_count}, queue_.now());
  alone_on_[s.links[s.solo_hop]] = NO_ALONE;
  free_alone_.push_back(a);
  sink_.on_transfer_done(transfer);
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
  const std::span<const FlowId> changed = solver_.solve();
  // Each changed flow's state is a likely miss (perf: 86% of this loop's samples on its
  // first load); asked for a few flows ahead, the misses overlap.
  constexpr std::size_t AHEAD = 4;
  for (std::size_t i = 0; i < std::min(AHEAD, changed.size()); ++i) {
    __builtin_prefetch(&flows_[changed[i]]);
  }
  for (std::size_t i = 0; i < changed.size(); ++i) {
    if (i + AHEAD < changed.size()) {
      __builtin_prefetch(&flows_[changed[i + AHEAD]]);
    }
    const FlowId f = changed[i];
    FlowState& s = flows_[f];
    s.remaining -= static_cast<core::Picobytes>(s.rate) * (now - s.since).ps();
    // A flow due this instant has finished already: completions sort before the LATE solve.
    assert(s.remaining > 0);
    s.since = now;
    s.rate = solver_.rate(f);
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

// The flows due now are taken off the heap first (finishing one never touches the heap), so
// that each one's finish is announced in stages a few flows ahead (see prefetch_finish).
void FlowModel::finish_due() {
  wake_ = {};
  const std::int64_t now = queue_.now().ps();
  due_.clear();
  while (!completions_.empty() && completions_.top().time == now) {
    due_.push_back(completions_.top().id);
    completions_.pop();
  }
  // Flow j is announced FAR at step j, NEAR at j + 2, NEXT at j + 4, and finished at j + 6.
  const std::size_t n = due_.size();
  auto behind = [&](std::size_t i, std::size_t k) -> const FlowId* {
    return i >= k && i - k < n ? &due_[i - k] : nullptr;
  };
  for (std::size_t i = 0; i < n + 6; ++i) {
    if (const FlowId* f = behind(i, 0)) {
      prefetch_finish(*f, Ahead::FAR);
    }
    if (const FlowId* f = behind(i, 2)) {
      prefetch_finish(*f, Ahead::NEAR);
    }
    if (const FlowId* f = behind(i, 4)) {
      prefetch_finish(*f, Ahead::NEXT);
    }
    if (const FlowId* f = behind(i, 6)) {
      finish(*f);
    }
  }
  arm_wake();
}

void FlowModel::finish(FlowId f) {
  FlowState& s = flows_[f];
  s.completion = {};
  const TransferId transfer = s.transfer;
  usage_.leave({s.links, s.link_count}, queue_.now());
  solver_.remove_flow(f);
  if (solver_.needs_solve()) {
    request_solve();
  }
  sink_.on_transfer_done(transfer);
}

// A start's misses are the records of its links (perf: over half of add_flow's samples).
void FlowModel::prefetch_start(const Route& route) const {
  if (route.solo_hop != NO_SOLO_HOP) {
    const LinkId solo = route.solo_link();
    usage_.prefetch(solo);
    __builtin_prefetch(&alone_on_[solo]);
    return;
  }
  solver_.prefetch_links(route.solver_links());
}

void FlowModel::prefetch(std::uint8_t kind, std::uint32_t id, Ahead ahead) const {
  if (kind == FLOW_DONE) {
    prefetch_finish(id, ahead);
  } else if (kind == ALONE_DONE) {
    prefetch_finish_alone(id, ahead);
  } else if (kind == FLOWS_DUE && ahead == Ahead::NEXT && !completions_.empty()) {
    prefetch_flow(completions_.top().id);
  }
}

// A finish walks a chain of records: the flow's two (perf: nearly all of finish()'s samples
// sat on its first load of them), its links', its entries on them, and then the executor's
// for the op the transfer ends. One link of the chain per stage.
void FlowModel::prefetch_finish(FlowId f, Ahead ahead) const {
  switch (ahead) {
    case Ahead::FAR:
      prefetch_flow(f);
      break;
    case Ahead::NEAR:
      solver_.prefetch_links(f);
      sink_.prefetch_done(flows_[f].transfer, Ahead::FAR);
      break;
    case Ahead::NEXT:
      solver_.prefetch_entries(f);
      sink_.prefetch_done(flows_[f].transfer, Ahead::NEAR);
      break;
  }
}

// The same chain without the solver's records: the flow's, its links' usage, the op's.
void FlowModel::prefetch_finish_alone(std::uint32_t a, Ahead ahead) const {
  if (ahead != Ahead::FAR && alone_[a].links == nullptr) {
    return;  // handed to the solver: its event only frees the record
  }
  switch (ahead) {
    case Ahead::FAR:
      __builtin_prefetch(&alone_[a]);
      break;
    case Ahead::NEAR:
      usage_.prefetch(alone_[a].links[alone_[a].solo_hop]);
      sink_.prefetch_done(alone_[a].transfer, Ahead::FAR);
      break;
    case Ahead::NEXT:
      sink_.prefetch_done(alone_[a].transfer, Ahead::NEAR);
      break;
  }
}

void FlowModel::prefetch_flow(FlowId f) const {
  __builtin_prefetch(&flows_[f]);
  solver_.prefetch_flow(f);
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
    case ALONE_DONE:
      finish_alone(id);
      break;
    case EMPTY_DONE:
      sink_.on_transfer_done(id);
      break;
    default:
      assert(false && "unknown flow-model event");
  }
}

}  // namespace collsim::sim
