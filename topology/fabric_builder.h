#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"

namespace collsim::topology {

// The limits a single link must respect: beyond them a value is a typo, and sums over a
// whole fabric (bisection max-flow, path latency) could overflow 64 bits.
inline constexpr std::int64_t MAX_LINK_BYTES_PER_SECOND = 1'000'000'000'000'000;  // 1 PB/s
inline constexpr std::int64_t MAX_LINK_LATENCY_PS = 1'000'000'000'000;            // 1 s
// The builders' size limits, so that a mistyped parameter fails fast instead of allocating
// without end: at most 2^20 GPUs, switches of at most 1024 ports, meshes of at most 1024 GPUs.
inline constexpr long long MAX_GPUS = 1LL << 20;
inline constexpr int MAX_RADIX = 1024;
inline constexpr int MAX_MESH_GPUS = 1024;

// One direction of a link: from -> to.
struct LinkEnds {
  VertexId from = 0;
  VertexId to = 0;
};

// FabricBuilder: assembles a Fabric vertex by vertex and link by link, and validates it.
// Vertex ids are given out densely in order of add_vertex; each add_link gives EdgeId 2i to
// the forward direction and 2i+1 to the backward one, each the other's `reverse`.
//
// Checked as they are added (TopologyError, empty field): a duplicate vertex name, an
// empty name; a link joining a vertex to itself; a bandwidth <= 0 or above 1 PB/s (1000TB/s); a
// latency < 0 or above 1 s. Checked by build(): at least one GPU; every GPU has a node
// and local index >= 0, no two GPUs share (node, local), nodes are numbered 0..N-1 and
// local indices 0..n-1 within a node, without gaps; every vertex has a link (unless the
// fabric is a single vertex) and every vertex is connected to the first GPU (links taken
// both ways; a disconnected part is reported by its first vertex).
// Complexity: add_* O(log V); build() O((V + E) log V).
class FabricBuilder {
 public:
  VertexId add_vertex(Vertex v);
  // A physical full-duplex link a <-> b: both directions get `bandwidth` and `latency`.
  EdgeId add_link(VertexId a, VertexId b, core::Bandwidth bandwidth, core::Time latency,
                  LinkClass link_class);
  // A full-duplex link whose two directions end at different vertices, for a device modelled
  // as separate halves (a PCIe switch without peer-to-peer forwarding: one half carries
  // traffic up to the host bridge, the other down from it).
  EdgeId add_link(LinkEnds forward, LinkEnds backward, core::Bandwidth bandwidth,
                  core::Time latency, LinkClass link_class);

  std::size_t num_vertices() const { return vertices_.size(); }
  const Vertex& vertex(VertexId v) const { return vertices_[v]; }
  std::optional<VertexId> find_vertex(std::string_view name) const;

  // Validates and hands the graph over; the builder is left empty.
  Fabric build();

 private:
  void check_link(LinkEnds ends, core::Bandwidth bandwidth, core::Time latency) const;
  std::vector<VertexId> check_gpus() const;
  void check_connected(VertexId first_gpu) const;

  std::vector<Vertex> vertices_;
  std::vector<Link> links_;
  std::map<std::string, VertexId, std::less<>> names_;
};

}  // namespace collsim::topology
