#include "topology/bisection.h"

#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/push_relabel_max_flow.hpp>

namespace collsim::topology {
namespace {

using Traits = boost::adjacency_list_traits<boost::vecS, boost::vecS, boost::directedS>;
struct FlowEdge {
  std::int64_t capacity = 0;
  std::int64_t residual = 0;
  Traits::edge_descriptor reverse;
};
using FlowGraph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property, FlowEdge>;

void add_arc(FlowGraph& g, std::size_t u, std::size_t v, std::int64_t capacity) {
  const auto e = boost::add_edge(u, v, g).first;
  const auto r = boost::add_edge(v, u, g).first;
  g[e].capacity = capacity;
  g[r].capacity = 0;
  g[e].reverse = r;
  g[r].reverse = e;
}

// The maximum flow from the GPUs `from` to the GPUs `to`.
std::int64_t max_flow(const Fabric& fabric, std::span<const VertexId> from,
                      std::span<const VertexId> to) {
  const std::size_t n = fabric.num_vertices();
  FlowGraph g(n + 2);
  const std::size_t source = n;
  const std::size_t sink = n + 1;
  for (EdgeId e = 0; e < fabric.num_links(); ++e) {
    const Link& l = fabric.link(e);
    add_arc(g, l.from, l.to, l.bandwidth.bytes_per_second());
  }
  // A GPU can inject no more than its links carry, so that is its source capacity (a finite
  // stand-in for infinity that cannot overflow).
  for (const VertexId v : from) {
    std::int64_t out = 0;
    for (const EdgeId e : fabric.links_of(v)) {
      out += fabric.link(e).bandwidth.bytes_per_second();
    }
    add_arc(g, source, v, out);
  }
  for (const VertexId v : to) {
    std::int64_t in = 0;
    for (const EdgeId e : fabric.links_into(v)) {
      in += fabric.link(e).bandwidth.bytes_per_second();
    }
    add_arc(g, v, sink, in);
  }
  return boost::push_relabel_max_flow(
      g, source, sink, boost::get(&FlowEdge::capacity, g), boost::get(&FlowEdge::residual, g),
      boost::get(&FlowEdge::reverse, g), boost::get(boost::vertex_index, g));
}

}  // namespace

std::optional<Bisection> bisection_bandwidth(const Fabric& fabric) {
  const std::span<const VertexId> gpus = fabric.gpus();
  if (gpus.size() < 2) {
    return std::nullopt;
  }
  __extension__ using Wide = __int128;
  Wide total = 0;
  for (EdgeId e = 0; e < fabric.num_links(); ++e) {
    total += fabric.link(e).bandwidth.bytes_per_second();
  }
  if (total > (Wide{1} << 62)) {
    throw std::overflow_error("the fabric's links add up to more than 2^62 B/s");
  }
  Bisection b;
  b.first_half = gpus.size() / 2;
  const auto first = gpus.first(b.first_half);
  const auto second = gpus.subspan(b.first_half);
  b.forward = core::Bandwidth::from_bytes_per_second(max_flow(fabric, first, second));
  b.backward = core::Bandwidth::from_bytes_per_second(max_flow(fabric, second, first));
  b.bandwidth = std::min(b.forward, b.backward);
  return b;
}

}  // namespace collsim::topology
