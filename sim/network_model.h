#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"
#include "sim/event_queue.h"
#include "sim/link_usage.h"

namespace collsim::sim {

using TransferId = std::uint32_t;
using LinkId = std::uint32_t;

// Told when a transfer's last byte has arrived. prefetch_done() is a look-ahead hint that
// on_transfer_done(id) comes soon, in the stages of EventHandler::prefetch (FAR, NEAR, NEXT,
// each may read what the one before asked for); no state changes, the default does nothing.
class TransferSink {
 public:
  virtual void on_transfer_done(TransferId id) = 0;
  virtual void prefetch_done(TransferId /*id*/, Ahead /*ahead*/) const {}

 protected:
  ~TransferSink() = default;
};

// A routed path as a network model sees it: directed link ids, the smallest capacity among
// them (so the ideal model needs no scan), the links of it that can ever limit a flow
// (sim/binding_links.h; empty = all of them), which is all the flow model's solver needs,
// and the links LinkUsage follows for it, one per class of links crossed by the same
// routes (sim/link_classes.h; empty = all of them). `solo_hop`, where the caller knows
// one: the index in usage_links() of a link that no other route crosses, given only when
// no other route crosses any of solver_links() either. A flow on such a route can then meet
// other flows only on its own route, and LinkUsage's count on that link (solo_link()) says
// whether it starts alone (the flow model's fast path); NO_SOLO_HOP claims nothing.
inline constexpr std::uint32_t NO_SOLO_HOP = 0xffffffffu;
struct Route {
  std::span<const LinkId> links;
  core::Bandwidth bottleneck;
  std::span<const LinkId> binding = {};
  std::span<const LinkId> usage = {};
  std::uint32_t solo_hop = NO_SOLO_HOP;
  std::span<const LinkId> usage_links() const { return usage.empty() ? links : usage; }
  // The links a max-min solver needs to see for it.
  std::span<const LinkId> solver_links() const { return binding.empty() ? links : binding; }
  LinkId solo_link() const { return usage_links()[solo_hop]; }
};

// What a model did to keep shared rates up to date; all zero where rates are never shared.
struct RateWork {
  std::uint64_t solves = 0;            // rate recomputations (at most one per instant)
  std::uint64_t flows_recomputed = 0;  // flows re-filled, summed over the filling rounds
  std::uint64_t rate_changes = 0;      // rates set by a solve, each (re)scheduling a completion
};

// The network models, in order of fidelity (docs/engine.md).
enum class NetworkKind : std::uint8_t { IDEAL, FLOW };

// ideal, flow: the names scenario files use, and every kind in that order.
std::string_view network_kind_name(NetworkKind k);
std::span<const NetworkKind> all_network_kinds();

// NetworkModel: how bytes flow once a send has paid its step and path latency. One
// interface for every model, so one test suite runs over all of them.
// Contract: start() begins moving `bytes` along `route` at queue.now(); the model calls
// sink.on_transfer_done(id) from an event at the time the last byte arrives — never from
// inside start(). Zero bytes complete at the current instant. Ids are the caller's.
class NetworkModel {
 public:
  virtual ~NetworkModel() = default;
  virtual void start(TransferId id, const Route& route, core::Bytes bytes) = 0;
  // A hint that start() over `route` comes next: the model may ask the cache for the records
  // start() will read (it may read the route itself). No state changes; the default does
  // nothing.
  virtual void prefetch_start(const Route& /*route*/) const {}
  // Per-link concurrency seen so far (the same bookkeeping in every model).
  virtual const LinkUsage& link_usage() const = 0;
  // The rate-keeping work so far, the cost a benchmark attributes to sharing.
  virtual RateWork rate_work() const = 0;
};

// `capacities[l]` is link l's bandwidth in bytes per second (> 0).
std::unique_ptr<NetworkModel> make_network_model(NetworkKind kind, EventQueue& queue,
                                                 TransferSink& sink,
                                                 std::vector<std::int64_t> capacities);

}  // namespace collsim::sim
