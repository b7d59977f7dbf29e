#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/error_text.h"
#include "topology/cluster_builder.h"
#include "topology/fabric.h"
#include "topology/topology_error.h"

// Small queries the topology tests share.
namespace collsim::topology::test_support {

// The vertex of that name; fails the test (and returns 0) if there is none.
VertexId id(const Fabric& fabric, std::string_view name);

// Vertices of one kind (and tier).
std::size_t count_vertices(const Fabric& fabric, VertexKind kind,
                           SwitchTier tier = SwitchTier::NONE);

// Physical links (pairs of directed edges) of one class.
std::size_t count_links(const Fabric& fabric, LinkClass link_class);

// The vertices a path visits, by name, from its source to its destination.
std::vector<std::string> visited(const Fabric& fabric, PathId p);

// Routes between two named vertices.
PathId route(Fabric& fabric, std::string_view src, std::string_view dst, std::uint32_t channel = 0);

// The what() of the TopologyError `f` throws, or tests::NOTHING_THROWN ("no error").
template <class F>
std::string topology_error(F&& f) {
  return tests::error_text<TopologyError>(std::forward<F>(f));
}

// n nodes x g GPUs with k NICs (the other NicParams at their defaults), a rail-optimized
// network of `tiers` tiers of `radix`-port switches.
ClusterParams rail_cluster(int nodes, int gpus, int nics, int radix = 64, int tiers = 2);

core::Bandwidth gbps(std::int64_t gigabytes_per_second);  // GB/s
core::Time ns(std::int64_t nanoseconds);

}  // namespace collsim::topology::test_support
