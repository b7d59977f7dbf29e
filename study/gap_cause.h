#pragma once

#include <optional>
#include <string>

#include "algorithms/algorithm.h"
#include "sim/executor.h"
#include "study/closed_form.h"
#include "topology/fabric.h"

namespace collsim::study {

// What produced a simulated result, for the cause rules.
struct GapContext {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;
  sim::NetworkKind network = sim::NetworkKind::FLOW;
  std::uint32_t channels = 1;
  bool protocol = false;             // a protocol's framing is on the wire
  core::Bandwidth reduce_bandwidth;  // 0: reductions are free
};

// The gap between the simulated time and the closed form: (simulated − closed) / closed.
// Precondition: closed > 0.
double gap_fraction(core::Time simulated, double closed_seconds);

// One short phrase saying where the gap comes from, by the first rule that applies
// (docs/scenario-format.md, "Gap and cause"):
//  1. a deadlock: "deadlock: N ops never ran (op X waits on Y)";
//  2. no formula: "no closed form: <why>";
//  3. |gap| < 0.1%: "matches";
//  4. the critical path spent time waiting for shared links (its contention) that is at
//     least 1% of the simulated time or half the excess over the formula: the directed link
//     that carried two or more transfers for longest (ties: more at once, into a GPU, lowest
//     id), "<from>-><to> carried up to K transfers (<kind>)", kind = incast (into a GPU),
//     fan-out (out of a GPU), shared uplink / shared downlink (between switch tiers, up or
//     down) or shared link;
//  5. reductions are at least 1% of it: "reductions at <bw> (free in the formula)";
//  6. the ideal model with several channels, faster than the formula: "ideal model: the C
//     channels do not share links";
//  7. the critical path has a different number of sends than the formula has steps:
//     "critical path of N sends, the formula has M" (pipeline fill and drain, tree depth,
//     chunking);
//  8. faster than the formula with pairs of unequal cost: "the formula prices every step at
//     the slowest pair";
//  9. double_binary_tree faster than its formula: "no port carries the formula's load";
// 10. otherwise: "protocol framing rounds each send up" with a protocol, else "uneven hops
//     on the critical path".
// O(links).
std::string gap_cause(const sim::RunResult& result, const topology::Fabric& fabric,
                      const ClosedForm& closed, const FabricHops& hops, const GapContext& context);

}  // namespace collsim::study
