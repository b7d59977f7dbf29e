#include "topology/fabric_stats.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <utility>

namespace collsim::topology {
namespace {

constexpr std::array ALL_CLASSES{LinkClass::NVLINK, LinkClass::PCIE, LinkClass::NETWORK};

std::int64_t network_out(const Fabric& fabric, VertexId v) {
  std::int64_t sum = 0;
  for (const EdgeId e : fabric.links_of(v)) {
    if (fabric.link(e).link_class == LinkClass::NETWORK) {
      sum += fabric.link(e).bandwidth.bytes_per_second();
    }
  }
  return sum;
}

std::int64_t gpus_linked_into(const Fabric& fabric, VertexId v) {
  std::int64_t count = 0;
  for (const EdgeId e : fabric.links_into(v)) {
    count += fabric.vertex(fabric.link(e).from).kind == VertexKind::GPU ? 1 : 0;
  }
  return count;
}

}  // namespace

FabricCounts count_fabric(const Fabric& fabric) {
  std::map<std::pair<VertexKind, SwitchTier>, std::size_t> kinds;
  for (VertexId v = 0; v < fabric.num_vertices(); ++v) {
    ++kinds[{fabric.vertex(v).kind, fabric.vertex(v).tier}];
  }
  std::map<LinkClass, std::size_t> classes;
  for (EdgeId e = 0; e < fabric.num_links(); ++e) {
    if (e < fabric.link(e).reverse) {
      ++classes[fabric.link(e).link_class];
    }
  }
  FabricCounts counts;
  for (const auto& [key, n] : kinds) {
    counts.vertices.push_back({key.first, key.second, n});
  }
  for (const auto& [c, n] : classes) {
    counts.links.push_back({c, n});
  }
  return counts;
}

std::vector<Injection> gpu_injection(const Fabric& fabric) {
  std::vector<Injection> out;
  for (const LinkClass c : ALL_CLASSES) {
    std::int64_t lo = std::numeric_limits<std::int64_t>::max();
    std::int64_t hi = 0;
    for (const VertexId g : fabric.gpus()) {
      std::int64_t sum = 0;
      for (const EdgeId e : fabric.links_of(g)) {
        const Link& l = fabric.link(e);
        const std::int64_t bw = l.bandwidth.bytes_per_second();
        if (c == LinkClass::NETWORK && fabric.vertex(l.to).kind == VertexKind::NIC) {
          sum += std::min(bw, network_out(fabric, l.to) / gpus_linked_into(fabric, l.to));
        } else if (l.link_class == c) {
          sum += bw;
        }
      }
      lo = std::min(lo, sum);
      hi = std::max(hi, sum);
    }
    if (hi > 0) {
      out.push_back({c, core::Bandwidth::from_bytes_per_second(lo),
                     core::Bandwidth::from_bytes_per_second(hi)});
    }
  }
  return out;
}

std::vector<TierOversubscription> tier_oversubscription(const Fabric& fabric) {
  std::vector<TierOversubscription> out;
  for (const SwitchTier tier : {SwitchTier::LEAF, SwitchTier::SPINE, SwitchTier::CORE}) {
    TierOversubscription t;
    t.tier = tier;
    std::int64_t down = 0;
    std::int64_t up = 0;
    for (VertexId v = 0; v < fabric.num_vertices(); ++v) {
      const Vertex& x = fabric.vertex(v);
      if (x.kind != VertexKind::SWITCH || x.tier != tier) {
        continue;
      }
      ++t.switches;
      std::int64_t d = 0;
      std::int64_t u = 0;
      for (const EdgeId e : fabric.links_of(v)) {
        const Link& l = fabric.link(e);
        const Vertex& w = fabric.vertex(l.to);
        const bool is_switch = w.kind == VertexKind::SWITCH && w.tier != SwitchTier::NONE;
        if (is_switch && w.tier > tier) {
          u += l.bandwidth.bytes_per_second();
        } else if (!is_switch || w.tier < tier) {
          d += l.bandwidth.bytes_per_second();
        }
      }
      if (u > 0) {
        t.max_ratio = std::max(t.max_ratio, static_cast<double>(d) / static_cast<double>(u));
      }
      down += d;
      up += u;
    }
    if (t.switches == 0) {
      continue;
    }
    t.down = core::Bandwidth::from_bytes_per_second(down);
    t.up = core::Bandwidth::from_bytes_per_second(up);
    t.ratio = up > 0 ? static_cast<double>(down) / static_cast<double>(up) : 0;
    out.push_back(t);
  }
  return out;
}

}  // namespace collsim::topology
