#include "study/gap_cause.h"

#include <cmath>
#include <tuple>

#include <fmt/format.h>

#include "core/units.h"

namespace collsim::study {
namespace {

constexpr double MATCH = 0.001;    // |gap| below 0.1%
constexpr double MATERIAL = 0.01;  // a share of the simulated time worth naming

std::string link_kind(const topology::Fabric& fabric, const topology::Link& link) {
  const topology::Vertex& from = fabric.vertex(link.from);
  const topology::Vertex& to = fabric.vertex(link.to);
  if (to.kind == topology::VertexKind::GPU) {
    return "incast";
  }
  if (from.kind == topology::VertexKind::GPU) {
    return "fan-out";
  }
  if (link.link_class == topology::LinkClass::NETWORK && from.tier != topology::SwitchTier::NONE &&
      to.tier != topology::SwitchTier::NONE) {
    return to.tier > from.tier ? "shared uplink" : "shared downlink";
  }
  return "shared link";
}

// The directed link that carried two or more transfers for longest; on a tie the one with
// more transfers at once, then a link into a GPU (the incast a tree's parent sees), then
// the lowest id.
std::string contention_phrase(const sim::RunResult& result, const topology::Fabric& fabric) {
  auto key = [&](std::size_t l) {
    const sim::LinkStats& s = result.link_stats[l];
    const bool into_gpu = fabric.vertex(fabric.link(static_cast<topology::EdgeId>(l)).to).kind ==
                          topology::VertexKind::GPU;
    return std::tuple(s.shared_time, s.max_transfers, into_gpu);
  };
  std::size_t busiest = 0;
  for (std::size_t l = 1; l < result.link_stats.size(); ++l) {
    if (key(l) > key(busiest)) {
      busiest = l;
    }
  }
  const topology::Link& link = fabric.link(static_cast<topology::EdgeId>(busiest));
  return fmt::format("{}->{} carried up to {} transfers ({})", fabric.vertex(link.from).name,
                     fabric.vertex(link.to).name, result.link_stats[busiest].max_transfers,
                     link_kind(fabric, link));
}

std::string deadlock_phrase(const sim::Deadlock& d) {
  std::string text = fmt::format("deadlock: {} ops never ran", d.waiting_ops);
  if (!d.first_waiters.empty() && !d.first_waiters.front().waits_on.empty()) {
    text += fmt::format(" (op {} waits on {})", d.first_waiters.front().op,
                        d.first_waiters.front().waits_on.front());
  }
  return text;
}

}  // namespace

double gap_fraction(core::Time simulated, double closed_seconds) {
  return (simulated.seconds() - closed_seconds) / closed_seconds;
}

std::string gap_cause(const sim::RunResult& result, const topology::Fabric& fabric,
                      const ClosedForm& closed, const FabricHops& hops, const GapContext& context) {
  if (result.deadlock) {
    return deadlock_phrase(*result.deadlock);
  }
  if (!closed.seconds) {
    return "no closed form: " + closed.missing;
  }
  if (*closed.seconds <= 0 || result.makespan == core::Time::zero()) {
    return result.makespan == core::Time::zero() && *closed.seconds <= 0 ? "matches"
                                                                         : "nothing to time";
  }
  const double gap = gap_fraction(result.makespan, *closed.seconds);
  if (std::abs(gap) < MATCH) {
    return "matches";
  }
  const double total = result.makespan.seconds();
  const sim::CriticalPath* cp = result.critical_path ? &*result.critical_path : nullptr;
  // Contention names the gap when it is a material share of the time, or most of a gap
  // by which the simulation is slower than the formula.
  const double excess = total - *closed.seconds;
  const double contention = cp != nullptr ? cp->contention.seconds() : 0;
  if (contention > 0 &&
      (contention >= MATERIAL * total || (excess > 0 && contention >= 0.5 * excess))) {
    return contention_phrase(result, fabric);
  }
  if (cp != nullptr && !context.reduce_bandwidth.is_zero() &&
      cp->reduction.seconds() >= MATERIAL * total) {
    return fmt::format("reductions at {} (free in the formula)",
                       core::format_bandwidth(context.reduce_bandwidth));
  }
  if (gap < 0 && context.network == sim::NetworkKind::IDEAL && context.channels > 1) {
    return fmt::format("ideal model: the {} channels do not share links", context.channels);
  }
  if (cp != nullptr && closed.steps && static_cast<std::int64_t>(cp->sends) != *closed.steps) {
    return fmt::format("critical path of {} sends, the formula has {}", cp->sends, *closed.steps);
  }
  if (gap < 0 && !hops.uniform) {
    return "the formula prices every step at the slowest pair";
  }
  if (gap < 0 && (context.algorithm == algorithms::Algorithm::DOUBLE_BINARY_TREE ||
                  context.algorithm == algorithms::Algorithm::NCCL_TREE)) {
    return "no port carries the formula's load";
  }
  return context.protocol ? "protocol framing rounds each send up"
                          : "uneven hops on the critical path";
}

}  // namespace collsim::study
