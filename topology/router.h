#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"

// Internal to topology/: the routing engine behind Fabric::route (see fabric.h for the
// routing rules). Not part of the public API.
namespace collsim::topology::detail {

// Adjacency: the out- and in-edges of every vertex in increasing EdgeId order, in two flat
// arrays indexed by offsets (CSR), so that searches touch contiguous memory.
struct Adjacency {
  std::vector<std::uint32_t> out_begin;  // size V + 1
  std::vector<EdgeId> out_edges;
  std::vector<std::uint32_t> in_begin;  // size V + 1
  std::vector<EdgeId> in_edges;

  std::span<const EdgeId> out(VertexId v) const {
    return {out_edges.data() + out_begin[v], out_edges.data() + out_begin[v + 1]};
  }
  std::span<const EdgeId> in(VertexId v) const {
    return {in_edges.data() + in_begin[v], in_edges.data() + in_begin[v + 1]};
  }
};

// Router: computes and caches paths. A cache miss runs a layered bidirectional BFS (GPUs
// other than the two ends are not expanded) until the two searches meet at distance D,
// marks the shortest-hop DAG on both sides of a cut layer, computes the least cost to dst
// over that DAG (fewest PCIe links, then least latency: see edge_cost), and walks it from src,
// choosing among the equal-cost next hops with the flow hash. The searches reuse epoch-stamped
// per-vertex arrays, so nothing is cleared per call; the last pair's search is reused when the next
// call asks for the same pair on another channel.
class Router {
 public:
  Router(const std::vector<Link>* links, const Adjacency* adjacency,
         std::vector<std::uint8_t> is_gpu);

  // The path for this flow, or nullopt if dst is unreachable from src. Precondition:
  // src != dst, both < V.
  std::optional<PathId> route(VertexId src, VertexId dst, std::uint32_t channel);

  // The ECMP salt (see Fabric::set_ecmp_seed). Precondition: no path computed yet.
  void set_seed(std::uint64_t seed);

  std::span<const EdgeId> path(PathId p) const {
    const PathInfo& info = paths_[p];
    return {info.data, info.size};
  }
  core::Bandwidth bottleneck(PathId p) const { return paths_[p].bottleneck; }
  core::Time latency(PathId p) const { return paths_[p].latency; }
  std::size_t num_paths() const { return paths_.size(); }

 private:
  struct FlowKey {
    VertexId src;
    VertexId dst;
    std::uint32_t channel;
    friend bool operator==(const FlowKey&, const FlowKey&) = default;
  };
  struct FlowKeyHash {
    std::size_t operator()(const FlowKey& k) const;
  };
  struct PathInfo {
    const EdgeId* data;
    std::uint32_t size;
    core::Bandwidth bottleneck;
    core::Time latency;
  };
  // One side of the bidirectional search: the vertices found, layer by layer.
  struct Side {
    std::vector<std::uint32_t> mark;  // == epoch_ when dist and lat are valid
    std::vector<std::uint32_t> dist;  // hops from src (forward) or to dst (backward)
    std::vector<std::int64_t> lat;    // least cost to dst over the shortest-hop DAG (edge_cost)
    std::vector<VertexId> order;      // vertices in the order found
    std::vector<std::uint32_t> layer_begin;  // layer i is order[layer_begin[i], layer_begin[i+1])
    std::span<const VertexId> layer(std::size_t i) const;
    std::size_t depth() const { return layer_begin.size() - 1; }
  };

  bool search(VertexId src, VertexId dst);
  bool transit_ok(VertexId v) const;
  std::uint64_t frontier_cost(const Side& side, bool forward) const;
  void expand(Side& side, bool forward);
  void compute_latencies();
  PathId walk(std::uint32_t channel);
  std::span<EdgeId> allocate_path(std::size_t size);

  const std::vector<Link>* links_;
  const Adjacency* adjacency_;
  std::vector<std::uint8_t> is_gpu_;  // 1 for GPUs: never expanded unless an end
  std::uint64_t salt_ = 0;            // 0, or mix(seed): XORed into the flow key

  std::unordered_map<FlowKey, PathId, FlowKeyHash> cache_;
  std::vector<PathInfo> paths_;
  // Path storage in blocks that never reallocate, so spans into them stay valid.
  std::vector<std::vector<EdgeId>> blocks_;

  std::uint32_t epoch_ = 0;
  Side forward_;
  Side backward_;
  std::vector<EdgeId> candidates_;
  // The pair the search state currently describes.
  bool have_search_ = false;
  VertexId src_ = 0;
  VertexId dst_ = 0;
  std::uint32_t distance_ = 0;  // D: hops of every shortest path
  std::uint32_t cut_ = 0;       // forward layers 0..cut_ and backward layers 0..D-cut_ are used
};

}  // namespace collsim::topology::detail
