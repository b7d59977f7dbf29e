#include "sim/executor.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <fmt/format.h>

#include "memory/background_prefault.h"
#include "memory/huge_page_allocator.h"
#include "sim/binding_links.h"
#include "sim/link_classes.h"

namespace collsim::sim {
namespace {

using algorithms::Op;
using algorithms::OpId;
using algorithms::OpKind;
using algorithms::Rank;
using algorithms::Schedule;

constexpr std::uint8_t SEND_START = 1;
constexpr std::uint8_t REDUCE_DONE = 2;
constexpr std::uint32_t NO_ROUTE = 0xffffffffu;
constexpr Rank NO_RANK = 0xffffffffu;  // no rank is it: Schedule ranks are < num_ranks
constexpr std::size_t WAITERS_SHOWN = 8;

constexpr std::uint32_t INLINE_SUCCESSORS = 2;
constexpr std::uint32_t NO_SUCCESSOR = 0xffffffffu;
// succ[1] of an op whose successors are listed apart. No slot equals it or NO_SUCCESSOR:
// a schedule has at most 2^32 - 2 ops (Schedule::add), so slots end at 2^32 - 3.
constexpr std::uint32_t LISTED_APART = 0xfffffffeu;
// A cost that is not a route's own: the rest of it indexes extra_costs_.
constexpr std::uint32_t EXTRA_COST = 0x80000000u;

// What the run needs of an op, in one 16-byte record, four to a cache line (the schedule's
// own op records are not read during the run).
// Cost: what starting it takes. For a send whose size is the first its route carried (in
// rings and two-level, every send), the route's index, and the route's tables hold its
// latency and bytes on the wire; otherwise EXTRA_COST | an index into extra_costs_, which
// holds a route and bytes (NO_ROUTE and the payload for a reduce).
// Successors: most ops have at most two (a ring send: the next step's send on its
// connection and the receiver's), held here, NO_SUCCESSOR where unfilled, so that finishing
// an op reads no list apart from its record: at 16k ranks one ring step's records are far
// beyond the cache. An op with more has succ = {start, LISTED_APART}: overflow_[start] is
// the count and the list follows it.
struct OpState {
  std::uint32_t pending = 0;  // unfinished dependencies
  std::uint32_t cost = 0;
  std::array<std::uint32_t, INLINE_SUCCESSORS> succ{NO_SUCCESSOR, NO_SUCCESSOR};
};
static_assert(sizeof(OpState) == 16);

struct ExtraCost {
  std::uint32_t route;  // NO_ROUTE for a reduce
  core::Bytes bytes;    // on the wire for a send; the payload for a reduce
};
static_assert(sizeof(ExtraCost) == 16);

class Executor final : private EventHandler, private TransferSink {
 public:
  Executor(const Schedule& schedule, topology::Fabric& fabric,
           std::span<const topology::VertexId> placement, const ExecutorOptions& options)
      : schedule_(schedule), options_(options) {
    if (options.payload.data == 0 || options.payload.data > options.payload.line) {
      throw std::invalid_argument(fmt::format("a payload share of {} in {} is not 0 < data <= line",
                                              options.payload.data, options.payload.line));
    }
    check_placement(fabric, placement);
    std::vector<std::int64_t> capacities(fabric.num_links());
    for (std::size_t e = 0; e < capacities.size(); ++e) {
      capacities[e] = fabric.link(static_cast<topology::EdgeId>(e)).bandwidth.bytes_per_second();
    }
    // The passes below write 16 B per op of fresh memory (8 B per op more with op times, 4
    // if the ops need reordering, 4 per successor and 4 per list of ops with more than
    // two): the other core takes its page faults meanwhile.
    const std::size_t timed = options.op_times == OpTimes::NONE ? 0 : schedule.size();
    ops_.reserve(schedule.size());
    ends_.reserve(timed);
    {
      using memory::BackgroundPrefault;
      const BackgroundPrefault prefault(
          {BackgroundPrefault::spare_capacity(ops_), BackgroundPrefault::spare_capacity(ends_)});
      choose_run_order();
      std::vector<topology::PathId> path_ids = build_successors(fabric, placement);
      resolve_routes(fabric, path_ids, capacities);
      ends_.resize(timed);
    }
    network_ = make_network_model(options.network, queue_, *this, std::move(capacities));
  }
  // The network model holds references to queue_ and to this executor.
  Executor(const Executor&) = delete;
  Executor& operator=(const Executor&) = delete;

  RunResult run() {
    for (std::uint32_t slot = 0; slot < schedule_.size(); ++slot) {
      if (ops_[slot].pending == 0) {
        make_ready(slot);
      }
    }
    drain_ready();
    queue_.run();

    RunResult r;
    r.makespan = last_end_;
    r.events = queue_.events_executed();
    r.fingerprint = queue_.fingerprint();
    r.ops_completed = completed_;
    r.sends = sends_;
    r.rate_work = network_->rate_work();
    const LinkUsage& usage = network_->link_usage();
    r.link_stats.reserve(usage.size());
    for (std::uint32_t l = 0; l < usage.size(); ++l) {
      r.link_stats.push_back(usage.stats(classes_.representative[l]));
    }
    if (options_.op_times == OpTimes::ALL) {
      r.timings.resize(schedule_.size());
      for (OpId id = 0; id < schedule_.size(); ++id) {
        if (ops_[slot(id)].pending == 0) {
          r.timings[id] = OpTiming{ready_time(id), end_time(id)};
        }
      }
    }
    if (completed_ < schedule_.size()) {
      r.deadlock = deadlock();
    } else if (options_.op_times != OpTimes::NONE && schedule_.size() > 0) {
      r.critical_path = critical_path();
    }
    return r;
  }

 private:
  void check_placement(const topology::Fabric& fabric,
                       std::span<const topology::VertexId> placement) const {
    if (placement.size() != schedule_.num_ranks()) {
      throw std::invalid_argument(fmt::format("placement has {} GPUs for {} ranks",
                                              placement.size(), schedule_.num_ranks()));
    }
    std::vector<bool> used(fabric.num_vertices(), false);
    for (std::size_t r = 0; r < placement.size(); ++r) {
      const topology::VertexId v = placement[r];
      if (v >= fabric.num_vertices() || fabric.vertex(v).kind != topology::VertexKind::GPU) {
        throw std::invalid_argument(fmt::format("rank {} is placed on vertex {}, not a GPU", r, v));
      }
      if (used[v]) {
        throw std::invalid_argument(
            fmt::format("rank {} is placed on GPU {}, which another rank already uses", r,
                        fabric.vertex(v).name));
      }
      used[v] = true;
    }
  }

  // The run keeps its per-op state in slots ordered by dependency depth (the longest chain
  // of dependencies before an op), so that ops finishing around the same simulated time
  // and the successors they release sit close together in memory: at 16k ranks the state
  // is hundreds of MB and id order scatters a tree's ready ops over all of it. Rings and
  // two-level are emitted in that order already (pipelined trees nearly: chunk by chunk),
  // and then slot == id and no map is kept (it would be 4 B per op of fresh memory). A
  // schedule not in topological order (possible only for imported ones) keeps id order.
  void choose_run_order() {
    const std::size_t n = schedule_.size();
    // Each op's depth, in its record's `pending` until build_successors() sets that; the
    // records are created here, so that this one pass is their first touch.
    ops_.clear();
    std::uint32_t deepest = 0;
    bool in_order = true;
    for (OpId id = 0; id < n; ++id) {
      std::uint32_t depth = 0;
      for (OpId d : schedule_.deps(id)) {
        if (d >= id) {  // build_successors() rejects a dependency that does not exist
          ops_.resize(n);
          return;
        }
        depth = std::max(depth, ops_[d].pending + 1);
      }
      ops_.push_back(OpState{.pending = depth});
      in_order = in_order && depth >= deepest;
      deepest = std::max(deepest, depth);
    }
    if (in_order) {
      return;
    }
    std::vector<std::uint32_t> first(static_cast<std::size_t>(deepest) + 2, 0);
    for (OpId id = 0; id < n; ++id) {
      ++first[ops_[id].pending + 1];
    }
    for (std::size_t i = 1; i < first.size(); ++i) {
      first[i] += first[i - 1];
    }
    slot_of_.resize(n);
    for (OpId id = 0; id < n; ++id) {
      slot_of_[id] = first[ops_[id].pending]++;
    }
  }

  std::uint32_t slot(OpId id) const { return slot_of_.empty() ? id : slot_of_[id]; }

  struct Peer {  // a route out of one source rank
    Rank dst;
    std::uint16_t channel;
    std::uint32_t route;
  };
  // One route per distinct (src, dst, channel); a rank talks to few peers, so a short
  // list per source rank (`peers`) beats a hash map here, and the peer it sent to last
  // (`last`, one flat array over the ranks) answers first: a ring's sends all go to the
  // next rank, and at 16k ranks the lists' scattered lines took a sixth of the set-up.
  // Returns the route's index, appending its path to path_ids when it is new.
  static std::uint32_t route_of(const Op& op, topology::Fabric& fabric,
                                std::span<const topology::VertexId> placement,
                                std::vector<Peer>& peers, Peer& last,
                                std::vector<topology::PathId>& path_ids) {
    if (last.dst == op.dst && last.channel == op.label.channel) {
      return last.route;
    }
    auto it = std::find_if(peers.begin(), peers.end(), [&](const Peer& p) {
      return p.dst == op.dst && p.channel == op.label.channel;
    });
    if (it == peers.end()) {
      path_ids.push_back(fabric.route(placement[op.src], placement[op.dst], op.label.channel));
      peers.push_back(
          Peer{op.dst, op.label.channel, static_cast<std::uint32_t>(path_ids.size() - 1)});
      it = peers.end() - 1;
    }
    last = *it;
    return it->route;
  }

  // The routes' paths once every op has its route: the links that can bind each, the link
  // classes, bottlenecks and latencies.
  void resolve_routes(topology::Fabric& fabric, std::span<const topology::PathId> path_ids,
                      std::span<const std::int64_t> capacities) {
    routes_.reserve(path_ids.size());
    route_latency_.reserve(path_ids.size());
    std::vector<std::span<const topology::EdgeId>> paths;
    for (topology::PathId p : path_ids) {
      paths.push_back(fabric.path(p));
    }
    const LinkUsers users(paths, capacities.size());
    binding_ = binding_links(paths, users, capacities);
    classes_ = link_classes(paths, users);
    for (std::size_t i = 0; i < path_ids.size(); ++i) {
      Route& r = routes_.emplace_back(Route{paths[i], fabric.path_bottleneck(path_ids[i]),
                                            binding_[i], classes_.route_links[i]});
      r.solo_hop = solo_hop(r, users);
      route_latency_.push_back(fabric.path_latency(path_ids[i]));
    }
  }

  // Route::solo_hop: a usage link of the route crossed by it alone, if every link the solver
  // would see for it is crossed by it alone (in a rail-optimised fabric, nearly every route:
  // a GPU's uplink carries one peer's traffic per phase).
  static std::uint32_t solo_hop(const Route& route, const LinkUsers& users) {
    auto own = [&](LinkId l) { return users.of(l).size() == 1; };
    const std::span<const LinkId> solver = route.solver_links();
    if (!std::all_of(solver.begin(), solver.end(), own)) {
      return NO_SOLO_HOP;
    }
    const std::span<const LinkId> followed = route.usage_links();
    const auto it = std::find_if(followed.begin(), followed.end(), own);
    return it == followed.end() ? NO_SOLO_HOP : static_cast<std::uint32_t>(it - followed.begin());
  }

  // Pending counts, costs, routes (one pass over the schedule's ops: at 16k ranks they are
  // 1.9 GB) and the successor lists; returns the distinct routes' paths.
  std::vector<topology::PathId> build_successors(topology::Fabric& fabric,
                                                 std::span<const topology::VertexId> placement) {
    const std::size_t n = schedule_.size();
    std::vector<std::vector<Peer>> peers(schedule_.num_ranks());
    std::vector<Peer> last(schedule_.num_ranks(), Peer{NO_RANK, 0, 0});
    std::vector<topology::PathId> path_ids;
    // Each op's first two successors go straight into its record as the ops that wait on it
    // come by (in id order); the rest wait in `beyond` and are laid out after, so that the
    // successors take no pass of their own when no op has more than two (rings, two-level).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> beyond;  // (op's slot, successor's)
    std::vector<core::Bytes> route_payload;  // by route: the first size it carried
    ExtraCostIndex extra_index;
    for (OpId id = 0; id < n; ++id) {
      OpState& state = ops_[slot(id)];
      const Op& op = schedule_.op(id);
      state.pending = static_cast<std::uint32_t>(schedule_.deps(id).size());
      state.succ = {NO_SUCCESSOR, NO_SUCCESSOR};
      const core::Bytes payload = schedule_.bytes(id);
      if (op.kind == OpKind::SEND) {
        const std::uint32_t route =
            route_of(op, fabric, placement, peers[op.src], last[op.src], path_ids);
        if (route == route_payload.size()) {
          route_payload.push_back(payload);
          route_wire_bytes_.push_back(on_the_wire(payload));
        }
        state.cost =
            route_payload[route] == payload ? route : extra_cost(route, payload, extra_index);
      } else {
        state.cost = extra_cost(NO_ROUTE, payload, extra_index);
      }
      for (OpId d : schedule_.deps(id)) {
        if (d >= n) {
          throw std::invalid_argument(
              fmt::format("op {} depends on op {}, which does not exist", id, d));
        }
        std::array<std::uint32_t, INLINE_SUCCESSORS>& succ = ops_[slot(d)].succ;
        if (succ[0] == NO_SUCCESSOR) {
          succ[0] = slot(id);
        } else if (succ[1] == NO_SUCCESSOR) {
          succ[1] = slot(id);
        } else {
          beyond.emplace_back(slot(d), slot(id));
        }
      }
    }
    lay_out_lists_apart(beyond);
    return path_ids;
  }

  // The lists of ops with more than two successors: each op's count, its two inline ones
  // and the rest, in the order they were added (stable by op).
  void lay_out_lists_apart(std::vector<std::pair<std::uint32_t, std::uint32_t>>& beyond) {
    std::stable_sort(beyond.begin(), beyond.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t i = 0; i < beyond.size();) {
      const std::uint32_t op = beyond[i].first;
      std::size_t end = i;
      while (end < beyond.size() && beyond[end].first == op) {
        ++end;
      }
      std::array<std::uint32_t, INLINE_SUCCESSORS>& succ = ops_[op].succ;
      const auto start = static_cast<std::uint32_t>(overflow_.size());
      overflow_.push_back(static_cast<std::uint32_t>(INLINE_SUCCESSORS + end - i));
      overflow_.insert(overflow_.end(), succ.begin(), succ.end());
      for (; i < end; ++i) {
        overflow_.push_back(beyond[i].second);
      }
      succ = {start, LISTED_APART};
    }
  }

  // (route, payload) -> index into extra_costs_; the set-up's only.
  struct RoutePayloadHash {
    std::size_t operator()(const std::pair<std::uint32_t, core::Bytes>& k) const {
      return std::hash<core::Bytes>{}(k.second) * 31 + k.first;
    }
  };
  using ExtraCostIndex =
      std::unordered_map<std::pair<std::uint32_t, core::Bytes>, std::uint32_t, RoutePayloadHash>;

  // A cost other than a route's first size (see OpState): one entry per distinct (route,
  // payload), the wire ratio applied to sends once here rather than per send.
  std::uint32_t extra_cost(std::uint32_t route, core::Bytes payload, ExtraCostIndex& index) {
    const auto [it, added] = index.try_emplace(std::pair{route, payload},
                                               static_cast<std::uint32_t>(extra_costs_.size()));
    if (added) {
      extra_costs_.push_back({route, route == NO_ROUTE ? payload : on_the_wire(payload)});
    }
    return EXTRA_COST | it->second;
  }

  core::Bytes on_the_wire(core::Bytes payload) const {
    const core::Picobytes b = payload;
    return static_cast<core::Bytes>((b * options_.payload.line + options_.payload.data - 1) /
                                    options_.payload.data);
  }

  std::uint32_t route(const OpState& state) const {
    return state.cost & EXTRA_COST ? extra_costs_[state.cost & ~EXTRA_COST].route : state.cost;
  }

  // A send's bytes on the wire.
  core::Bytes wire_bytes(std::uint32_t slot) const {
    const std::uint32_t cost = ops_[slot].cost;
    return cost & EXTRA_COST ? extra_costs_[cost & ~EXTRA_COST].bytes : route_wire_bytes_[cost];
  }

  core::Time reduce_time(std::uint32_t slot) const {
    if (options_.reduce_bandwidth.is_zero()) {
      return core::Time::zero();
    }
    return core::transfer_time(extra_costs_[ops_[slot].cost & ~EXTRA_COST].bytes,
                               options_.reduce_bandwidth);
  }

  std::span<const OpId> successors(std::uint32_t slot) const {
    const OpState& state = ops_[slot];
    if (state.succ[1] == LISTED_APART) {
      return {overflow_.data() + state.succ[0] + 1, overflow_[state.succ[0]]};
    }
    return {state.succ.data(), static_cast<std::size_t>((state.succ[0] != NO_SUCCESSOR) +
                                                        (state.succ[1] != NO_SUCCESSOR))};
  }

  // Called when an op's last dependency finishes (or at time 0 for ops without any).
  void make_ready(std::uint32_t slot) {
    const core::Time now = queue_.now();
    const OpState& state = ops_[slot];
    const std::uint32_t r = route(state);
    if (r != NO_ROUTE) {
      // Its end will read its successors' records, each a likely cache miss; they are asked
      // for when it starts (on_event) and again a stage before its end (prefetch_done). A
      // list held apart is asked for now. (When lists were always apart, asking for them
      // here made whole 1024-GPU ring runs take 0.84–0.91× as long.)
      if (state.succ[1] == LISTED_APART) {
        __builtin_prefetch(&overflow_[state.succ[0]]);
      }
      queue_.schedule(now + options_.step_latency + route_latency_[r], *this, SEND_START, slot);
      return;
    }
    const core::Time t = reduce_time(slot);
    if (t == core::Time::zero()) {
      ready_.push_back(slot);  // finishes this instant; drained without recursion
    } else {
      queue_.schedule(now + t, *this, REDUCE_DONE, slot);
    }
  }

  void complete(std::uint32_t slot) {
    const core::Time now = queue_.now();
    if (!ends_.empty()) {
      ends_[slot] = now;
    }
    last_end_ = std::max(last_end_, now);
    ++completed_;
    for (const OpId s : successors(slot)) {
      if (--ops_[s].pending == 0) {
        make_ready(s);
      }
    }
  }

  void drain_ready() {
    while (!ready_.empty()) {
      const std::uint32_t slot = ready_.back();
      ready_.pop_back();
      complete(slot);
    }
  }

  void on_event(std::uint8_t kind, std::uint32_t slot) override {
    if (kind == SEND_START) {
      ++sends_;
      for (const OpId s : successors(slot)) {
        __builtin_prefetch(&ops_[s]);  // see make_ready()
      }
      network_->start(slot, routes_[route(ops_[slot])], wire_bytes(slot));
      return;
    }
    complete(slot);
    drain_ready();
  }

  // One link per stage of the chain an event of this op walks: its record (FAR), then the
  // successor list the record names (NEAR), which its end reads; a send's start also reads
  // the route the record names (NEAR) and the links the route names (NEXT, in the network
  // model).
  void prefetch(std::uint8_t kind, std::uint32_t slot, Ahead ahead) const override {
    prefetch_done(slot, ahead);
    if (kind != SEND_START || ahead == Ahead::FAR) {
      return;
    }
    const Route& r = routes_[route(ops_[slot])];
    if (ahead == Ahead::NEAR) {
      __builtin_prefetch(&r);
      __builtin_prefetch(reinterpret_cast<const char*>(&r) + sizeof(Route) - 1);
    } else {
      network_->prefetch_start(r);
    }
  }

  // Ahead of an op's end: its record, which holds most successor lists, then the records
  // of its successors. (While every list lay apart, the records were a third stage, from
  // the flow model's batches; measured 1.02x on the 16k tree, not taken.)
  void prefetch_done(TransferId slot, Ahead ahead) const override {
    if (ahead == Ahead::FAR) {
      __builtin_prefetch(&ops_[slot]);
    } else if (ahead == Ahead::NEAR) {
      for (const OpId s : successors(slot)) {
        __builtin_prefetch(&ops_[s]);
      }
    }
  }

  void on_transfer_done(TransferId slot) override {
    complete(slot);
    drain_ready();
  }

  Deadlock deadlock() const {
    Deadlock d;
    for (OpId op = 0; op < schedule_.size(); ++op) {
      if (ops_[slot(op)].pending == 0) {
        continue;
      }
      ++d.waiting_ops;
      if (d.first_waiters.size() < WAITERS_SHOWN) {
        Deadlock::Waiter w{op, {}};
        for (OpId dep : schedule_.deps(op)) {
          if (ops_[slot(dep)].pending != 0) {
            w.waits_on.push_back(dep);
          }
        }
        d.first_waiters.push_back(std::move(w));
      }
    }
    return d;
  }

  core::Time end_time(OpId id) const { return ends_[slot(id)]; }

  // An op became ready when its last dependency ended (make_ready() runs in that
  // dependency's complete()), so the run need not record it.
  core::Time ready_time(OpId id) const {
    core::Time t = core::Time::zero();
    for (OpId d : schedule_.deps(id)) {
      t = std::max(t, end_time(d));
    }
    return t;
  }

  CriticalPath critical_path() const {
    CriticalPath cp;
    OpId op = 0;
    for (OpId i = 1; i < schedule_.size(); ++i) {
      if (end_time(i) > end_time(op)) {
        op = i;
      }
    }
    for (;;) {
      cp.ops.push_back(op);
      const auto deps = schedule_.deps(op);
      if (deps.empty()) {
        break;
      }
      op = *std::max_element(deps.begin(), deps.end(),
                             [&](OpId a, OpId b) { return end_time(a) < end_time(b); });
    }
    std::reverse(cp.ops.begin(), cp.ops.end());
    // Each op on the path after the first was picked as the dependency of its successor
    // that ended last, so its end is that successor's ready time; the first has no
    // dependencies and was ready at 0.
    core::Time ready = core::Time::zero();
    for (OpId o : cp.ops) {
      const core::Time spent = end_time(o) - ready;
      ready = end_time(o);
      if (schedule_.op(o).kind != OpKind::SEND) {
        cp.reduction += spent;
        continue;
      }
      const std::uint32_t r = route(ops_[slot(o)]);
      const core::Bytes bytes = wire_bytes(slot(o));
      const core::Time alone =
          bytes == 0 ? core::Time::zero() : core::transfer_time(bytes, routes_[r].bottleneck);
      ++cp.sends;
      cp.step_latency += options_.step_latency;
      cp.link_latency += route_latency_[r];
      cp.transfer += alone;
      cp.contention += spent - options_.step_latency - route_latency_[r] - alone;
    }
    return cp;
  }

  const Schedule& schedule_;
  ExecutorOptions options_;
  EventQueue queue_;
  std::unique_ptr<NetworkModel> network_;
  std::vector<Route> routes_;
  // Apart from routes_: every op that becomes ready reads it, and 8 bytes a route stay in
  // cache where 64 do not (at 16k ranks, 41k routes).
  std::vector<core::Time> route_latency_;
  std::vector<core::Bytes> route_wire_bytes_;  // by route: its first size, on the wire
  std::vector<ExtraCost> extra_costs_;
  FlatLists binding_;                          // per route: routes_[i].binding
  LinkClasses classes_;                        // holds each routes_[i].usage
  memory::HugeVector<std::uint32_t> slot_of_;  // op id -> slot; empty: slot == id
  memory::HugeVector<OpState> ops_;            // by slot
  std::vector<OpId> overflow_;                 // the successor lists of ops with more than two
  memory::HugeVector<core::Time> ends_;        // by slot; empty for OpTimes::NONE
  std::vector<OpId> ready_;
  core::Time last_end_;
  std::size_t completed_ = 0;
  std::size_t sends_ = 0;
};

std::span<const topology::VertexId> default_placement(const Schedule& schedule,
                                                      const topology::Fabric& fabric) {
  const auto gpus = fabric.gpus();
  if (gpus.size() < schedule.num_ranks()) {
    throw std::invalid_argument(
        fmt::format("the fabric has {} GPUs for {} ranks", gpus.size(), schedule.num_ranks()));
  }
  return gpus.first(schedule.num_ranks());
}

}  // namespace

// The executor stays where it was built: its network model holds references into it.
struct Execution::Impl {
  Impl(const Schedule& schedule, topology::Fabric& fabric,
       std::span<const topology::VertexId> placement, const ExecutorOptions& options)
      : executor(schedule, fabric, placement, options) {}
  Executor executor;
  bool ran = false;
};

Execution::Execution(const Schedule& schedule, topology::Fabric& fabric,
                     std::span<const topology::VertexId> placement, const ExecutorOptions& options)
    : impl_(std::make_unique<Impl>(schedule, fabric, placement, options)) {}

Execution::Execution(const Schedule& schedule, topology::Fabric& fabric,
                     const ExecutorOptions& options)
    : Execution(schedule, fabric, default_placement(schedule, fabric), options) {}

Execution::~Execution() = default;

RunResult Execution::run() {
  if (impl_->ran) {
    throw std::logic_error("an Execution runs once");
  }
  impl_->ran = true;
  return impl_->executor.run();
}

RunResult execute(const Schedule& schedule, topology::Fabric& fabric,
                  std::span<const topology::VertexId> placement, const ExecutorOptions& options) {
  return Execution(schedule, fabric, placement, options).run();
}

RunResult execute(const Schedule& schedule, topology::Fabric& fabric,
                  const ExecutorOptions& options) {
  return Execution(schedule, fabric, options).run();
}

}  // namespace collsim::sim
