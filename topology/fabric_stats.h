#pragma once

#include <cstddef>
#include <vector>

#include "core/bandwidth.h"
#include "topology/fabric.h"

namespace collsim::topology {

// How many vertices of one kind (and, for switches, tier) a fabric has.
struct VertexCount {
  VertexKind kind = VertexKind::GPU;
  SwitchTier tier = SwitchTier::NONE;
  std::size_t count = 0;
};

// How many physical links (each two directed edges) of one class a fabric has.
struct LinkCount {
  LinkClass link_class = LinkClass::NVLINK;
  std::size_t physical = 0;
};

// The kinds present, in enum order (switches by tier), and the classes present.
struct FabricCounts {
  std::vector<VertexCount> vertices;
  std::vector<LinkCount> links;
};

// What one GPU can send at once over one class of link, per direction; the smallest and
// largest over all GPUs. NVLINK and PCIE: the sum of the GPU's outgoing links of that class.
// NETWORK: the GPU's own network links, plus for each NIC it has a link to, the smaller of
// that link and an equal share of the NIC's network links among the GPUs linked to it (so
// two GPUs behind one 400 Gb/s NIC get 200 Gb/s each).
struct Injection {
  LinkClass link_class = LinkClass::NVLINK;
  core::Bandwidth min;
  core::Bandwidth max;
};

// The downlink and uplink bandwidth of one switch tier, per direction: a switch's link to
// a switch of a higher tier is up, to anything else of a lower tier (or a NIC or GPU) down.
// `ratio` is down / up over the whole tier and `max_ratio` the largest over its switches
// (0 when the tier has no uplinks, i.e. it is the top).
struct TierOversubscription {
  SwitchTier tier = SwitchTier::LEAF;
  std::size_t switches = 0;
  core::Bandwidth down;
  core::Bandwidth up;
  double ratio = 0;
  double max_ratio = 0;
};

// All O(V + E).
FabricCounts count_fabric(const Fabric& fabric);
// The classes some GPU injects into, in enum order.
std::vector<Injection> gpu_injection(const Fabric& fabric);
// The tiers LEAF, SPINE, CORE present, in that order (untiered switches are left out).
std::vector<TierOversubscription> tier_oversubscription(const Fabric& fabric);

}  // namespace collsim::topology
