// The engine's invariants: where nothing is shared, both network models
// reproduce the closed forms to the picosecond rounding; where links are shared, the flow
// model departs from the ideal one by exactly the hand-computed contention factor.
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/generate.h"
#include "algorithms/rank_layout.h"
#include "cost/ring_cost.h"
#include "cost/tree_cost.h"
#include "sim/executor.h"
#include "topology/cluster_builder.h"
#include "topology/fat_tree_builder.h"
#include "topology/island_builder.h"

namespace collsim::sim {
namespace {
using cost::naive_tree_allreduce_seconds;
using cost::naive_tree_latency_steps;
using cost::ring_allreduce_seconds;
using cost::ring_latency_steps;

using algorithms::Algorithm;
using algorithms::Collective;
using algorithms::GenerateOptions;
using algorithms::RankLayout;
using core::Bandwidth;
using core::Bytes;
using core::Time;

const Bandwidth B100 = Bandwidth::from_bytes_per_second(100'000'000'000);  // 100 GB/s
const Time ALPHA = Time::from_ps(5'000'000);                               // 5 us

// Every GPU has a private full-duplex link to one non-blocking switch, with no latency:
// the uncontended fabric of the α-β formulas, with α = the step latency.
topology::Fabric uncontended(int gpus) {
  topology::IslandParams p;
  p.gpus = gpus;
  p.nvlink.bandwidth = B100;
  p.nvlink.latency = Time::zero();
  return topology::build_island(p);
}

RunResult run(Algorithm a, int p, Bytes bytes, NetworkKind kind, topology::Fabric& f,
              const GenerateOptions& gen = {}) {
  const auto schedule =
      algorithms::generate(a, Collective::ALL_REDUCE, bytes,
                           RankLayout::uniform(static_cast<algorithms::Rank>(p), 1), gen);
  ExecutorOptions o;
  o.network = kind;
  o.step_latency = ALPHA;
  return execute(schedule, f, o);
}

// Simulated minus closed form, in picoseconds. The simulation is exact on the picosecond
// grid except that each of the `steps` sends on the critical path rounds its transfer up
// (core::transfer_time), by less than 1 ps: against the exact closed form, 0 <= difference
// < steps. The closed form here is a double in seconds, so its picosecond value carries a
// floating-point rounding error; each bound is widened by a slack for it (closed = the
// closed form in ps):
//   -1e-3 * steps - 1e-6 * closed <= difference <= steps + 1e-9 * closed.
void expect_matches(const RunResult& r, double closed_seconds, std::int64_t steps) {
  ASSERT_FALSE(r.deadlock.has_value());
  const double diff = static_cast<double>(r.makespan.ps()) - closed_seconds * 1e12;
  EXPECT_GE(diff, -1e-3 * static_cast<double>(steps) - 1e-6 * closed_seconds * 1e12);
  EXPECT_LE(diff, static_cast<double>(steps) + 1e-9 * closed_seconds * 1e12)
      << "makespan " << r.makespan.ps() << " ps, closed form " << closed_seconds * 1e12;
}

class UncontendedFabric : public ::testing::TestWithParam<NetworkKind> {};

// (model, first p): each instance covers p = first .. first + 7, so that CTest spreads the
// p = 2..64 sweep over cores.
class EveryP : public ::testing::TestWithParam<std::tuple<NetworkKind, int>> {};

TEST_P(UncontendedFabric, LessonWorkedExample) {
  topology::Fabric f = uncontended(64);
  // p = 64, α = 5 us, B = 100 GB/s (the lesson): 630.02 us, 60.12 us, 20.32 ms, 120.06 ms.
  const RunResult ring_small = run(Algorithm::RING, 64, 1024, GetParam(), f);
  const RunResult tree_small = run(Algorithm::BINOMIAL_TREE, 64, 1024, GetParam(), f);
  const RunResult ring_large = run(Algorithm::RING, 64, 1'000'000'000, GetParam(), f);
  const RunResult tree_large = run(Algorithm::BINOMIAL_TREE, 64, 1'000'000'000, GetParam(), f);
  // 126 * 5 us + 126 * 16 B / 100 GB/s = 630 us + 20.16 ns.
  EXPECT_EQ(ring_small.makespan.ps(), 630'020'160);
  // 12 * 5 us + 12 * 1024 B / 100 GB/s = 60 us + 122.88 ns.
  EXPECT_EQ(tree_small.makespan.ps(), 60'122'880);
  // 126 * (5 us + 15625000 B / 100 GB/s) = 126 * 161.25 us = 20.3175 ms.
  EXPECT_EQ(ring_large.makespan.ps(), 20'317'500'000);
  // 12 * (5 us + 10 ms) = 120.06 ms.
  EXPECT_EQ(tree_large.makespan.ps(), 120'060'000'000);
  EXPECT_EQ(ring_large.critical_path->sends, 126u);
  EXPECT_EQ(tree_large.critical_path->sends, 12u);
}

TEST_P(EveryP, RingAndBinomialTreeEqualTheClosedForms) {
  const auto [kind, first] = GetParam();
  for (int p = first; p < first + 8 && p <= 64; ++p) {
    topology::Fabric f = uncontended(p);
    // Sizes that split into whole pieces (S = p * m), so the closed form's S/p is exact.
    for (Bytes m : {Bytes{0}, Bytes{16}, Bytes{40'000}, Bytes{15'625'000}}) {
      const Bytes s = static_cast<Bytes>(p) * m;
      const RunResult ring = run(Algorithm::RING, p, s, kind, f);
      expect_matches(ring, cost::ring_allreduce_seconds(p, ALPHA, B100, s),
                     cost::ring_latency_steps(p));
      const RunResult tree = run(Algorithm::BINOMIAL_TREE, p, s, kind, f);
      expect_matches(tree, cost::naive_tree_allreduce_seconds(p, ALPHA, B100, s),
                     cost::naive_tree_latency_steps(p));
      EXPECT_EQ(ring.critical_path->contention, Time::zero()) << p;
      EXPECT_EQ(tree.critical_path->contention, Time::zero()) << p;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Models, UncontendedFabric,
                         ::testing::Values(NetworkKind::IDEAL, NetworkKind::FLOW),
                         [](const ::testing::TestParamInfo<NetworkKind>& kind) {
                           return std::string(network_kind_name(kind.param));
                         });

INSTANTIATE_TEST_SUITE_P(Models, EveryP,
                         ::testing::Combine(::testing::Values(NetworkKind::IDEAL,
                                                              NetworkKind::FLOW),
                                            ::testing::Values(2, 10, 18, 26, 34, 42, 50, 58)),
                         [](const ::testing::TestParamInfo<std::tuple<NetworkKind, int>>& point) {
                           return std::string(network_kind_name(std::get<0>(point.param))) + "_p" +
                                  std::to_string(std::get<1>(point.param));
                         });

TEST(SharedLinks, FlowEqualsIdealWhereNoLinkIsShared) {
  topology::Fabric f1 = uncontended(24);
  topology::Fabric f2 = uncontended(24);
  GenerateOptions gen;
  gen.chunks = 3;
  const RunResult ideal = run(Algorithm::RING, 24, 3'000'000, NetworkKind::IDEAL, f1, gen);
  const RunResult flow = run(Algorithm::RING, 24, 3'000'000, NetworkKind::FLOW, f2, gen);
  EXPECT_EQ(ideal.makespan, flow.makespan);
  ASSERT_EQ(ideal.timings.size(), flow.timings.size());
  for (std::size_t i = 0; i < ideal.timings.size(); ++i) {
    ASSERT_EQ(ideal.timings[i].end, flow.timings[i].end) << "op " << i;
  }
}

TEST(SharedLinks, BinaryTreeParentsIncastDoublesTheBandwidthTermInTheFlowModel) {
  // p = 15: a full binary heap of depth 3. In the reduce both children of a parent send
  // to it at once (they share its downlink); in the broadcast the parent sends to both at
  // once (they share its uplink). Every level: ideal α + S/B, flow α + 2S/B.
  constexpr Bytes S = 10'000'000;  // 100 us at 100 GB/s
  topology::Fabric f1 = uncontended(15);
  topology::Fabric f2 = uncontended(15);
  const RunResult ideal = run(Algorithm::BINARY_TREE, 15, S, NetworkKind::IDEAL, f1);
  const RunResult flow = run(Algorithm::BINARY_TREE, 15, S, NetworkKind::FLOW, f2);
  EXPECT_EQ(ideal.makespan.ps(), 6 * (5'000'000 + 100'000'000));
  EXPECT_EQ(flow.makespan.ps(), 6 * (5'000'000 + 200'000'000));
  EXPECT_EQ(flow.critical_path->contention.ps(), 6 * 100'000'000);
  EXPECT_EQ(ideal.critical_path->contention, Time::zero());
}

TEST(SharedLinks, RingCrossingAnOversubscribedUplinkSlowsByTheSharingFactor) {
  // A 2-tier k = 4 fat-tree with 2:1 oversubscription: two hosts per leaf, one uplink.
  // Ranks 0,1,2,3 on hosts 0,2,1,3: every ring hop crosses between the leaves, and each
  // leaf's single uplink carries two of the four hops at once (0->2 with 1->3, 2->1 with
  // 3->0): every step's transfer takes twice as long in the flow model.
  topology::FatTreeParams p;
  p.radix = 4;
  p.tiers = 2;
  p.hosts = 4;
  p.oversubscription = 2.0;
  p.bandwidth = B100;
  p.latency = Time::zero();
  topology::Fabric f = topology::build_fat_tree(p);
  const auto g = f.gpus();
  const std::vector<topology::VertexId> placement{g[0], g[2], g[1], g[3]};
  constexpr Bytes S = 4'000'000;  // pieces of 1 MB: 10 us at 100 GB/s
  const auto schedule = algorithms::generate(Algorithm::RING, Collective::ALL_REDUCE, S,
                                             RankLayout::uniform(4, 1), {});
  ExecutorOptions o;
  o.step_latency = ALPHA;
  o.network = NetworkKind::IDEAL;
  const RunResult ideal = execute(schedule, f, placement, o);
  o.network = NetworkKind::FLOW;
  const RunResult flow = execute(schedule, f, placement, o);
  EXPECT_EQ(ideal.makespan.ps(), 6 * (5'000'000 + 10'000'000));
  EXPECT_EQ(flow.makespan.ps(), 6 * (5'000'000 + 20'000'000));
}

TEST(SharedLinks, TwoChannelsOnOneNicShareIt) {
  // Two nodes of one GPU each, one NIC per node: the ring's two channels take the same
  // GPU->NIC->leaf->NIC->GPU path. Ideal: each channel's half-size pieces at the full
  // rate; flow: both channels at half the rate, so each step's transfer doubles.
  topology::ClusterParams c;
  c.nodes = 2;
  c.gpus_per_node = 1;
  c.island.latency = Time::zero();
  topology::NicParams nic;
  nic.per_node = 1;
  nic.bandwidth = B100;
  nic.latency = Time::zero();
  nic.pcie_bandwidth = Bandwidth::from_bytes_per_second(200'000'000'000);
  nic.pcie_latency = Time::zero();
  c.nics = nic;
  topology::NetworkParams net;
  net.latency = Time::zero();
  c.network = net;
  topology::Fabric f = topology::build_cluster(c);
  GenerateOptions gen;
  gen.channels = 2;
  constexpr Bytes S = 4'000'000;  // 2 channels x 2 pieces of 1 MB: 10 us each at 100 GB/s
  const auto schedule = algorithms::generate(Algorithm::RING, Collective::ALL_REDUCE, S,
                                             RankLayout::uniform(2, 1, 1), gen);
  ExecutorOptions o;
  o.step_latency = ALPHA;
  o.network = NetworkKind::IDEAL;
  const RunResult ideal = execute(schedule, f, o);
  o.network = NetworkKind::FLOW;
  const RunResult flow = execute(schedule, f, o);
  EXPECT_EQ(ideal.makespan.ps(), 2 * (5'000'000 + 10'000'000));
  EXPECT_EQ(flow.makespan.ps(), 2 * (5'000'000 + 20'000'000));
}

}  // namespace
}  // namespace collsim::sim
