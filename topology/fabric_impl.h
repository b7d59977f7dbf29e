#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include <boost/graph/adjacency_list.hpp>

#include "topology/fabric.h"
#include "topology/router.h"

// Internal to topology/: what a Fabric holds. Not part of the public API.
namespace collsim::topology {

namespace detail {
// The edge bundle: the EdgeId that indexes the link table.
struct EdgeBundle {
  EdgeId id = 0;
};
// The fabric as a Boost.Graph directed multigraph (vecS out-edge lists allow parallel
// edges); vertex bundles are the Vertex records themselves.
using Graph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::bidirectionalS, Vertex, EdgeBundle>;
}  // namespace detail

struct Fabric::Impl {
  detail::Graph graph;
  std::vector<Link> links;      // indexed by EdgeId
  detail::Adjacency adjacency;  // links_of / links_into and the routing searches
  std::vector<VertexId> gpus;   // ordered by (node, local)
  int num_nodes = 0;
  std::map<std::string, VertexId, std::less<>> by_name;
  detail::Router router;

  Impl(detail::Graph g, std::vector<Link> l, detail::Adjacency a, std::vector<VertexId> gpu_order,
       int nodes, std::map<std::string, VertexId, std::less<>> names,
       std::vector<std::uint8_t> is_gpu)
      : graph(std::move(g)),
        links(std::move(l)),
        adjacency(std::move(a)),
        gpus(std::move(gpu_order)),
        num_nodes(nodes),
        by_name(std::move(names)),
        router(&links, &adjacency, std::move(is_gpu)) {}
};

}  // namespace collsim::topology
