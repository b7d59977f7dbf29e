#include "study/closed_form.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "algorithms/piece_split.h"
#include "core/input_error.h"
#include "cost/collective_cost.h"
#include "cost/double_binary_tree_cost.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"
#include "cost/two_level_cost.h"
#include "study/routable_order.h"

namespace collsim::study {
namespace {
using cost::binary_tree_rooted_cost;
using cost::binary_tree_rooted_steps;
using cost::binomial_tree_rooted_cost;
using cost::chain_rooted_cost;
using cost::chain_rooted_steps;
using cost::double_binary_tree_loads;
using cost::DoubleBinaryTreeCost;
using cost::naive_tree_allreduce_cost;
using cost::naive_tree_latency_steps;
using cost::naive_tree_levels;
using cost::ring_all_gather_cost;
using cost::ring_allreduce_cost;
using cost::ring_latency_steps;
using cost::ring_reduce_scatter_cost;
using cost::two_level_allreduce_cost;
using cost::two_level_tree_allreduce_seconds;

using algorithms::Algorithm;
using algorithms::ChunkDefault;
using algorithms::Collective;
using cost::HopCost;

void widen(std::optional<HopFigures>& into, const HopFigures& h) {
  if (!into) {
    into = h;
    return;
  }
  into->latency = std::max(into->latency, h.latency);
  into->bottleneck = std::min(into->bottleneck, h.bottleneck);
}

HopCost hop_of(const HopFigures& h, const ClosedFormInputs& in) {
  return {(in.step_latency + h.latency).seconds(),
          static_cast<double>(h.bottleneck.bytes_per_second()) * in.payload.data / in.payload.line};
}

int as_int(std::uint64_t x) {
  return static_cast<int>(x);
}

ClosedForm none(std::string why) {
  return {std::nullopt, std::nullopt, std::move(why)};
}

ClosedForm of(double seconds, std::int64_t steps) {
  return {seconds, steps, {}};
}

// k for a piece of `piece` bytes, as the generator computes it.
int chunks(const ClosedFormInputs& in, core::Bytes piece, ChunkDefault rule) {
  return as_int(algorithms::chunks_per_piece(in.options, piece, rule));
}

ClosedForm hierarchical(const ClosedFormInputs& in, const algorithms::RankLayout& layout,
                        const FabricHops& hops) {
  if (!layout.is_uniform()) {
    return none("nodes of different sizes");
  }
  const int n = as_int(layout.num_nodes());
  const int g = as_int(layout.max_node_size());
  // A class with no pairs does not enter the formula; give it the other class's figures.
  const HopFigures intra_fig = hops.intra.value_or(hops.inter.value_or(HopFigures{}));
  const HopFigures inter_fig = hops.inter.value_or(intra_fig);
  const HopCost intra = hop_of(intra_fig, in);
  const HopCost inter = hop_of(inter_fig, in);
  const auto s = static_cast<double>(in.bytes);
  const core::Bytes per_channel = algorithms::largest_part(in.bytes, in.options.channels);
  if (in.algorithm == Algorithm::DOUBLE_BINARY_TREE || in.algorithm == Algorithm::NCCL_TREE) {
    const int k = chunks(in, algorithms::largest_part(per_channel, 2), ChunkDefault::PIPELINED);
    const cost::DoubleBinaryTreeCost dbt({n, g, intra, inter, cost::DbtChunking::chunk_count(k)});
    return of(dbt.seconds(s), 2 * (g - 1 + dbt.loads().tree_depth) + k - 1);
  }
  const core::Bytes shard = algorithms::largest_part(per_channel, static_cast<std::uint64_t>(g));
  if (in.options.inter == Algorithm::RING) {
    return of(cost::two_level_allreduce_cost({n, g, intra, inter}).seconds(s),
              2 * (g - 1) + 2 * (n - 1));
  }
  const int k = chunks(in, algorithms::largest_part(shard, 2), ChunkDefault::PIPELINED);
  const int depth = n > 1 ? cost::double_binary_tree_loads(n, 1).tree_depth : 0;
  return of(cost::two_level_tree_allreduce_seconds(n, g, intra, inter, k, s),
            2 * (g - 1) + (n > 1 ? 2 * depth + k - 1 : 0));
}

// What to do about a placement under which two exchanging ranks have no route: the order of
// the same GPUs that routes every pair, if there is one.
std::string order_advice(const std::vector<std::pair<algorithms::Rank, algorithms::Rank>>& pairs,
                         topology::Fabric& fabric, const std::vector<topology::VertexId>& gpus) {
  if (gpus.size() > MAX_ORDER_SEARCH_RANKS) {
    return fmt::format(
        "spec.placement.gpus can order the ranks so that exchanging ones are "
        "connected (collsim searches orders for up to {} ranks)",
        MAX_ORDER_SEARCH_RANKS);
  }
  const std::optional<std::vector<topology::VertexId>> order = routable_order(pairs, fabric, gpus);
  if (!order) {
    return "no order of these GPUs routes every pair this algorithm sends between, so it "
           "cannot run on them";
  }
  std::string names;
  for (const topology::VertexId v : *order) {
    names += (names.empty() ? "" : ", ") + fabric.vertex(v).name;
  }
  return fmt::format("this order of the GPUs routes every pair: spec.placement.gpus: [{}]", names);
}

}  // namespace

FabricHops fabric_hops(const algorithms::Schedule& schedule, topology::Fabric& fabric,
                       const std::vector<topology::VertexId>& gpus, const std::string& file) {
  const std::vector<std::pair<algorithms::Rank, algorithms::Rank>> pairs = send_pairs(schedule);
  FabricHops hops;
  hops.pairs = pairs.size();
  std::optional<HopFigures> first;
  for (const auto& [src, dst] : pairs) {
    const topology::VertexId a = gpus[src];
    const topology::VertexId b = gpus[dst];
    topology::PathId p = 0;
    try {
      p = fabric.route(a, b, 0);
    } catch (const std::runtime_error& e) {
      throw core::InputError({file, 0, 0}, "spec.topology",
                             fmt::format("ranks {} and {} must exchange data: {}; {}", src, dst,
                                         e.what(), order_advice(pairs, fabric, gpus)));
    }
    const HopFigures h{fabric.path_latency(p), fabric.path_bottleneck(p)};
    if (!first) {
      first = h;
    }
    hops.uniform = hops.uniform && h == *first;
    widen(hops.all, h);
    widen(fabric.vertex(a).node == fabric.vertex(b).node ? hops.intra : hops.inter, h);
  }
  return hops;
}

ClosedForm closed_form(const ClosedFormInputs& in, const algorithms::RankLayout& layout,
                       const FabricHops& hops) {
  if (!hops.all) {
    return none("the schedule sends nothing");
  }
  const int p = as_int(layout.num_ranks());
  const HopCost flat = hop_of(*hops.all, in);
  const auto s = static_cast<double>(in.bytes);
  const core::Bytes per_channel = algorithms::largest_part(in.bytes, in.options.channels);
  switch (in.op) {
    case Collective::ALL_REDUCE:
      switch (in.algorithm) {
        case Algorithm::RING:
        case Algorithm::NCCL_RING:
          return of(cost::ring_allreduce_cost(p, flat).seconds(s), cost::ring_latency_steps(p));
        case Algorithm::BINARY_TREE:
        case Algorithm::BINOMIAL_TREE:
          return of(cost::naive_tree_allreduce_cost(p, flat).seconds(s),
                    cost::naive_tree_latency_steps(p));
        case Algorithm::DOUBLE_BINARY_TREE:
        case Algorithm::TWO_LEVEL:
          return hierarchical(in, layout, hops);
        case Algorithm::NCCL_TREE: {
          if (in.options.channels % 2 != 0) {
            return none("nccl_tree on an odd channel count: its two trees carry unequal shares");
          }
          // The double binary tree's pieces on C/2 search channels of two trees each.
          ClosedFormInputs search = in;
          search.options.channels = in.options.channels / 2;
          return hierarchical(search, layout, hops);
        }
        case Algorithm::NCCL:
          return none("nccl is priced as the schedule NCCL picks");
      }
      break;
    case Collective::REDUCE_SCATTER:
      return of(cost::ring_reduce_scatter_cost(p, flat).seconds(s), p - 1);
    case Collective::ALL_GATHER:
      return of(cost::ring_all_gather_cost(p, flat).seconds(s), p - 1);
    case Collective::BROADCAST:
    case Collective::REDUCE:
      switch (in.algorithm) {
        case Algorithm::RING:
        case Algorithm::NCCL_RING: {
          const int k = chunks(in, per_channel, ChunkDefault::PIPELINED);
          return of(cost::chain_rooted_cost(p, k, in.options.pipeline, flat).seconds(s),
                    cost::chain_rooted_steps(p, k, in.options.pipeline));
        }
        case Algorithm::BINARY_TREE: {
          const int k = chunks(in, per_channel, ChunkDefault::WHOLE);
          return of(cost::binary_tree_rooted_cost(p, k, in.options.pipeline, flat).seconds(s),
                    cost::binary_tree_rooted_steps(p, k, in.options.pipeline));
        }
        case Algorithm::BINOMIAL_TREE: {
          const int k = chunks(in, per_channel, ChunkDefault::WHOLE);
          if (k > 1) {
            return none(fmt::format("binomial tree in {} chunks", k));
          }
          return of(cost::binomial_tree_rooted_cost(p, flat).seconds(s),
                    cost::naive_tree_levels(p));
        }
        default:
          break;
      }
      break;
  }
  return none("no formula for this algorithm");
}

}  // namespace collsim::study
