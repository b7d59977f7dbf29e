#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "algorithms/algorithm.h"
#include "cost/cost_model.h"
#include "cost/double_binary_tree_cost.h"
#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// How protocols enter the models: not at all (the lesson's plain α-β view), one protocol for
// every algorithm, or, per algorithm and size, the fastest of the three (as NCCL's tuner
// picks one; ties in protocol.h's order).
enum class ProtocolMode : std::uint8_t { NONE, LL, LL128, SIMPLE, AUTO };
std::string_view protocol_mode_name(ProtocolMode m);  // none ll ll128 simple auto
std::optional<ProtocolMode> parse_protocol_mode(std::string_view name);
std::span<const ProtocolMode> all_protocol_modes();  // in the order above

// ModelParams: everything the AllReduce closed forms need. World = p ranks; α is the cost of
// one send step; bandwidths are per direction. Families: ring and two_level use ring_bw;
// binary_tree, binomial_tree and double_binary_tree use tree_bw. With gpus_per_node = g the
// world is n = p/g nodes of g GPUs: two_level is defined, and the hierarchical algorithms
// (two_level, and double_binary_tree's chains and node trees) price a hop inside a node at
// (α, intra_bw) and one between nodes at (inter_alpha, inter_bw), each defaulting to the
// algorithm's family bandwidth and to α. Without gpus_per_node every rank is its own node.
struct ModelParams {
  int world = 0;
  core::Time alpha;
  core::Bandwidth ring_bw;
  core::Bandwidth tree_bw;
  std::optional<int> gpus_per_node;
  std::optional<core::Time> inter_alpha;
  std::optional<core::Bandwidth> intra_bw;
  std::optional<core::Bandwidth> inter_bw;
  DbtChunking chunking = DbtChunking::generator_default();
  ProtocolMode protocol = ProtocolMode::NONE;
};

// AllReduceModels: the cost model of every algorithm defined for one ModelParams.
// Protocol hop classes (protocol.h): a hop inside a node is NVLink, one between nodes NET;
// the flat algorithms (ring, naive trees) pay NET latencies on every step when the world
// spans several nodes (a lock step is as slow as its slowest hop), NVLink ones otherwise.
// Construction validates the parameters (std::invalid_argument naming the parameter:
// world >= 2, alpha >= 0, bandwidths > 0, gpus_per_node >= 1 dividing world, the
// hierarchical parameters only with gpus_per_node) and is O(nodes) for the tree shapes.
class AllReduceModels {
 public:
  explicit AllReduceModels(const ModelParams& params);

  const ModelParams& params() const { return params_; }
  int nodes() const { return nodes_; }
  int gpus_per_node() const { return gpus_per_node_; }
  const DbtLoads& dbt_loads() const { return dbt_loads_; }

  // The algorithms defined here, in textbook_algorithms() order (two_level needs
  // gpus_per_node).
  std::span<const algorithms::Algorithm> algorithms() const { return algorithms_; }
  // Precondition: `a` is in algorithms().
  const CostModel& model(algorithms::Algorithm a) const;

 private:
  ModelParams params_;
  int nodes_ = 0;
  int gpus_per_node_ = 1;
  DbtLoads dbt_loads_;
  std::vector<algorithms::Algorithm> algorithms_;
  std::vector<CostModel> models_;
};

}  // namespace collsim::cost
