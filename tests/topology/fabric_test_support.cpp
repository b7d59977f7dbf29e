#include "tests/topology/fabric_test_support.h"

#include <gtest/gtest.h>

namespace collsim::topology::test_support {

VertexId id(const Fabric& fabric, std::string_view name) {
  const std::optional<VertexId> v = fabric.find_vertex(name);
  EXPECT_TRUE(v.has_value()) << "no vertex " << name;
  return v.value_or(0);
}

std::size_t count_vertices(const Fabric& fabric, VertexKind kind, SwitchTier tier) {
  std::size_t n = 0;
  for (VertexId v = 0; v < fabric.num_vertices(); ++v) {
    n += fabric.vertex(v).kind == kind && fabric.vertex(v).tier == tier ? 1 : 0;
  }
  return n;
}

std::size_t count_links(const Fabric& fabric, LinkClass link_class) {
  std::size_t n = 0;
  for (EdgeId e = 0; e < fabric.num_links(); ++e) {
    n += fabric.link(e).link_class == link_class && e < fabric.link(e).reverse ? 1 : 0;
  }
  return n;
}

std::vector<std::string> visited(const Fabric& fabric, PathId p) {
  std::vector<std::string> names;
  for (const EdgeId e : fabric.path(p)) {
    if (names.empty()) {
      names.push_back(fabric.vertex(fabric.link(e).from).name);
    }
    EXPECT_EQ(fabric.vertex(fabric.link(e).from).name, names.back()) << "path is not a chain";
    names.push_back(fabric.vertex(fabric.link(e).to).name);
  }
  return names;
}

PathId route(Fabric& fabric, std::string_view src, std::string_view dst, std::uint32_t channel) {
  return fabric.route(id(fabric, src), id(fabric, dst), channel);
}

ClusterParams rail_cluster(int nodes, int gpus, int nics, int radix, int tiers) {
  ClusterParams p;
  p.nodes = nodes;
  p.gpus_per_node = gpus;
  p.nics = NicParams{};
  p.nics->per_node = nics;
  p.network = NetworkParams{};
  p.network->radix = radix;
  p.network->tiers = tiers;
  return p;
}

core::Bandwidth gbps(std::int64_t gigabytes_per_second) {
  return core::Bandwidth::from_bytes_per_second(gigabytes_per_second * 1'000'000'000);
}

core::Time ns(std::int64_t nanoseconds) {
  return core::Time::from_ps(nanoseconds * 1000);
}

}  // namespace collsim::topology::test_support
