#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::topology {

using VertexId = std::uint32_t;
using EdgeId = std::uint32_t;
using PathId = std::uint32_t;

enum class VertexKind : std::uint8_t { GPU, NVSWITCH, NIC, PCIE_SWITCH, HOST_BRIDGE, SWITCH };
enum class SwitchTier : std::uint8_t { NONE, LEAF, SPINE, CORE };
// The technology of a link, for summaries and reports.
enum class LinkClass : std::uint8_t { NVLINK, PCIE, NETWORK };

struct Vertex {
  VertexKind kind = VertexKind::GPU;
  SwitchTier tier = SwitchTier::NONE;
  std::string name;
  int node = -1;   // the node (server) a GPU, NIC, NVSwitch or PCIe device belongs to; -1 if none
  int local = -1;  // GPU: index within its node; NIC: rail index; else -1
};

// One direction of a physical full-duplex link.
struct Link {
  VertexId from = 0;
  VertexId to = 0;
  core::Bandwidth bandwidth;  // per direction, > 0
  core::Time latency;         // >= 0
  LinkClass link_class = LinkClass::NETWORK;
  EdgeId reverse = 0;  // the other direction of the same physical link
};

// Fabric: the directed multigraph of a GPU cluster (DESIGN.md §3), on Boost.Graph, behind a
// small query API so no other layer sees Boost. Every physical link is two directed edges
// with their own bandwidth and latency; parallel links are allowed. Vertex and edge ids are
// dense (0..n-1) and stable.
//
// Routing: route(src, dst, channel) gives the shortest path (fewest hops, then least
// latency) between two vertices; among equal-cost next hops (ECMP) it picks one with a
// deterministic hash of (src, dst, channel), so the same inputs always give the same
// path. GPUs and other endpoints are never transit vertices. Paths are computed once per
// (src, dst, channel) and cached; a PathId stays valid for the fabric's lifetime, a span
// from path() until the next route() call. An unreachable pair throws std::runtime_error
// naming both ends.
// Complexity: route() O(V + E) on a cache miss (one BFS/Dijkstra from dst, kept per dst),
// O(1) expected on a hit; the other accessors O(1).
class Fabric {
 public:
  Fabric();
  ~Fabric();
  Fabric(Fabric&&) noexcept;
  Fabric& operator=(Fabric&&) noexcept;

  std::size_t num_vertices() const;
  std::size_t num_links() const;
  const Vertex& vertex(VertexId v) const;
  const Link& link(EdgeId e) const;
  // Outgoing directed links of v.
  std::span<const EdgeId> links_of(VertexId v) const;
  // Every GPU, ordered by (node, local index): the default rank placement.
  std::span<const VertexId> gpus() const;
  int num_nodes() const;

  PathId route(VertexId src, VertexId dst, std::uint32_t channel);
  std::span<const EdgeId> path(PathId p) const;
  core::Bandwidth path_bottleneck(PathId p) const;
  core::Time path_latency(PathId p) const;

 private:
  friend class FabricBuilder;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace collsim::topology
