#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <vector>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/dijkstra_shortest_paths.hpp>
#include <boost/graph/filtered_graph.hpp>
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "tests/topology/fabric_test_support.h"
#include "topology/fabric_builder.h"
#include "topology/fat_tree_builder.h"

namespace collsim::topology {
namespace {

using namespace test_support;

Vertex gpu(std::string name, int local) {
  return {VertexKind::GPU, SwitchTier::NONE, std::move(name), 0, local};
}

Vertex sw(std::string name) {
  return {VertexKind::SWITCH, SwitchTier::NONE, std::move(name), -1, -1};
}

TEST(Routing, FewestHopsFirstThenLeastLatency) {
  FabricBuilder b;
  const VertexId a = b.add_vertex(gpu("a", 0));
  const VertexId z = b.add_vertex(gpu("z", 1));
  const VertexId slow = b.add_vertex(sw("slow"));
  const VertexId fast = b.add_vertex(sw("fast"));
  const VertexId x = b.add_vertex(sw("x"));
  const VertexId y = b.add_vertex(sw("y"));
  const auto link = [&](VertexId u, VertexId v, std::int64_t latency_ns) {
    b.add_link(u, v, gbps(10), ns(latency_ns), LinkClass::NETWORK);
  };
  link(a, slow, 50);
  link(slow, z, 50);
  link(a, fast, 10);
  link(fast, z, 20);
  link(a, x, 1);  // 3 hops of 1 ns each lose to 2 hops of 30 ns
  link(x, y, 1);
  link(y, z, 1);
  Fabric f = b.build();
  const PathId p = f.route(a, z, 0);
  EXPECT_EQ(visited(f, p), (std::vector<std::string>{"a", "fast", "z"}));
  EXPECT_EQ(f.path_latency(p), ns(30));
  EXPECT_EQ(f.path_bottleneck(p), gbps(10));
}

// 8 GPUs on an NVSwitch with 4 NICs, two GPUs per NIC (an A100-class node): gpu0 -> nic0 ->
// gpu1 is two PCIe links of 100 ns, gpu0 -> nvswitch -> gpu1 two NVLinks of 0.5 us. Both are
// two hops; NVLink wins, as NCCL's path types rank it above PCIe, and the NIC carries only
// what leaves the node.
TEST(Routing, GpusSharingANicTalkOverNvlinkNotThroughTheNic) {
  Fabric f = build_cluster(rail_cluster(2, 8, 4));
  ASSERT_LT(f.link(f.links_of(id(f, "node0.nic0")).front()).latency, ns(500));
  const PathId p = route(f, "node0.gpu0", "node0.gpu1");
  EXPECT_EQ(visited(f, p),
            (std::vector<std::string>{"node0.gpu0", "node0.nvswitch", "node0.gpu1"}));
  EXPECT_EQ(f.path_latency(p), ns(1000));
  // Off the node the PCIe link is the only way out, and is taken.
  const std::vector<std::string> out = visited(f, route(f, "node0.gpu1", "node1.gpu1"));
  EXPECT_EQ(out.at(1), "node0.nic0");
  EXPECT_EQ(out.at(out.size() - 2), "node1.nic0");
}

TEST(Routing, OneHopBeatsAnyLatency) {
  FabricBuilder b;
  const VertexId a = b.add_vertex(gpu("a", 0));
  const VertexId z = b.add_vertex(gpu("z", 1));
  const VertexId s = b.add_vertex(sw("s"));
  b.add_link(a, z, gbps(1), ns(100'000), LinkClass::NVLINK);
  b.add_link(a, s, gbps(100), ns(1), LinkClass::NETWORK);
  b.add_link(s, z, gbps(100), ns(1), LinkClass::NETWORK);
  Fabric f = b.build();
  EXPECT_EQ(visited(f, f.route(a, z, 0)), (std::vector<std::string>{"a", "z"}));
}

TEST(Routing, NeverThroughAGpuEvenWhenThatIsShorter) {
  FabricBuilder b;
  const VertexId a = b.add_vertex(gpu("a", 0));
  const VertexId m = b.add_vertex(gpu("m", 1));
  const VertexId z = b.add_vertex(gpu("z", 2));
  const VertexId s1 = b.add_vertex(sw("s1"));
  const VertexId s2 = b.add_vertex(sw("s2"));
  const VertexId s3 = b.add_vertex(sw("s3"));
  const auto link = [&](VertexId u, VertexId v) {
    b.add_link(u, v, gbps(10), ns(1), LinkClass::NETWORK);
  };
  link(a, m);
  link(m, z);
  link(a, s1);
  link(s1, s2);
  link(s2, s3);
  link(s3, z);
  Fabric f = b.build();
  EXPECT_EQ(visited(f, f.route(a, z, 0)), (std::vector<std::string>{"a", "s1", "s2", "s3", "z"}));
  // A route may start or end at a GPU, just not pass one.
  EXPECT_EQ(visited(f, f.route(m, z, 0)), (std::vector<std::string>{"m", "z"}));
}

TEST(Routing, UnreachablePairAndSelfRouteAreErrorsThatNameTheEnds) {
  FabricBuilder b;
  const VertexId a = b.add_vertex(gpu("gpu-a", 0));
  const VertexId m = b.add_vertex(gpu("gpu-m", 1));
  const VertexId z = b.add_vertex(gpu("gpu-z", 2));
  b.add_link(a, m, gbps(1), ns(1), LinkClass::NVLINK);
  b.add_link(m, z, gbps(1), ns(1), LinkClass::NVLINK);
  Fabric f = b.build();
  try {
    f.route(a, z, 3);
    ADD_FAILURE() << "expected no route";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(),
                 "no route from 'gpu-a' to 'gpu-z' (a path may not pass through another GPU)");
  }
  EXPECT_THROW(f.route(a, a, 0), std::invalid_argument);
  // The failure leaves the router usable.
  EXPECT_EQ(f.path(f.route(a, m, 0)).size(), 1U);
}

TEST(Routing, CacheReturnsTheSamePathAndSpansStayValid) {
  FabricBuilder b;
  const VertexId s = b.add_vertex(sw("s"));
  std::vector<VertexId> gpus;
  for (int i = 0; i < 40; ++i) {
    gpus.push_back(b.add_vertex(gpu(fmt::format("g{}", i), i)));
    b.add_link(gpus.back(), s, gbps(1), ns(1), LinkClass::NETWORK);
  }
  Fabric f = b.build();
  const PathId first = f.route(gpus[0], gpus[1], 0);
  const std::span<const EdgeId> span = f.path(first);
  const EdgeId* data = span.data();
  const std::vector<EdgeId> copy(span.begin(), span.end());
  // Thousands of further paths (more than one storage block's worth of edges).
  for (std::uint32_t c = 0; c < 300; ++c) {
    for (std::size_t i = 1; i < gpus.size(); ++i) {
      f.route(gpus[i], gpus[(i + 1) % gpus.size()], c);
    }
  }
  EXPECT_EQ(f.route(gpus[0], gpus[1], 0), first);
  EXPECT_EQ(f.path(first).data(), data);
  EXPECT_EQ(std::vector<EdgeId>(f.path(first).begin(), f.path(first).end()), copy);
  EXPECT_EQ(f.num_paths(), 1U + 300U * 39U);
}

// Reference: Boost's Dijkstra on (hops, PCIe links, latency) packed into one weight, with
// GPUs other than the source unable to forward (their out-edges filtered away).
struct Reference {
  using Graph =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                            boost::property<boost::edge_weight_t, std::int64_t>>;
  static constexpr std::int64_t HOP = 1'000'000'000;  // > any path's PCIe weight here
  static constexpr std::int64_t PCIE = 1'000'000;     // > any path latency in ps here

  static std::int64_t weight(const Link& l) {
    return HOP + (l.link_class == LinkClass::PCIE ? PCIE : 0) + l.latency.ps();
  }

  std::vector<std::int64_t> from(const Fabric& f, VertexId src) const {
    Graph g(f.num_vertices());
    for (EdgeId e = 0; e < f.num_links(); ++e) {
      const Link& l = f.link(e);
      if (l.from == src || f.vertex(l.from).kind != VertexKind::GPU) {
        boost::add_edge(l.from, l.to, weight(l), g);
      }
    }
    std::vector<std::int64_t> dist(f.num_vertices());
    boost::dijkstra_shortest_paths(g, src,
                                   boost::distance_map(boost::make_iterator_property_map(
                                       dist.begin(), boost::get(boost::vertex_index, g))));
    return dist;
  }
};

TEST(Routing, MatchesBoostDijkstraOnRandomFabricsAndEcmpStaysOnShortestPaths) {
  std::mt19937 rng(20240601);
  for (int trial = 0; trial < 20; ++trial) {
    FabricBuilder b;
    const int num_gpus = 6;
    const int num_switches = 14;
    std::vector<VertexId> ids;
    for (int i = 0; i < num_gpus; ++i) {
      ids.push_back(b.add_vertex(gpu(fmt::format("g{}", i), i)));
    }
    for (int i = 0; i < num_switches; ++i) {
      ids.push_back(b.add_vertex(sw(fmt::format("s{}", i))));
    }
    // A spanning chain of switches keeps it connected; random extra links (parallel ones
    // and GPU-GPU ones included) with latencies from a small set, so ties are common, and
    // every fourth link PCIe, so that the PCIe rule decides between paths of equal hops.
    std::uniform_int_distribution<int> pick(0, num_gpus + num_switches - 1);
    std::uniform_int_distribution<int> latency(1, 3);
    std::uniform_int_distribution<int> pcie(0, 3);
    const auto link = [&](VertexId u, VertexId v) {
      b.add_link(u, v, gbps(latency(rng)), ns(latency(rng)),
                 pcie(rng) == 0 ? LinkClass::PCIE : LinkClass::NETWORK);
    };
    for (int i = 1; i < num_switches; ++i) {
      link(ids[static_cast<std::size_t>(num_gpus + i - 1)],
           ids[static_cast<std::size_t>(num_gpus + i)]);
    }
    for (int i = 0; i < num_gpus; ++i) {
      link(ids[static_cast<std::size_t>(i)], ids[static_cast<std::size_t>(num_gpus + (i % 3))]);
    }
    for (int extra = 0; extra < 30; ++extra) {
      const int u = pick(rng);
      const int v = pick(rng);
      if (u != v) {
        link(ids[static_cast<std::size_t>(u)], ids[static_cast<std::size_t>(v)]);
      }
    }
    Fabric f = b.build();
    const Reference ref;
    for (VertexId src = 0; src < f.num_vertices(); ++src) {
      const std::vector<std::int64_t> dist = ref.from(f, src);
      for (VertexId dst = 0; dst < f.num_vertices(); ++dst) {
        if (dst == src) {
          continue;
        }
        for (std::uint32_t channel = 0; channel < 4; ++channel) {
          const PathId p = f.route(src, dst, channel);
          std::int64_t cost = 0;
          VertexId at = src;
          for (const EdgeId e : f.path(p)) {
            ASSERT_EQ(f.link(e).from, at);
            if (at != src) {
              ASSERT_NE(f.vertex(at).kind, VertexKind::GPU) << "transit through a GPU";
            }
            cost += Reference::weight(f.link(e));
            at = f.link(e).to;
          }
          ASSERT_EQ(at, dst);
          ASSERT_EQ(cost, dist[dst]) << "trial " << trial << " " << src << "->" << dst;
          ASSERT_EQ(f.path_latency(p).ps(), cost % Reference::PCIE);
        }
      }
    }
  }
}

// The ECMP choices of every cross-pod flow from host 0 on a k = 8 fat-tree (3 tiers: two
// equal-cost aggregation switches and then four cores per flow), as lists of vertex names.
std::vector<std::vector<std::string>> cross_pod_paths(std::optional<std::uint64_t> seed) {
  FatTreeParams p;
  p.radix = 8;
  p.tiers = 3;
  Fabric f = build_fat_tree(p);
  if (seed) {
    f.set_ecmp_seed(*seed);
  }
  std::vector<std::vector<std::string>> paths;
  for (int host = 16; host < 128; ++host) {  // pods hold 16 hosts: every other pod
    paths.push_back(visited(f, test_support::route(f, "host0", fmt::format("host{}", host))));
  }
  return paths;
}

TEST(Routing, TheEcmpSeedChangesSomeChoicesAndTheSameSeedReproducesThem) {
  const auto unseeded = cross_pod_paths(std::nullopt);
  EXPECT_EQ(cross_pod_paths(0), unseeded);  // seed 0 is the unsalted hash
  const auto seeded = cross_pod_paths(1);
  EXPECT_EQ(cross_pod_paths(1), seeded);
  // 112 flows, each choosing among 2 aggregation switches x 4 cores: with a different hash
  // the same 8-way choice for every flow has probability 8^-112; some must differ.
  std::size_t differ = 0;
  for (std::size_t i = 0; i < seeded.size(); ++i) {
    differ += seeded[i] != unseeded[i] ? 1 : 0;
    EXPECT_EQ(seeded[i].size(), 7U);  // host, leaf, agg, core, agg, leaf, host
  }
  EXPECT_GT(differ, 0U);
  EXPECT_NE(cross_pod_paths(2), seeded);
}

}  // namespace
}  // namespace collsim::topology
