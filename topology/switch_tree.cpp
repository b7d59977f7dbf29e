#include "topology/switch_tree.h"

#include <cassert>
#include <vector>

#include <fmt/format.h>

namespace collsim::topology {

void add_switch_tree(FabricBuilder& builder, std::span<const VertexId> leaves,
                     const SwitchTreeParams& params) {
  assert(params.tiers == 2 || params.tiers == 3);
  assert(params.uplinks_per_leaf >= 1 && params.leaves_per_pod >= 1);
  const auto link = [&](VertexId a, VertexId b) {
    builder.add_link(a, b, params.bandwidth, params.latency, LinkClass::NETWORK);
  };
  const auto add_switch = [&](SwitchTier tier, std::string name) {
    return builder.add_vertex({VertexKind::SWITCH, tier, std::move(name), -1, -1});
  };
  const auto uplinks = static_cast<std::size_t>(params.uplinks_per_leaf);

  if (params.tiers == 2) {
    std::vector<VertexId> spines;
    for (std::size_t j = 0; j < uplinks; ++j) {
      spines.push_back(add_switch(SwitchTier::SPINE, fmt::format("spine{}", j)));
    }
    for (const VertexId leaf : leaves) {
      for (const VertexId spine : spines) {
        link(leaf, spine);
      }
    }
    return;
  }

  const auto per_pod = static_cast<std::size_t>(params.leaves_per_pod);
  const std::size_t pods = (leaves.size() + per_pod - 1) / per_pod;
  std::vector<std::vector<VertexId>> spines(pods);  // [pod][j]
  for (std::size_t p = 0; p < pods; ++p) {
    for (std::size_t j = 0; j < uplinks; ++j) {
      spines[p].push_back(add_switch(SwitchTier::SPINE, fmt::format("pod{}.spine{}", p, j)));
    }
  }
  for (std::size_t i = 0; i < leaves.size(); ++i) {
    for (const VertexId spine : spines[i / per_pod]) {
      link(leaves[i], spine);
    }
  }
  for (std::size_t j = 0; j < uplinks; ++j) {
    for (std::size_t m = 0; m < per_pod; ++m) {
      const VertexId core = add_switch(SwitchTier::CORE, fmt::format("core{}.{}", j, m));
      for (std::size_t p = 0; p < pods; ++p) {
        link(spines[p][j], core);
      }
    }
  }
}

FabricSize switch_tree_size(std::uint64_t leaves, const SwitchTreeParams& params) {
  const auto uplinks = static_cast<std::uint64_t>(params.uplinks_per_leaf);
  if (params.tiers == 2) {
    return {uplinks, leaves * uplinks};
  }
  const auto per_pod = static_cast<std::uint64_t>(params.leaves_per_pod);
  const std::uint64_t pods = (leaves + per_pod - 1) / per_pod;
  const std::uint64_t cores = uplinks * per_pod;
  return {pods * uplinks + cores, leaves * uplinks + cores * pods};
}

}  // namespace collsim::topology
