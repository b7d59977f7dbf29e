#include "topology/router.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

namespace collsim::topology::detail {
namespace {

constexpr std::int64_t UNREACHED = std::numeric_limits<std::int64_t>::max();
constexpr std::size_t BLOCK_EDGES = std::size_t{1} << 14;
// A PCIe link costs this much more than its latency among paths of equal hops, so that the
// least-cost path is the one with the fewest PCIe links, then the least latency: NCCL ranks
// an NVLink path above a PCIe one (its path types), so GPUs of one node that share a NIC talk
// over NVLink, not GPU -> NIC -> GPU. 2^50 ps (1,126 s) exceeds any path's latency (at most
// 1 s a link), and 64 PCIe links of it still fit an int64.
constexpr std::int64_t PCIE_PENALTY = std::int64_t{1} << 50;

std::int64_t edge_cost(const Link& l) {
  return l.latency.ps() + (l.link_class == LinkClass::PCIE ? PCIE_PENALTY : 0);
}

// splitmix64's output function: a cheap, well-mixed, fixed (hence reproducible) hash.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

std::size_t Router::FlowKeyHash::operator()(const FlowKey& k) const {
  return mix(mix((std::uint64_t{k.src} << 32) | k.dst) ^ k.channel);
}

std::span<const VertexId> Router::Side::layer(std::size_t i) const {
  const std::uint32_t end =
      i + 1 < layer_begin.size() ? layer_begin[i + 1] : static_cast<std::uint32_t>(order.size());
  return {order.data() + layer_begin[i], order.data() + end};
}

Router::Router(const std::vector<Link>* links, const Adjacency* adjacency,
               std::vector<std::uint8_t> is_gpu)
    : links_(links), adjacency_(adjacency), is_gpu_(std::move(is_gpu)) {
  const std::size_t n = is_gpu_.size();
  for (Side* side : {&forward_, &backward_}) {
    side->mark.assign(n, 0);
    side->dist.assign(n, 0);
    side->lat.assign(n, UNREACHED);
  }
}

void Router::set_seed(std::uint64_t seed) {
  assert(paths_.empty());
  // Mixing the seed first spreads seeds that differ in one bit over the whole key; seed 0
  // keeps the unsalted hash, so fabrics that never set a seed route as before.
  salt_ = seed == 0 ? 0 : mix(seed);
}

bool Router::transit_ok(VertexId v) const {
  return is_gpu_[v] == 0 || v == src_ || v == dst_;
}

std::optional<PathId> Router::route(VertexId src, VertexId dst, std::uint32_t channel) {
  assert(src != dst && src < is_gpu_.size() && dst < is_gpu_.size());
  const FlowKey key{src, dst, channel};
  if (const auto it = cache_.find(key); it != cache_.end()) {
    return it->second;
  }
  if (!have_search_ || src_ != src || dst_ != dst) {
    if (!search(src, dst)) {
      return std::nullopt;
    }
    compute_latencies();
  }
  const PathId p = walk(channel);
  cache_.emplace(key, p);
  return p;
}

std::uint64_t Router::frontier_cost(const Side& side, bool forward) const {
  std::uint64_t cost = 0;
  for (const VertexId v : side.layer(side.depth())) {
    if (transit_ok(v)) {
      cost += forward ? adjacency_->out(v).size() : adjacency_->in(v).size();
    }
  }
  return cost;
}

void Router::expand(Side& side, bool forward) {
  const std::size_t last = side.depth();
  const auto next = static_cast<std::uint32_t>(last + 1);
  const std::uint32_t begin = side.layer_begin[last];
  const auto end = static_cast<std::uint32_t>(side.order.size());
  side.layer_begin.push_back(end);
  const std::vector<Link>& links = *links_;
  for (std::uint32_t i = begin; i < end; ++i) {
    const VertexId v = side.order[i];
    if (!transit_ok(v)) {
      continue;
    }
    for (const EdgeId e : forward ? adjacency_->out(v) : adjacency_->in(v)) {
      const VertexId w = forward ? links[e].to : links[e].from;
      if (side.mark[w] != epoch_) {
        side.mark[w] = epoch_;
        side.dist[w] = next;
        side.lat[w] = UNREACHED;
        side.order.push_back(w);
      }
    }
  }
}

bool Router::search(VertexId src, VertexId dst) {
  if (++epoch_ == 0) {  // the stamps wrapped: forget every old mark once
    for (Side* side : {&forward_, &backward_}) {
      std::fill(side->mark.begin(), side->mark.end(), 0);
    }
    epoch_ = 1;
  }
  have_search_ = false;
  src_ = src;
  dst_ = dst;
  for (auto [side, start] : {std::pair{&forward_, src}, std::pair{&backward_, dst}}) {
    side->order.assign(1, start);
    side->layer_begin.assign(1, 0);
    side->mark[start] = epoch_;
    side->dist[start] = 0;
    side->lat[start] = UNREACHED;
  }

  // Expand whole layers, always the cheaper side, until a vertex that may lie on a path
  // (not a GPU, unless an end) has been found by both.
  std::uint32_t best = std::numeric_limits<std::uint32_t>::max();
  while (best == std::numeric_limits<std::uint32_t>::max()) {
    const std::uint64_t forward_cost = frontier_cost(forward_, true);
    const std::uint64_t backward_cost = frontier_cost(backward_, false);
    if (forward_cost == 0 || backward_cost == 0) {
      return false;  // one side has found everything it can reach, and they never met
    }
    const bool go_forward = forward_cost <= backward_cost;
    Side& side = go_forward ? forward_ : backward_;
    const Side& other = go_forward ? backward_ : forward_;
    expand(side, go_forward);
    for (const VertexId v : side.layer(side.depth())) {
      if (other.mark[v] == epoch_ && transit_ok(v)) {
        best = std::min(best, side.dist[v] + other.dist[v]);
      }
    }
  }
  // Every shortest path crosses forward layer `cut_` at a vertex whose backward distance is
  // D - cut_; both sides are complete up to there because D <= forward depth + backward depth.
  distance_ = best;
  cut_ = std::min(static_cast<std::uint32_t>(forward_.depth()), distance_);
  assert(distance_ - cut_ <= backward_.depth());
  have_search_ = true;
  return true;
}

void Router::compute_latencies() {
  const std::vector<Link>& links = *links_;
  const auto relax = [&](VertexId v, const Side& side, std::uint32_t want_dist) {
    std::int64_t best = UNREACHED;
    for (const EdgeId e : adjacency_->out(v)) {
      const VertexId w = links[e].to;
      if (side.mark[w] == epoch_ && side.dist[w] == want_dist && side.lat[w] != UNREACHED &&
          transit_ok(w)) {
        best = std::min(best, edge_cost(links[e]) + side.lat[w]);
      }
    }
    return best;
  };
  // Backward side: least latency from each vertex to dst, layer by layer away from dst.
  backward_.lat[dst_] = 0;
  for (std::uint32_t j = 1; j <= distance_ - cut_; ++j) {
    for (const VertexId u : backward_.layer(j)) {
      backward_.lat[u] = transit_ok(u) ? relax(u, backward_, j - 1) : UNREACHED;
    }
  }
  // Forward side: the cut layer takes the backward latencies of the vertices that lie on a
  // shortest path; earlier layers relax towards it.
  for (const VertexId v : forward_.layer(cut_)) {
    const bool on_path =
        backward_.mark[v] == epoch_ && backward_.dist[v] == distance_ - cut_ && transit_ok(v);
    forward_.lat[v] = on_path ? backward_.lat[v] : UNREACHED;
  }
  for (std::uint32_t h = cut_; h-- > 0;) {
    for (const VertexId v : forward_.layer(h)) {
      forward_.lat[v] = transit_ok(v) ? relax(v, forward_, h + 1) : UNREACHED;
    }
  }
  assert(forward_.lat[src_] != UNREACHED);
}

std::span<EdgeId> Router::allocate_path(std::size_t size) {
  if (blocks_.empty() || blocks_.back().capacity() - blocks_.back().size() < size) {
    blocks_.emplace_back().reserve(std::max(BLOCK_EDGES, size));
  }
  std::vector<EdgeId>& block = blocks_.back();
  const std::size_t at = block.size();
  block.resize(at + size);  // within capacity: the block's storage never moves
  return {block.data() + at, size};
}

PathId Router::walk(std::uint32_t channel) {
  const std::vector<Link>& links = *links_;
  const std::span<EdgeId> edges = allocate_path(distance_);
  const std::uint64_t flow = mix(mix(((std::uint64_t{src_} << 32) | dst_) ^ salt_) ^ channel);
  auto bottleneck =
      core::Bandwidth::from_bytes_per_second(std::numeric_limits<std::int64_t>::max());
  core::Time latency = core::Time::zero();
  VertexId v = src_;
  for (std::uint32_t hop = 0; hop < distance_; ++hop) {
    // Before the cut the DAG is the forward search's, from the cut on the backward one's.
    const bool before_cut = hop < cut_;
    const Side& side = before_cut ? forward_ : backward_;
    const std::uint32_t want = before_cut ? hop + 1 : distance_ - hop - 1;
    const std::int64_t remaining = side.lat[v];
    candidates_.clear();
    for (const EdgeId e : adjacency_->out(v)) {
      const VertexId w = links[e].to;
      if (side.mark[w] == epoch_ && side.dist[w] == want && side.lat[w] != UNREACHED &&
          transit_ok(w) && edge_cost(links[e]) + side.lat[w] == remaining) {
        candidates_.push_back(e);
      }
    }
    assert(!candidates_.empty());
    const EdgeId e = candidates_[mix(flow ^ hop) % candidates_.size()];
    edges[hop] = e;
    bottleneck = std::min(bottleneck, links[e].bandwidth);
    latency += links[e].latency;
    v = links[e].to;
  }
  assert(v == dst_);
  const auto id = static_cast<PathId>(paths_.size());
  paths_.push_back({edges.data(), static_cast<std::uint32_t>(edges.size()), bottleneck, latency});
  return id;
}

}  // namespace collsim::topology::detail
