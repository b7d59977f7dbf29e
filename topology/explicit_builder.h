#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"
#include "topology/fabric_size.h"

namespace collsim::topology {

// One vertex of an explicit topology. A GPU's node defaults to 0 and its local index is its
// position among the GPUs of its node in list order; `rail` is a NIC's rail (-1: none). Only
// a SWITCH has a tier.
struct ExplicitVertex {
  std::string name;
  VertexKind kind = VertexKind::GPU;
  SwitchTier tier = SwitchTier::NONE;
  std::optional<int> node;
  std::optional<int> rail;
};

// `count` parallel physical full-duplex links between two named vertices. The class, when
// not given, follows from the ends: NVLINK between a GPU and a GPU or NVSwitch (or two
// NVSwitches), PCIE when either end is a PCIe switch or host bridge, or between a GPU and
// a NIC, NETWORK otherwise.
struct ExplicitLink {
  std::string from;
  std::string to;
  core::Bandwidth bandwidth;  // per direction
  core::Time latency;
  std::optional<LinkClass> link_class;
  int count = 1;
};

struct ExplicitParams {
  std::vector<ExplicitVertex> nodes;
  std::vector<ExplicitLink> links;
};

// The link class an ExplicitLink without one gets, from the kinds of its ends.
LinkClass infer_link_class(VertexKind a, VertexKind b);

// Throws TopologyError (fields nodes[i].name, nodes[i].tier, nodes[i].node, nodes[i].rail,
// links[i].from, links[i].to, links[i].count, links[i].bandwidth, links[i].latency, links[i])
// for: an empty or duplicate name; a tier on a non-switch; a node < 0 or on a network
// switch; a rail < 0 or on anything but a NIC; an unknown link end (a dangling link); a
// link from a vertex to itself; a count outside 1..1024; a bandwidth <= 0 or a negative
// latency; and the
// FabricBuilder checks (no GPU, vertices not connected). O((V + E) log V).
Fabric build_explicit(const ExplicitParams& params);

// The vertices and links build_explicit builds (a link's `count` copies counted each);
// throws at links[i].count for a count outside 1..MAX_PARALLEL_LINKS. O(nodes + links).
FabricSize explicit_size(const ExplicitParams& params);

}  // namespace collsim::topology
