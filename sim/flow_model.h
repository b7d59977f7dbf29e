#pragma once

#include <vector>

#include "sim/completion_heap.h"
#include "sim/link_usage_recorder.h"
#include "sim/max_min_solver.h"
#include "sim/network_model.h"

namespace collsim::sim {

// FlowModel: fluid max-min fair sharing (DESIGN.md §6, level 2). Every transfer is a flow
// whose rate is its max-min fair share of every directed link it crosses (MaxMinSolver);
// cut-through, so a flow is limited by its bottleneck share, not charged per hop (the
// path latency was paid before start(), by the executor).
//
// Time. Rates are integer bytes per second and progress is kept in picobytes, so a flow
// at rate R advances exactly R picobytes per picosecond; a flow's completion is
// ceil(remaining / rate) after its last rate change — the only rounding, once, up.
// Batching. A flow alone on its links gets its rate at once; other starts and finishes
// mark the solver dirty, and one LATE event per instant solves after every change of that
// instant; only flows whose rate changed get their completion moved.
// Flows alone on their links. A flow that shares none of its links with another flow at its
// start has the smallest capacity on its path as its max-min rate, and keeps it while it
// stays alone; such a flow is not given to the solver at all: a compact per-link record
// (capacity, flows on it, its sole flow if that one is alone) answers "alone?" and gives
// the rate. When a later flow comes onto one of its links, it is first handed to the solver,
// where it is alone, so the solver ends up in exactly the state it would have reached with
// every flow given to it (same rates, same entry order, same solves). Most flows of a ring
// and many of a tree's are never shared, and this spares each of them the solver's flow,
// link and entry records — several cache misses per send at scale.
// Completions. A flow that starts alone on its links gets a completion event of its own.
// Once a solve changes a flow's rate, its completion moves into a CompletionHeap (its own
// event cancelled, once); the event queue holds one event at the heap's earliest, which
// finishes every heap flow due at that instant (in the order their completions were last
// set) and is moved only when the earliest changes. A rate change is then an in-place heap
// update, not a cancelled event plus a new one, while uncontended flows keep the queue's
// O(1) FIFO lanes.
// Complexity: O(hops + log flows) per start/finish plus the solver's component recompute;
// O(log flows) per rate change; 16 bytes per link.
class FlowModel final : public NetworkModel, private EventHandler {
 public:
  FlowModel(EventQueue& queue, TransferSink& sink, std::vector<std::int64_t> capacities);

  void start(TransferId id, const Route& route, core::Bytes bytes) override;
  const LinkUsage& link_usage() override { return usage_.result(); }
  RateWork rate_work() const override {
    return {solver_.solves(), solver_.flows_recomputed(), rate_changes_};
  }

 private:
  using FlowId = std::uint32_t;  // the model's flow ids, reused LIFO
  static constexpr FlowId ALONE = 0xffffffffu;

  struct FlowState {
    TransferId transfer = 0;
    core::Picobytes remaining = 0;
    std::int64_t rate = 0;
    core::Time since;                     // when `remaining` was last brought up to date
    std::span<const LinkId> links;        // Route::usage_links(), for the link-usage bookkeeping
    std::span<const LinkId> path;         // the links that can limit it (the solver's path)
    EventHandle completion;               // its own completion event, until a solve moves it
    MaxMinSolver::FlowId solver = ALONE;  // its solver flow, or ALONE if never shared
  };
  struct LinkOccupancy {  // by solver link id
    std::int64_t capacity = 0;
    std::uint32_t flows = 0;    // flows on the link, in the solver or not
    FlowId alone_flow = ALONE;  // the flow on it that is not in the solver, if any
  };

  void on_event(std::uint8_t kind, std::uint32_t id) override;
  void request_solve();
  void solve();
  static core::Time time_left(const FlowState& s);
  void arm_wake();
  void finish_due();
  void finish(FlowId f);
  void hand_to_solver(FlowId f);
  void end_alone(FlowId f);

  EventQueue& queue_;
  TransferSink& sink_;
  MaxMinSolver solver_;
  LinkUsageRecorder usage_;
  std::vector<FlowState> flows_;  // by model flow id
  std::vector<FlowId> free_flows_;
  std::vector<LinkOccupancy> occupancy_;
  std::vector<FlowId> of_solver_flow_;  // solver flow id -> model flow id
  CompletionHeap completions_;          // by model flow id
  std::uint64_t completion_seq_ = 0;
  EventHandle wake_;  // the event at completions_.top(), if any
  std::int64_t wake_at_ = 0;
  bool solve_pending_ = false;
  std::uint64_t rate_changes_ = 0;
};

}  // namespace collsim::sim
