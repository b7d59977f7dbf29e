#include "cost/double_binary_tree_cost.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>

#include <fmt/format.h>

#include "algorithms/double_binary_tree_shape.h"
#include "algorithms/generate_options.h"
#include "cost/model_arguments.h"

namespace collsim::cost {
namespace {
using algorithms::DEFAULT_PIPELINE_CHUNK;
using algorithms::MAX_DEFAULT_CHUNKS;
using algorithms::TreeVertex;
using algorithms::double_binary_tree;
using algorithms::tree_depth;

int parents(const TreeVertex& v) {
  return v.parent >= 0 ? 1 : 0;
}

int children(const TreeVertex& v) {
  return (v.child0 >= 0 ? 1 : 0) + (v.child1 >= 0 ? 1 : 0);
}

// One lock-step pipeline step of a port class with load `load` chunks of S/(2k) bytes, as
// a + b·S.
AffineCost step(const HopCost& hop, int load, double k) {
  return {hop.alpha_s, load / (2.0 * k * hop.bytes_per_second)};
}

AffineCost sum(AffineCost a, double times, const AffineCost& b) {
  a.latency_s += times * b.latency_s;
  a.seconds_per_byte += times * b.seconds_per_byte;
  return a;
}

}  // namespace

DbtChunking DbtChunking::chunk_count(int k) {
  require_at_least(k, 1, "chunks");
  return {k, 0};
}

DbtChunking DbtChunking::chunk_size(core::Bytes c) {
  if (c < 1) {
    throw std::invalid_argument(fmt::format("chunk_size must be at least 1 B (got {} B)", c));
  }
  return {0, c};
}

DbtChunking DbtChunking::generator_default() {
  return {0, DEFAULT_PIPELINE_CHUNK, static_cast<int>(MAX_DEFAULT_CHUNKS)};
}

double DbtChunking::chunks(double bytes) const {
  if (count_ > 0) {
    return count_;
  }
  const double k = std::max(1.0, std::ceil(bytes / (2.0 * static_cast<double>(size_))));
  return max_count_ > 0 ? std::min(k, static_cast<double>(max_count_)) : k;
}

DbtLoads double_binary_tree_loads(int nodes, int gpus_per_node) {
  require_at_least(nodes, 1, "nodes");
  require_at_least(gpus_per_node, 1, "gpus_per_node");
  if (static_cast<std::int64_t>(nodes) * gpus_per_node < 2) {
    throw std::invalid_argument("nodes x gpus_per_node must be at least 2 ranks (got 1)");
  }
  DbtLoads loads;
  loads.nodes = nodes;
  loads.gpus_per_node = gpus_per_node;
  const auto trees = double_binary_tree(nodes);
  loads.tree_depth = std::max(tree_depth(trees[0]), tree_depth(trees[1]));
  for (std::size_t x = 0; x < static_cast<std::size_t>(nodes); ++x) {
    const TreeVertex& a = trees[0].vertices[x];
    const TreeVertex& b = trees[1].vertices[x];
    const int up = parents(a) + parents(b);
    const int down = children(a) + children(b);
    loads.net_fill_load = std::max(loads.net_fill_load, std::max(up, down));
    loads.net_steady_load = std::max(loads.net_steady_load, up + down);
  }
  // A chain GPU has a chain parent and/or a chain child in each of the two trees, and both
  // trees use the same chain: a middle GPU has one of each, twice.
  if (gpus_per_node >= 2) {
    loads.chain_fill_load = 2;
    loads.chain_steady_load = gpus_per_node >= 3 ? 4 : 2;
  }
  return loads;
}

DoubleBinaryTreeCost::DoubleBinaryTreeCost(const DbtParams& params)
    : params_(params), loads_(double_binary_tree_loads(params.nodes, params.gpus_per_node)) {}

AffineCost DoubleBinaryTreeCost::cost_for_chunks(double k, bool use_chain_for_steady) const {
  const bool has_chain = loads_.gpus_per_node >= 2;
  const bool has_net = loads_.nodes >= 2;
  AffineCost t;
  if (has_chain) {
    t = sum(t, 2.0 * (loads_.gpus_per_node - 1), step(params_.chain, loads_.chain_fill_load, k));
  }
  if (has_net) {
    t = sum(t, 2.0 * loads_.tree_depth, step(params_.network, loads_.net_fill_load, k));
  }
  const AffineCost steady = use_chain_for_steady ? step(params_.chain, loads_.chain_steady_load, k)
                                                 : step(params_.network, loads_.net_steady_load, k);
  return sum(t, k - 1, steady);
}

bool DoubleBinaryTreeCost::chain_is_bottleneck(double k, double bytes) const {
  if (loads_.nodes < 2) {
    return true;
  }
  if (loads_.gpus_per_node < 2) {
    return false;
  }
  return step(params_.chain, loads_.chain_steady_load, k).seconds(bytes) >
         step(params_.network, loads_.net_steady_load, k).seconds(bytes);
}

double DoubleBinaryTreeCost::seconds(double bytes) const {
  const double k = params_.chunking.chunks(bytes);
  return cost_for_chunks(k, chain_is_bottleneck(k, bytes)).seconds(bytes);
}

std::optional<AffineCost> DoubleBinaryTreeCost::affine() const {
  if (!params_.chunking.is_fixed_count()) {
    return std::nullopt;
  }
  const double k = params_.chunking.count();
  if (k == 1 || loads_.nodes < 2 || loads_.gpus_per_node < 2) {
    return cost_for_chunks(k, loads_.nodes < 2);
  }
  const AffineCost chain = step(params_.chain, loads_.chain_steady_load, k);
  const AffineCost net = step(params_.network, loads_.net_steady_load, k);
  if (chain.latency_s >= net.latency_s && chain.seconds_per_byte >= net.seconds_per_byte) {
    return cost_for_chunks(k, true);
  }
  if (net.latency_s >= chain.latency_s && net.seconds_per_byte >= chain.seconds_per_byte) {
    return cost_for_chunks(k, false);
  }
  return std::nullopt;
}

}  // namespace collsim::cost
