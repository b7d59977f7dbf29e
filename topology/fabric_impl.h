#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "topology/fabric.h"
#include "topology/router.h"

// Internal to topology/: what a Fabric holds. Not part of the public API.
namespace collsim::topology {

// One store: the vertex and link tables, with the links' CSR adjacency over them. Every
// query, the router and the statistics read these; what needs another form (bisection's
// max-flow graph) builds it from them.
struct Fabric::Impl {
  std::vector<Vertex> vertices;  // indexed by VertexId
  std::vector<Link> links;       // indexed by EdgeId
  detail::Adjacency adjacency;   // links_of / links_into and the routing searches
  std::vector<VertexId> gpus;    // ordered by (node, local)
  int num_nodes = 0;
  std::map<std::string, VertexId, std::less<>> by_name;
  detail::Router router;

  Impl(std::vector<Vertex> v, std::vector<Link> l, detail::Adjacency a,
       std::vector<VertexId> gpu_order, int nodes,
       std::map<std::string, VertexId, std::less<>> names, std::vector<std::uint8_t> is_gpu)
      : vertices(std::move(v)),
        links(std::move(l)),
        adjacency(std::move(a)),
        gpus(std::move(gpu_order)),
        num_nodes(nodes),
        by_name(std::move(names)),
        router(&links, &adjacency, std::move(is_gpu)) {}
};

}  // namespace collsim::topology
