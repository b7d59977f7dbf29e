#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/algorithm.h"
#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/schedule.h"
#include "core/bandwidth.h"
#include "core/time.h"
#include "scenarios/scenario.h"
#include "topology/fabric.h"

namespace collsim::study {

// The α-β parameters an engineer reads off a fabric for one schedule
// (docs/scenario-format.md, "The closed form"): every distinct (src GPU, dst GPU) pair the
// schedule sends between is routed (channel 0), and a class of pairs is summarised by its
// longest path latency and its smallest path bottleneck — the slowest hop, which a lock-step
// formula pays on every step.
struct HopFigures {
  core::Time latency;
  core::Bandwidth bottleneck;
  friend bool operator==(const HopFigures&, const HopFigures&) = default;
};

// All pairs, and separately those inside one node (intra) and between nodes (inter); a
// class without pairs is empty. `uniform`: every pair has the same latency and bottleneck.
struct FabricHops {
  std::optional<HopFigures> all;
  std::optional<HopFigures> intra;
  std::optional<HopFigures> inter;
  bool uniform = true;
  std::size_t pairs = 0;
};

// Throws core::InputError (field spec.topology) naming both GPUs when a pair has no route
// (GPUs do not forward, e.g. a hybrid cube mesh without that link). O(sends · log pairs +
// pairs · route).
FabricHops fabric_hops(const algorithms::Schedule& schedule, topology::Fabric& fabric,
                       const std::vector<topology::VertexId>& gpus, const std::string& file);

// One closed-form time: seconds and the formula's number of α terms (its steps), or, where
// collsim has no formula for the case, the reason.
struct ClosedForm {
  std::optional<double> seconds;
  std::optional<std::int64_t> steps;
  std::string missing;
};

// What a closed form is evaluated with. The hop of a class is
//   α = step_latency (the scenario's, plus the protocol's) + its longest path latency,
//   B = its smallest path bottleneck · payload.fraction() (the protocol's payload share).
// Flat algorithms (ring, binary and binomial tree) use the all-pairs hop; double_binary_tree
// and two_level the intra-node hop for hops inside a node and the inter-node one between.
struct ClosedFormInputs {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;
  algorithms::Collective op = algorithms::Collective::ALL_REDUCE;
  core::Bytes bytes = 0;
  algorithms::GenerateOptions options;
  core::Time step_latency;
  cost::PayloadShare payload;
};

// The formulas (cost/: ring_cost.h, tree_cost.h, double_binary_tree_cost.h,
// two_level_cost.h, collective_cost.h) for the schedule that generate() builds from the same
// inputs; the whole message S in every formula, whatever the channel count (channels split
// the data but share the links). Missing: the hierarchical algorithms over nodes of
// different sizes, a binomial-tree broadcast or reduce cut into several chunks.
// O(nodes) for the double binary tree's shape, else O(1).
ClosedForm closed_form(const ClosedFormInputs& in, const algorithms::RankLayout& layout,
                       const FabricHops& hops);

}  // namespace collsim::study
