#include "cost/allreduce_models.h"

#include <array>
#include <cassert>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/name_table.h"
#include "cost/model_arguments.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"
#include "cost/two_level_cost.h"

namespace collsim::cost {
using algorithms::all_algorithms;

using algorithms::Algorithm;
namespace {

constexpr core::NameTable<ProtocolMode, 5> MODES{{
    {ProtocolMode::NONE, "none"},
    {ProtocolMode::LL, "ll"},
    {ProtocolMode::LL128, "ll128"},
    {ProtocolMode::SIMPLE, "simple"},
    {ProtocolMode::AUTO, "auto"},
}};
constexpr auto MODE_ORDER = core::values_of(MODES);

// The protocols a mode tries, in tie-breaking order; an empty optional = no protocol.
std::vector<std::optional<Protocol>> protocols_of(ProtocolMode m) {
  switch (m) {
    case ProtocolMode::NONE:
      return {std::nullopt};
    case ProtocolMode::LL:
      return {Protocol::LL};
    case ProtocolMode::LL128:
      return {Protocol::LL128};
    case ProtocolMode::SIMPLE:
      return {Protocol::SIMPLE};
    case ProtocolMode::AUTO:
      return {all_protocols().begin(), all_protocols().end()};
  }
  return {std::nullopt};
}

HopCost through(const HopCost& hop, std::optional<Protocol> p, LinkType link) {
  return p ? with_protocol(hop, protocol_cost(*p, link)) : hop;
}

double launch_seconds(std::optional<Protocol> p) {
  // The launch latency does not depend on the link type.
  return p ? protocol_cost(*p, LinkType::NET).launch_latency.seconds() : 0.0;
}

AffineCost plus_launch(AffineCost c, std::optional<Protocol> p) {
  c.latency_s += launch_seconds(p);
  return c;
}

}  // namespace

std::string_view protocol_mode_name(ProtocolMode m) {
  return core::name_in(MODES, m);
}

std::optional<ProtocolMode> parse_protocol_mode(std::string_view name) {
  return core::parse_in(MODES, name);
}

std::span<const ProtocolMode> all_protocol_modes() {
  return MODE_ORDER;
}

AllReduceModels::AllReduceModels(const ModelParams& params) : params_(params) {
  require_world(params.world);
  const HopCost ring = make_hop_cost(params.alpha, params.ring_bw, "alpha", "ring_bw");
  const HopCost tree = make_hop_cost(params.alpha, params.tree_bw, "alpha", "tree_bw");
  if (params.gpus_per_node) {
    require_at_least(*params.gpus_per_node, 1, "gpus_per_node");
    if (params.world % *params.gpus_per_node != 0) {
      throw std::invalid_argument(fmt::format("gpus_per_node ({}) must divide world ({})",
                                              *params.gpus_per_node, params.world));
    }
    gpus_per_node_ = *params.gpus_per_node;
  } else {
    for (const auto& [given, name] : {std::pair{params.inter_alpha.has_value(), "inter_alpha"},
                                      std::pair{params.intra_bw.has_value(), "intra_bw"},
                                      std::pair{params.inter_bw.has_value(), "inter_bw"}}) {
      if (given) {
        throw std::invalid_argument(
            fmt::format("{} needs gpus_per_node (it prices hops inside or between nodes)", name));
      }
    }
  }
  nodes_ = params.world / gpus_per_node_;
  const core::Time inter_alpha = params.inter_alpha.value_or(params.alpha);
  auto hierarchical = [&](core::Bandwidth family) {
    return std::pair{
        make_hop_cost(params.alpha, params.intra_bw.value_or(family), "alpha", "intra_bw"),
        make_hop_cost(inter_alpha, params.inter_bw.value_or(family), "inter_alpha", "inter_bw")};
  };
  const auto [dbt_chain, dbt_network] = hierarchical(params.tree_bw);
  const auto [two_level_intra, two_level_inter] = hierarchical(params.ring_bw);
  dbt_loads_ = double_binary_tree_loads(nodes_, gpus_per_node_);

  const LinkType flat = nodes_ > 1 ? LinkType::NET : LinkType::NVLINK;
  const auto protocols = protocols_of(params.protocol);
  for (Algorithm a : algorithms::textbook_algorithms()) {
    if (a == Algorithm::TWO_LEVEL && !params.gpus_per_node) {
      continue;
    }
    std::vector<CostVariant> variants;
    for (const std::optional<Protocol>& p : protocols) {
      switch (a) {
        case Algorithm::RING:
        case Algorithm::NCCL_RING:
          variants.push_back(affine_variant(
              plus_launch(ring_allreduce_cost(params.world, through(ring, p, flat)), p), p));
          break;
        case Algorithm::BINARY_TREE:
        case Algorithm::BINOMIAL_TREE:
          variants.push_back(affine_variant(
              plus_launch(naive_tree_allreduce_cost(params.world, through(tree, p, flat)), p), p));
          break;
        case Algorithm::DOUBLE_BINARY_TREE:
        case Algorithm::NCCL_TREE: {
          const DoubleBinaryTreeCost dbt({nodes_, gpus_per_node_,
                                          through(dbt_chain, p, LinkType::NVLINK),
                                          through(dbt_network, p, LinkType::NET), params.chunking});
          const double launch = launch_seconds(p);
          std::optional<AffineCost> affine = dbt.affine();
          if (affine) {
            affine->latency_s += launch;
          }
          variants.push_back(
              {p, [dbt, launch](double s) { return launch + dbt.seconds(s); }, affine});
          break;
        }
        case Algorithm::NCCL:  // NCCL's own model: cost/nccl_tuner.h
          break;
        case Algorithm::TWO_LEVEL:
          variants.push_back(affine_variant(
              plus_launch(two_level_allreduce_cost({nodes_, gpus_per_node_,
                                                    through(two_level_intra, p, LinkType::NVLINK),
                                                    through(two_level_inter, p, LinkType::NET)}),
                          p),
              p));
          break;
      }
    }
    algorithms_.push_back(a);
    models_.emplace_back(std::move(variants));
  }
}

const CostModel& AllReduceModels::model(Algorithm a) const {
  for (std::size_t i = 0; i < algorithms_.size(); ++i) {
    if (algorithms_[i] == a) {
      return models_[i];
    }
  }
  assert(false && "algorithm not defined for these parameters");
  return models_.front();
}

}  // namespace collsim::cost
