#pragma once

#include <cstdint>
#include <memory>
#include <optional>
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

// Fabric: the directed multigraph of a GPU cluster (docs/topology.md): a vertex table, a link
// table and the links' CSR adjacency, behind a small query API. Every physical link is two directed
// edges with their own bandwidth and latency; parallel links are allowed. Vertex and edge ids are
// dense (0..n-1) and stable. Built by FabricBuilder (topology/fabric_builder.h), which
// validates it; immutable afterwards except for the route cache. Move-only.
//
// Routing: route(src, dst, channel) gives a shortest path between two vertices: fewest
// hops, then fewest PCIe links (NCCL ranks an NVLink path above a PCIe one, so two GPUs
// sharing a NIC talk over NVLink, not GPU -> NIC -> GPU), then least total latency. A GPU
// is never a transit vertex (GPUs are endpoints), so a path's interior holds only switches,
// NICs, PCIe switches and host bridges. Among equal-cost next hops (same hops, PCIe links
// and latency to dst, parallel links counted separately)
// the path takes, at its hop h, the next hop with index
//   mix(mix(mix((src << 32) | dst) ^ channel) ^ h) mod (number of equal-cost next hops)
// in increasing EdgeId order, where mix is the splitmix64 finalizer: ECMP with a
// deterministic per-flow hash, so the same (src, dst, channel) always takes the same path
// and hash collisions on shared links are reproducible. set_ecmp_seed(s) salts the flow
// key: mix((src << 32) | dst) becomes mix(((src << 32) | dst) ^ mix(s)), a different but
// equally reproducible set of ECMP choices per seed; seed 0 (the default) is unsalted. Rail
// alignment follows from the shortest-path rule: two NICs on the same rail leaf are two hops apart
// through it, and every other route is longer. Paths are cached per (src, dst, channel); a PathId
// and the span path() returns stay valid for the fabric's lifetime. An unreachable pair throws
// std::runtime_error naming both ends; src == dst throws std::invalid_argument. Complexity: route()
// on a cache miss runs a bidirectional breadth-first search from src and dst that stops where the
// two meet, so its cost is the size of the two balls of half the path's length around the ends (not
// O(V + E) of the whole fabric), then one pass over the shortest-path DAG for latencies; O(1)
// expected on a hit. path(), path_bottleneck(), path_latency() and the other accessors are O(1) and
// allocate nothing.
class Fabric {
 public:
  Fabric();
  ~Fabric();
  Fabric(Fabric&&) noexcept;
  Fabric& operator=(Fabric&&) noexcept;

  std::size_t num_vertices() const;
  std::size_t num_links() const;  // directed edges (two per physical link)
  const Vertex& vertex(VertexId v) const;
  const Link& link(EdgeId e) const;
  // Outgoing directed links of v, in increasing EdgeId order.
  std::span<const EdgeId> links_of(VertexId v) const;
  // Incoming directed links of v, in increasing EdgeId order.
  std::span<const EdgeId> links_into(VertexId v) const;
  // Every GPU, ordered by (node, local index): the default rank placement.
  std::span<const VertexId> gpus() const;
  int num_nodes() const;
  // The vertex with this name, if any. O(log V).
  std::optional<VertexId> find_vertex(std::string_view name) const;

  PathId route(VertexId src, VertexId dst, std::uint32_t channel);
  // The ECMP hash seed (a scenario's model.seed). Precondition: called before the first
  // route(), since cached paths were chosen with the old seed (asserted).
  void set_ecmp_seed(std::uint64_t seed);
  std::span<const EdgeId> path(PathId p) const;
  core::Bandwidth path_bottleneck(PathId p) const;
  core::Time path_latency(PathId p) const;
  // Paths computed so far (PathIds are 0..num_paths()-1).
  std::size_t num_paths() const;

 private:
  friend class FabricBuilder;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Lower-case names used in reports and files: gpu, nvswitch, nic, pcie_switch, host_bridge,
// switch; none, leaf, spine, core; nvlink, pcie, network. The lists give the values a file
// may name, in the order above (a switch's tier is leaf, spine or core, never none).
std::string_view vertex_kind_name(VertexKind k);
std::string_view switch_tier_name(SwitchTier t);
std::string_view link_class_name(LinkClass c);
std::span<const VertexKind> all_vertex_kinds();
std::span<const SwitchTier> switch_tiers();
std::span<const LinkClass> all_link_classes();

}  // namespace collsim::topology
