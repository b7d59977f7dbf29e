#pragma once

#include <vector>

#include "memory/huge_page_allocator.h"
#include "sim/completion_heap.h"
#include "sim/link_usage.h"
#include "sim/solver/max_min_solver.h"
#include "sim/network_model.h"

namespace collsim::sim {

// FlowModel: fluid max-min fair sharing (docs/engine.md). Every transfer is a flow
// whose rate is its max-min fair share of every directed link it crosses (solver::MaxMinSolver);
// cut-through, so a flow is limited by its bottleneck share, not charged per hop (the
// path latency was paid before start(), by the executor).
//
// Time. Rates are integer bytes per second and progress is kept in picobytes, so a flow
// at rate R advances exactly R picobytes per picosecond; a flow's completion is
// ceil(remaining / rate) after its last rate change — the only rounding, once, up.
// Batching. A flow alone on its links gets its rate at once, and the solver keeps it out of
// every solve until another flow joins one of its links (solver::MaxMinSolver, "Flows alone on
// their links"); other starts and finishes mark the solver dirty, and one LATE event per
// instant solves after every change of that instant; only flows whose rate changed get
// their completion moved.
// Routes of their own. A flow on a route that no other route shares a binding link with
// (Route::solo_hop) can meet other flows only on its own route: if none is on it (LinkUsage's
// count on the solo link), it starts at the route's bottleneck rate without entering the
// solver at all, in a record of its own (`alone_`), and ends without leaving it. Should a
// second flow come onto that route, the first is entered into the solver then, at the rate
// it has, where it is alone: the state the solver would have had, had it been entered at
// its start (solver::MaxMinSolver enters an alone flow on its links only when it is joined).
// Completions. A flow that starts alone on its links gets a completion event of its own.
// Once a solve changes a flow's rate, its completion moves into a CompletionHeap (its own
// event cancelled, once); the event queue holds one event at the heap's earliest, which
// finishes every heap flow due at that instant (in the order their completions were last
// set) and is moved only when the earliest changes. A rate change is then an in-place heap
// update, not a cancelled event plus a new one, while uncontended flows keep the queue's
// O(1) FIFO lanes.
// Complexity: O(hops + log flows) per start/finish plus the solver's component recompute;
// O(log flows) per rate change.
class FlowModel final : public NetworkModel, private EventHandler {
 public:
  FlowModel(EventQueue& queue, TransferSink& sink, std::vector<std::int64_t> capacities);

  void start(TransferId id, const Route& route, core::Bytes bytes) override;
  void prefetch_start(const Route& route) const override;
  const LinkUsage& link_usage() const override { return usage_; }
  RateWork rate_work() const override {
    return {solver_.solves(), solver_.flows_recomputed(), rate_changes_};
  }

 private:
  using FlowId = solver::MaxMinSolver::FlowId;  // the solver's flow ids, reused LIFO

  // By solver flow id; one cache line, so a flow's start and end touch one line here.
  struct alignas(64) FlowState {
    core::Picobytes remaining = 0;
    std::int64_t rate = 0;
    core::Time since;               // when `remaining` was last brought up to date
    const LinkId* links = nullptr;  // Route::usage_links(), for the link-usage bookkeeping
    EventHandle completion;         // its own completion event, until a solve moves it
    TransferId transfer = 0;
    std::uint16_t link_count = 0;
    std::uint16_t solo_hop = 0;  // an alone_ flow's Route::solo_hop
  };
  static_assert(sizeof(FlowState) == 64);

  void on_event(std::uint8_t kind, std::uint32_t id) override;
  void prefetch(std::uint8_t kind, std::uint32_t id, Ahead ahead) const override;
  void prefetch_flow(FlowId f) const;
  void prefetch_finish(FlowId f, Ahead ahead) const;
  FlowState& solver_flow(FlowId f);
  void start_alone(TransferId id, const Route& route, core::Bytes bytes);
  void enter_solver(std::uint32_t a, const Route& route);
  void finish_alone(std::uint32_t a);
  void prefetch_finish_alone(std::uint32_t a, Ahead ahead) const;
  void request_solve();
  void solve();
  static core::Time time_left(const FlowState& s);
  void arm_wake();
  void finish_due();
  void finish(FlowId f);

  EventQueue& queue_;
  TransferSink& sink_;
  solver::MaxMinSolver solver_;
  LinkUsage usage_;
  memory::HugeVector<FlowState> flows_;
  // Flows on a route of their own, alone on it: by their own ids (reused LIFO), and the
  // one on each solo link (NO_ALONE if none).
  std::vector<FlowState> alone_;
  std::vector<std::uint32_t> free_alone_;
  std::vector<std::uint32_t> alone_on_;
  CompletionHeap completions_;  // by flow id
  std::vector<FlowId> due_;     // the flows finish_due() is finishing
  std::uint64_t completion_seq_ = 0;
  EventHandle wake_;  // the event at completions_.top(), if any
  std::int64_t wake_at_ = 0;
  bool solve_pending_ = false;
  std::uint64_t rate_changes_ = 0;
};

}  // namespace collsim::sim
