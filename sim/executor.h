#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "algorithms/schedule.h"
#include "core/bandwidth.h"
#include "core/time.h"
#include "cost/protocol.h"
#include "sim/link_usage.h"
#include "sim/network_model.h"
#include "topology/fabric.h"

namespace collsim::sim {

// What a run keeps of its ops' times. The run records one end time per op (8 B/op) unless
// NONE; when each op became ready is not recorded but derived after the run: the latest end
// of its dependencies (0 without any), which is the instant its last dependency finished.
enum class OpTimes : std::uint8_t {
  NONE,           // no per-op times, no critical path
  CRITICAL_PATH,  // the critical path only (what reports read)
  ALL,            // the critical path and RunResult::timings (16 B/op more in the result)
};

struct ExecutorOptions {
  NetworkKind network = NetworkKind::FLOW;
  core::Time step_latency;           // α: software cost every send pays before bytes move
  core::Bandwidth reduce_bandwidth;  // bytes/s a rank reduces at; 0 = reductions are free
  OpTimes op_times = OpTimes::ALL;
  // The protocol's framing (cost/protocol.h): a send of b payload bytes moves
  // ceil(b · line / data) bytes through the network.
  cost::PayloadShare payload;
};

// When an op could start (all dependencies done) and when it finished; both 0 for an op
// that never could (a deadlock).
struct OpTiming {
  core::Time ready;
  core::Time end;
};

// The chain of ops that finishes last, walked back through the dependency that finished
// last at each step, and where its time went. The parts add up to the makespan.
struct CriticalPath {
  std::vector<algorithms::OpId> ops;  // first to last
  std::size_t sends = 0;
  core::Time step_latency;  // α paid by the sends on the path
  core::Time link_latency;  // path latency of those sends
  core::Time transfer;      // bytes / bottleneck bandwidth, as if alone on the network
  core::Time contention;    // the rest of the sends' flow time: sharing links with others
  core::Time reduction;     // reduce ops on the path
};

// Ops that can never run, with what they wait on (a result, not an error: an imported
// schedule may hold a cycle, and the user needs to see where).
struct Deadlock {
  std::size_t waiting_ops = 0;
  struct Waiter {
    algorithms::OpId op;
    std::vector<algorithms::OpId> waits_on;  // its unfinished dependencies
  };
  std::vector<Waiter> first_waiters;  // the lowest-numbered few, for the report
};

struct RunResult {
  core::Time makespan;
  std::uint64_t events = 0;
  std::uint64_t fingerprint = 0;  // EventQueue::fingerprint() of the whole run
  std::size_t ops_completed = 0;
  std::size_t sends = 0;
  std::vector<OpTiming> timings;              // by op id; empty unless OpTimes::ALL
  std::optional<CriticalPath> critical_path;  // unless OpTimes::NONE, a deadlock or no ops
  std::optional<Deadlock> deadlock;
  std::vector<LinkStats> link_stats;  // by directed link id
  RateWork rate_work;                 // the network model's, for benchmarks
};

// Runs `schedule` on `fabric` with rank r placed on GPU vertex placement[r].
// An op starts when its dependencies are done. A SEND pays step_latency plus its path's
// latency, then moves its bytes through the network model over the path that
// fabric.route(src GPU, dst GPU, label.channel) gives. A REDUCE takes
// bytes / reduce_bandwidth (0 = free). If events run out while ops remain, the result
// carries a Deadlock naming them; the run never hangs.
// Cost: routes are resolved once per distinct (src, dst, channel) before the run; then
// O(1) work per op plus the network model's, no allocation per event. Memory on top of the
// schedule: a 16-byte run record per op, which holds up to two successors (4 B more for a
// slot map if the ops are not in dependency-depth order, 4 B per successor plus 4 for the
// list of an op with more than two, a 16-byte entry and a hash-map node per size a route
// carries beyond its first, and per reduce size); 8 B/op more unless OpTimes::NONE, and the
// result's 16 B/op with OpTimes::ALL.
// Throws std::invalid_argument if the placement is not one distinct GPU per rank, or the
// wire ratio is below 1.
RunResult execute(const algorithms::Schedule& schedule, topology::Fabric& fabric,
                  std::span<const topology::VertexId> placement, const ExecutorOptions& options);

// execute() with the default placement: rank r on the r-th GPU of fabric.gpus().
RunResult execute(const algorithms::Schedule& schedule, topology::Fabric& fabric,
                  const ExecutorOptions& options);

// execute() in its two steps, for a caller that times them apart (bench/scaling_bench): the
// constructor checks the placement, resolves the routes and builds the run's per-op state
// (the set-up: O(ops + dependencies), the memory above); run() replays the schedule, once
// (a second call throws std::logic_error). The schedule and the fabric must outlive it.
// Same throws as execute(), from the constructor.
class Execution {
 public:
  Execution(const algorithms::Schedule& schedule, topology::Fabric& fabric,
            std::span<const topology::VertexId> placement, const ExecutorOptions& options);
  // With the default placement, as execute() above.
  Execution(const algorithms::Schedule& schedule, topology::Fabric& fabric,
            const ExecutorOptions& options);
  Execution(const Execution&) = delete;
  Execution& operator=(const Execution&) = delete;
  ~Execution();

  RunResult run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace collsim::sim
