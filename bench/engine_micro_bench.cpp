// Micro-benchmarks of the engine's hot paths: the event queue and the max-min solver.
#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "sim/event_queue.h"
#include "sim/solver/max_min_solver.h"

namespace collsim::sim {
namespace {

using solver::MaxMinSolver;

// Keeps `n` events pending: every event reschedules itself a pseudo-random delay later,
// the steady state of a simulation with n transfers in flight.
class Churn final : public EventHandler {
 public:
  // fixed_share: out of 128, how many events take one of the fixed delays.
  Churn(EventQueue& q, std::uint64_t budget, std::uint64_t fixed_share)
      : q_(q), budget_(budget), fixed_share_(fixed_share) {}
  void on_event(std::uint8_t, std::uint32_t id) override {
    if (budget_ == 0) {
      return;
    }
    --budget_;
    x_ = x_ * 6364136223846793005ULL + 1442695040888963407ULL;
    // Either one of four fixed delays (a step latency, a usual transfer) or a random one.
    const std::int64_t fixed[] = {5'000'000, 10'240, 1'000'000, 600'000};
    const std::int64_t delay =
        fixed_share_ > (x_ >> 57) ? fixed[(x_ >> 40) % 4] : 1 + static_cast<std::int64_t>(x_ >> 44);
    q_.schedule(q_.now() + core::Time::from_ps(delay), *this, 0, id);
  }

 private:
  EventQueue& q_;
  std::uint64_t budget_;
  std::uint64_t fixed_share_;
  std::uint64_t x_ = 1;
};

void BM_EventQueueChurn(benchmark::State& state) {
  const auto pending = static_cast<std::uint32_t>(state.range(0));
  constexpr std::uint64_t EVENTS = 1'000'000;
  for (auto _ : state) {
    EventQueue q;
    Churn c(q, EVENTS, static_cast<std::uint64_t>(state.range(1)));
    for (std::uint32_t i = 0; i < pending; ++i) {
      q.schedule(core::Time::from_ps(i), c, 0, i);
    }
    q.run();
    benchmark::DoNotOptimize(q.fingerprint());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * EVENTS));
}
// Args: pending events; out of 128, how many use a fixed delay.
BENCHMARK(BM_EventQueueChurn)->ArgsProduct({{1 << 10, 1 << 14, 1 << 17}, {0, 96, 128}});

// A flow ends and another starts on the same links, with `k` other flows sharing each
// of them (k = 0: private links, the ring's common case; k > 0: incast ports), among
// `ports` · (k + 1) flows in flight. The cost of one replacement should follow k (the flows
// a change can reach), not the number of flows in flight: growing `ports` 128× may only
// add cache misses.
void BM_SolverReplaceFlow(benchmark::State& state) {
  const auto k = static_cast<std::uint32_t>(state.range(0));
  const auto ports = static_cast<std::uint32_t>(state.range(1));
  MaxMinSolver s(std::vector<std::int64_t>(2 * ports, 50'000'000'000));
  std::vector<std::vector<MaxMinSolver::LinkId>> paths;
  for (std::uint32_t p = 0; p < ports; ++p) {
    paths.push_back({p, ports + (p + 1) % ports});
  }
  std::vector<MaxMinSolver::FlowId> flows;
  for (std::uint32_t p = 0; p < ports; ++p) {
    for (std::uint32_t j = 0; j <= k; ++j) {
      flows.push_back(s.add_flow(paths[p]));
    }
  }
  s.solve();
  std::size_t i = 0;
  for (auto _ : state) {
    // A stride coprime to the port count visits every port, in an order the hardware
    // prefetcher cannot follow.
    const auto port = static_cast<std::uint32_t>((i * 40503) % ports);
    s.remove_flow(flows[port * (k + 1)]);
    s.solve();
    flows[port * (k + 1)] = s.add_flow(paths[port]);
    benchmark::DoNotOptimize(s.solve().size());
    ++i;
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
}
// Args: k; ports.
BENCHMARK(BM_SolverReplaceFlow)->ArgsProduct({{0, 3, 15}, {1 << 10, 1 << 13, 1 << 17}});

}  // namespace
}  // namespace collsim::sim

BENCHMARK_MAIN();
