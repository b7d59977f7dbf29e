#include "topology/fabric_builder.h"

#include <algorithm>
#include <utility>

#include <boost/pending/disjoint_sets.hpp>
#include <fmt/format.h>

#include "core/units.h"
#include "topology/fabric_impl.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

[[noreturn]] void fail(std::string message) {
  throw TopologyError("", std::move(message));
}

detail::Adjacency make_adjacency(std::size_t num_vertices, const std::vector<Link>& links) {
  detail::Adjacency a;
  a.out_begin.assign(num_vertices + 1, 0);
  a.in_begin.assign(num_vertices + 1, 0);
  for (const Link& l : links) {
    ++a.out_begin[l.from + 1];
    ++a.in_begin[l.to + 1];
  }
  for (std::size_t v = 0; v < num_vertices; ++v) {
    a.out_begin[v + 1] += a.out_begin[v];
    a.in_begin[v + 1] += a.in_begin[v];
  }
  a.out_edges.resize(links.size());
  a.in_edges.resize(links.size());
  std::vector<std::uint32_t> out_next(a.out_begin.begin(), a.out_begin.end() - 1);
  std::vector<std::uint32_t> in_next(a.in_begin.begin(), a.in_begin.end() - 1);
  // Links in EdgeId order, so each vertex's list comes out sorted.
  for (EdgeId e = 0; e < links.size(); ++e) {
    a.out_edges[out_next[links[e].from]++] = e;
    a.in_edges[in_next[links[e].to]++] = e;
  }
  return a;
}

}  // namespace

VertexId FabricBuilder::add_vertex(Vertex v) {
  if (v.name.empty()) {
    fail("a vertex needs a name");
  }
  const auto id = static_cast<VertexId>(vertices_.size());
  const auto [it, inserted] = names_.emplace(v.name, id);
  if (!inserted) {
    fail(fmt::format("duplicate vertex name '{}'", v.name));
  }
  vertices_.push_back(std::move(v));
  return id;
}

std::optional<VertexId> FabricBuilder::find_vertex(std::string_view name) const {
  const auto it = names_.find(name);
  if (it == names_.end()) {
    return std::nullopt;
  }
  return it->second;
}

void FabricBuilder::check_link(LinkEnds ends, core::Bandwidth bandwidth, core::Time latency) const {
  assert(ends.from < vertices_.size() && ends.to < vertices_.size());
  const std::string& a = vertices_[ends.from].name;
  const std::string& b = vertices_[ends.to].name;
  if (ends.from == ends.to) {
    fail(fmt::format("link from '{}' to itself", a));
  }
  if (bandwidth.bytes_per_second() <= 0) {
    fail(fmt::format("link '{}' -> '{}': bandwidth must be greater than zero (got {} B/s)", a, b,
                     bandwidth.bytes_per_second()));
  }
  if (bandwidth.bytes_per_second() > MAX_LINK_BYTES_PER_SECOND) {
    fail(fmt::format("link '{}' -> '{}': bandwidth {} is above the limit of 1000TB/s", a, b,
                     core::format_bandwidth(bandwidth)));
  }
  if (latency.ps() < 0) {
    fail(fmt::format("link '{}' -> '{}': latency must not be negative (got {} ps)", a, b,
                     latency.ps()));
  }
  if (latency.ps() > MAX_LINK_LATENCY_PS) {
    fail(fmt::format("link '{}' -> '{}': latency {} is above the limit of 1s", a, b,
                     core::format_time(latency)));
  }
}

EdgeId FabricBuilder::add_link(VertexId a, VertexId b, core::Bandwidth bandwidth,
                               core::Time latency, LinkClass link_class) {
  return add_link(LinkEnds{a, b}, LinkEnds{b, a}, bandwidth, latency, link_class);
}

EdgeId FabricBuilder::add_link(LinkEnds forward, LinkEnds backward, core::Bandwidth bandwidth,
                               core::Time latency, LinkClass link_class) {
  check_link(forward, bandwidth, latency);
  check_link(backward, bandwidth, latency);
  const auto e = static_cast<EdgeId>(links_.size());
  links_.push_back({forward.from, forward.to, bandwidth, latency, link_class, e + 1});
  links_.push_back({backward.from, backward.to, bandwidth, latency, link_class, e});
  return e;
}

std::vector<VertexId> FabricBuilder::check_gpus() const {
  std::vector<VertexId> gpus;
  for (VertexId v = 0; v < vertices_.size(); ++v) {
    const Vertex& x = vertices_[v];
    if (x.kind != VertexKind::GPU) {
      continue;
    }
    if (x.node < 0 || x.local < 0) {
      fail(fmt::format("GPU '{}' needs a node and a local index >= 0 (got node {}, local {})",
                       x.name, x.node, x.local));
    }
    gpus.push_back(v);
  }
  if (gpus.empty()) {
    fail("the fabric has no GPU");
  }
  std::stable_sort(gpus.begin(), gpus.end(), [&](VertexId a, VertexId b) {
    return std::pair{vertices_[a].node, vertices_[a].local} <
           std::pair{vertices_[b].node, vertices_[b].local};
  });
  int expected_node = 0;
  int expected_local = 0;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    const Vertex& x = vertices_[gpus[i]];
    if (i > 0) {
      const Vertex& prev = vertices_[gpus[i - 1]];
      if (prev.node == x.node && prev.local == x.local) {
        fail(fmt::format("GPUs '{}' and '{}' have the same node {} and local index {}", prev.name,
                         x.name, x.node, x.local));
      }
      if (x.node != prev.node) {
        expected_node = prev.node + 1;
        expected_local = 0;
      }
    }
    if (x.node != expected_node) {
      fail(fmt::format("GPU nodes must be numbered 0..N-1 without gaps: no GPU is on node {}",
                       expected_node));
    }
    if (x.local != expected_local) {
      fail(fmt::format(
          "node {}: GPU local indices must be 0..n-1 without gaps: no GPU has local index {}",
          x.node, expected_local));
    }
    ++expected_local;
  }
  return gpus;
}

void FabricBuilder::check_connected(VertexId first_gpu) const {
  const std::size_t n = vertices_.size();
  if (n == 1) {
    return;
  }
  std::vector<std::size_t> rank(n);
  std::vector<std::size_t> parent(n);
  boost::disjoint_sets<std::size_t*, std::size_t*> sets(rank.data(), parent.data());
  std::vector<bool> linked(n, false);
  for (std::size_t v = 0; v < n; ++v) {
    sets.make_set(v);
  }
  for (const Link& l : links_) {
    sets.union_set(l.from, l.to);
    linked[l.from] = true;
    linked[l.to] = true;
  }
  for (std::size_t v = 0; v < n; ++v) {
    if (!linked[v]) {
      fail(fmt::format("'{}' has no links", vertices_[v].name));
    }
  }
  const std::size_t root = sets.find_set(first_gpu);
  for (std::size_t v = 0; v < n; ++v) {
    if (sets.find_set(v) != root) {
      fail(fmt::format("'{}' is not connected to '{}'", vertices_[v].name,
                       vertices_[first_gpu].name));
    }
  }
}

Fabric FabricBuilder::build() {
  std::vector<VertexId> gpus = check_gpus();
  check_connected(gpus.front());

  const std::size_t n = vertices_.size();
  std::vector<std::uint8_t> is_gpu(n, 0);
  for (VertexId v = 0; v < n; ++v) {
    is_gpu[v] = vertices_[v].kind == VertexKind::GPU ? 1 : 0;
  }
  detail::Adjacency adjacency = make_adjacency(n, links_);
  const int num_nodes = vertices_[gpus.back()].node + 1;

  Fabric fabric;
  fabric.impl_ = std::make_unique<Fabric::Impl>(std::move(vertices_), std::move(links_),
                                                std::move(adjacency), std::move(gpus), num_nodes,
                                                std::move(names_), std::move(is_gpu));
  vertices_.clear();
  links_.clear();
  names_.clear();
  return fabric;
}

}  // namespace collsim::topology
