#include "sim/executor.h"

#include <stdexcept>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/schedule.h"
#include "topology/island_builder.h"

namespace collsim::sim {
namespace {

using algorithms::Combine;
using algorithms::Label;
using algorithms::OpId;
using algorithms::Schedule;
using core::Bandwidth;
using core::Time;

constexpr std::int64_t GBPS = 1'000'000'000;  // 1 GB/s = 1 byte per ns

// g GPUs, each with a private link (bw, 0.5 us) to one NVSwitch: uncontended unless two
// transfers use the same GPU's uplink or downlink.
topology::Fabric island(int gpus, std::int64_t bw = 100 * GBPS) {
  topology::IslandParams p;
  p.gpus = gpus;
  p.nvlink.bandwidth = Bandwidth::from_bytes_per_second(bw);
  p.nvlink.latency = Time::from_ps(500'000);
  return topology::build_island(p);
}

ExecutorOptions options(NetworkKind kind, Time alpha = Time::from_ps(5'000'000)) {
  ExecutorOptions o;
  o.network = kind;
  o.step_latency = alpha;
  return o;
}

class EveryModel : public ::testing::TestWithParam<NetworkKind> {};

TEST_P(EveryModel, AChainOfSendsCostsAlphaPlusLatencyPlusTransferEach) {
  topology::Fabric f = island(4);
  Schedule s(4, {1000});  // one piece of 1000 B
  const OpId a = s.add_send(0, 1, 0, Combine::COPY, Label{}, {});
  const OpId b = s.add_send(1, 2, 0, Combine::COPY, Label{}, std::vector<OpId>{a});
  s.add_send(2, 3, 0, Combine::COPY, Label{}, std::vector<OpId>{b});
  const RunResult r = execute(s, f, options(GetParam()));
  // Each hop: 5 us + 2 x 0.5 us + 1000 B / 100 GB/s (10 ns) = 6.01 us.
  EXPECT_EQ(r.makespan.ps(), 3 * (5'000'000 + 1'000'000 + 10'000));
  EXPECT_EQ(r.ops_completed, 3u);
  EXPECT_EQ(r.sends, 3u);
  EXPECT_FALSE(r.deadlock.has_value());
  ASSERT_EQ(r.timings.size(), 3u);
  EXPECT_EQ(r.timings[1].ready, r.timings[0].end);
  ASSERT_TRUE(r.critical_path.has_value());
  EXPECT_EQ(r.critical_path->ops, (std::vector<OpId>{0, 1, 2}));
  EXPECT_EQ(r.critical_path->step_latency.ps(), 15'000'000);
  EXPECT_EQ(r.critical_path->link_latency.ps(), 3'000'000);
  EXPECT_EQ(r.critical_path->transfer.ps(), 30'000);
  EXPECT_EQ(r.critical_path->contention.ps(), 0);
}

// Ranks 1 and 2 send a piece each to rank 0 (an incast), which then forwards a piece to
// `forward_to`.
Schedule incast_then_forward(algorithms::Rank forward_to) {
  Schedule s(3, {4096, 4096});
  const OpId a = s.add_send(1, 0, 0, Combine::REDUCE, Label{}, {});
  const OpId b = s.add_send(2, 0, 1, Combine::REDUCE, Label{}, {});
  s.add_send(0, forward_to, 0, Combine::COPY, Label{}, std::vector<OpId>{a, b});
  return s;
}

TEST_P(EveryModel, SameScheduleTwiceGivesTheSameEventStream) {
  topology::Fabric f1 = island(3);
  topology::Fabric f2 = island(3);
  const Schedule s = incast_then_forward(1);
  const RunResult r1 = execute(s, f1, options(GetParam()));
  const RunResult r2 = execute(s, f2, options(GetParam()));
  EXPECT_EQ(r1.fingerprint, r2.fingerprint);
  EXPECT_EQ(r1.events, r2.events);
  EXPECT_EQ(r1.makespan, r2.makespan);
}

TEST_P(EveryModel, AnExecutionBuiltThenRunGivesWhatExecuteGivesAndRunsOnce) {
  topology::Fabric f1 = island(3);
  topology::Fabric f2 = island(3);
  const Schedule s = incast_then_forward(2);
  const RunResult direct = execute(s, f1, options(GetParam()));
  Execution execution(s, f2, options(GetParam()));
  const RunResult split = execution.run();
  EXPECT_EQ(split.fingerprint, direct.fingerprint);
  EXPECT_EQ(split.makespan, direct.makespan);
  EXPECT_EQ(split.ops_completed, 3u);
  EXPECT_THROW(execution.run(), std::logic_error);
  const std::vector<topology::VertexId> twice{f2.gpus()[0], f2.gpus()[0], f2.gpus()[1]};
  EXPECT_THROW(Execution(s, f2, twice, options(GetParam())), std::invalid_argument);
}

// The executor keeps its per-op state in depth order; ids already in that order (as the
// generators emit) and ids that are not (a chain emitted after an independent op that
// follows its head) must give every op the same times under its own id.
TEST_P(EveryModel, OpsOutOfDepthOrderGetTheTimesOfTheSameOpsInOrder) {
  topology::Fabric f1 = island(4);
  topology::Fabric f2 = island(4);
  // The same four sends, two chains of two (pieces 0 and 1): heads first, ids 0 1 | 2 3 in
  // depth order, or chain by chain, depths 0 1 0 1.
  auto two_chains = [](bool chain_by_chain) {
    Schedule s(4, {1000, 3000});
    auto head = [&](algorithms::Rank src, algorithms::PieceId p) {
      return s.add_send(src, src + 1, p, Combine::COPY, Label{}, {});
    };
    auto tail = [&](algorithms::Rank src, algorithms::PieceId p, OpId after) {
      s.add_send(src, (src + 1) % 4, p, Combine::COPY, Label{}, std::vector<OpId>{after});
    };
    if (chain_by_chain) {
      tail(1, 0, head(0, 0));
      tail(3, 1, head(2, 1));
    } else {
      const OpId a = head(0, 0);
      const OpId c = head(2, 1);
      tail(1, 0, a);
      tail(3, 1, c);
    }
    return s;
  };
  const Schedule in_order = two_chains(false);
  const Schedule shuffled = two_chains(true);
  const RunResult r1 = execute(in_order, f1, options(GetParam()));
  const RunResult r2 = execute(shuffled, f2, options(GetParam()));
  ASSERT_EQ(r1.timings.size(), 4u);
  ASSERT_EQ(r2.timings.size(), 4u);
  const OpId same_op[] = {0, 2, 1, 3};  // in_order id -> shuffled id
  for (OpId id = 0; id < 4; ++id) {
    EXPECT_EQ(r1.timings[id].ready, r2.timings[same_op[id]].ready) << id;
    EXPECT_EQ(r1.timings[id].end, r2.timings[same_op[id]].end) << id;
  }
  EXPECT_LT(r1.timings[0].end, r1.timings[1].end);  // the longer piece ends later
  EXPECT_EQ(r2.makespan, r1.makespan);
  EXPECT_EQ(r2.critical_path->ops, (std::vector<OpId>{2, 3}));
}

TEST_P(EveryModel, ACycleIsReportedAsADeadlockNamingTheWaitingOps) {
  topology::Fabric f = island(2);
  Schedule s(2, {8});
  s.add_send(0, 1, 0, Combine::COPY, Label{}, {});                       // op 0: runs
  s.add_send(0, 1, 0, Combine::COPY, Label{}, std::vector<OpId>{0, 2});  // op 1 waits on 2
  s.add_send(1, 0, 0, Combine::COPY, Label{}, std::vector<OpId>{1});     // op 2 waits on 1
  const RunResult r = execute(s, f, options(GetParam()));
  ASSERT_TRUE(r.deadlock.has_value());
  EXPECT_EQ(r.ops_completed, 1u);
  EXPECT_EQ(r.deadlock->waiting_ops, 2u);
  ASSERT_EQ(r.deadlock->first_waiters.size(), 2u);
  EXPECT_EQ(r.deadlock->first_waiters[0].op, 1u);
  EXPECT_EQ(r.deadlock->first_waiters[0].waits_on, (std::vector<OpId>{2}));
  EXPECT_EQ(r.deadlock->first_waiters[1].op, 2u);
  EXPECT_EQ(r.deadlock->first_waiters[1].waits_on, (std::vector<OpId>{1}));
  EXPECT_FALSE(r.critical_path.has_value());
  // Ops that never became ready have no times, though op 1's dependency 0 ended.
  ASSERT_EQ(r.timings.size(), 3u);
  EXPECT_GT(r.timings[0].end, Time::zero());
  for (OpId waiting : {1u, 2u}) {
    EXPECT_EQ(r.timings[waiting].ready, Time::zero()) << waiting;
    EXPECT_EQ(r.timings[waiting].end, Time::zero()) << waiting;
  }
}

// Ready times are not recorded but derived from the dependencies' ends: a join is ready
// when its later dependency ends, whichever of them is listed first.
TEST_P(EveryModel, AJoinIsReadyWhenItsLastDependencyEnds) {
  topology::Fabric f = island(4);
  Schedule s(4, {1000, 3000});
  const OpId slow = s.add_send(1, 0, 1, Combine::REDUCE, Label{}, {});  // 30 ns on the wire
  const OpId fast = s.add_send(2, 3, 0, Combine::COPY, Label{}, {});    // 10 ns
  const OpId join = s.add_send(0, 2, 0, Combine::COPY, Label{}, std::vector<OpId>{fast, slow});
  const OpId other = s.add_send(3, 1, 0, Combine::COPY, Label{}, std::vector<OpId>{slow, fast});
  const RunResult r = execute(s, f, options(GetParam()));
  ASSERT_EQ(r.timings.size(), 4u);
  EXPECT_LT(r.timings[fast].end, r.timings[slow].end);
  EXPECT_EQ(r.timings[fast].ready, Time::zero());
  for (OpId j : {join, other}) {
    EXPECT_EQ(r.timings[j].ready, r.timings[slow].end) << j;
    // Nothing else moves then: 5 us + 2 x 0.5 us + 1000 B / 100 GB/s after it became ready.
    EXPECT_EQ((r.timings[j].end - r.timings[j].ready).ps(), 5'000'000 + 1'000'000 + 10'000) << j;
  }
  EXPECT_EQ(r.critical_path->ops, (std::vector<OpId>{slow, join}));
}

// Successor lists of every length from none to five, their ops added interleaved: the run
// keeps up to two in an op's own record and longer lists apart, and each op must still be
// released by its own source. Source k sends a piece of 1000·(k+1) B, so the sources end
// at distinct times, and k free REDUCE ops wait on it.
TEST_P(EveryModel, SuccessorListsOfEveryLengthReleaseTheirOwnOps) {
  constexpr std::uint32_t SOURCES = 6;
  topology::Fabric f = island(SOURCES + 1);
  std::vector<core::Bytes> pieces;
  for (std::uint32_t k = 0; k < SOURCES; ++k) {
    pieces.push_back(1000 * (k + 1));
  }
  Schedule s(SOURCES + 1, pieces);
  std::vector<OpId> source;
  for (std::uint32_t k = 0; k < SOURCES; ++k) {
    source.push_back(s.add_send(k, k + 1, k, Combine::REDUCE, Label{}, {}));
  }
  std::vector<std::pair<OpId, std::uint32_t>> waiting;  // (op, its source)
  for (std::uint32_t round = 0; round < SOURCES; ++round) {
    for (std::uint32_t k = round + 1; k < SOURCES; ++k) {
      waiting.emplace_back(s.add_reduce(k + 1, k, Label{}, std::vector<OpId>{source[k]}), k);
    }
  }
  const RunResult r = execute(s, f, options(GetParam()));
  ASSERT_FALSE(r.deadlock.has_value());
  EXPECT_EQ(r.ops_completed, s.size());
  ASSERT_EQ(r.timings.size(), s.size());
  for (std::uint32_t k = 0; k < SOURCES; ++k) {
    // 5 us + 2 x 0.5 us + 1000·(k+1) B / 100 GB/s: nothing else crosses its links.
    EXPECT_EQ(r.timings[source[k]].end.ps(), 6'000'000 + 10'000 * (k + 1)) << k;
  }
  for (const auto& [op, k] : waiting) {
    EXPECT_EQ(r.timings[op].ready, r.timings[source[k]].end) << op;
    EXPECT_EQ(r.timings[op].end, r.timings[op].ready) << op;
  }
}

// The three OpTimes modes run the same events; each keeps what it names and no more.
TEST_P(EveryModel, OpTimesModesKeepWhatTheyNameOfTheSameRun) {
  auto run = [&](OpTimes mode) {
    topology::Fabric f = island(4);
    // Two children into one parent (incast in the flow model), then the parent forwards;
    // ids out of depth order, so that slots and ids differ.
    Schedule s(4, {4096, 4096});
    const OpId a = s.add_send(1, 0, 0, Combine::REDUCE, Label{}, {});
    const OpId fwd = s.add_send(0, 3, 0, Combine::COPY, Label{}, std::vector<OpId>{a});
    const OpId b = s.add_send(2, 0, 1, Combine::REDUCE, Label{}, {});
    s.add_send(0, 3, 1, Combine::COPY, Label{}, std::vector<OpId>{b, fwd});
    ExecutorOptions o = options(GetParam());
    o.op_times = mode;
    return execute(s, f, o);
  };
  const RunResult none = run(OpTimes::NONE);
  const RunResult path = run(OpTimes::CRITICAL_PATH);
  const RunResult all = run(OpTimes::ALL);
  for (const RunResult* r : {&path, &all}) {
    EXPECT_EQ(r->fingerprint, none.fingerprint);
    EXPECT_EQ(r->makespan, none.makespan);
    EXPECT_EQ(r->events, none.events);
  }
  EXPECT_TRUE(none.timings.empty());
  EXPECT_FALSE(none.critical_path.has_value());
  EXPECT_TRUE(path.timings.empty());
  ASSERT_TRUE(path.critical_path.has_value());
  ASSERT_TRUE(all.critical_path.has_value());
  EXPECT_EQ(all.timings.size(), 4u);
  EXPECT_EQ(path.critical_path->ops, all.critical_path->ops);
  EXPECT_EQ(path.critical_path->ops, (std::vector<OpId>{0, 1, 3}));
  EXPECT_EQ(path.critical_path->transfer, all.critical_path->transfer);
  EXPECT_EQ(path.critical_path->contention, all.critical_path->contention);
  EXPECT_EQ(path.critical_path->step_latency + path.critical_path->link_latency +
                path.critical_path->transfer + path.critical_path->contention,
            path.makespan);
}

TEST_P(EveryModel, ReduceOpsTakeBytesOverReduceBandwidthOrNothing) {
  topology::Fabric f = island(2);
  Schedule s(2, {2000});
  const OpId send = s.add_send(1, 0, 0, Combine::REDUCE, Label{}, {});
  s.add_reduce(0, 0, Label{}, std::vector<OpId>{send});
  ExecutorOptions o = options(GetParam(), Time::zero());
  const RunResult free_reduce = execute(s, f, o);
  // 2 x 0.5 us + 2000 B / 100 GB/s = 1.02 us; the reduce is free.
  EXPECT_EQ(free_reduce.makespan.ps(), 1'020'000);
  o.reduce_bandwidth = Bandwidth::from_bytes_per_second(GBPS);
  const RunResult paid = execute(s, f, o);
  EXPECT_EQ(paid.makespan.ps(), 1'020'000 + 2'000'000);  // + 2000 B at 1 GB/s
  EXPECT_EQ(paid.critical_path->reduction.ps(), 2'000'000);
}

// The run keeps a route's first size with the route and any other size apart (OpState's
// cost): sends of several sizes on one route, reduces of several sizes, with a payload share
// that only sends pay.
TEST_P(EveryModel, SendsAndReducesOfSeveralSizesOnOneRouteEachTakeTheirOwn) {
  topology::Fabric f = island(2);
  const std::vector<core::Bytes> sizes{1000, 3000, 1000, 2000, 3000};
  Schedule s(2, sizes);
  ExecutorOptions o = options(GetParam());
  o.reduce_bandwidth = Bandwidth::from_bytes_per_second(GBPS);
  o.payload = {1, 2};  // every payload byte is two on the wire
  std::vector<OpId> sends;
  std::vector<OpId> reduces;
  for (algorithms::PieceId p = 0; p < sizes.size(); ++p) {
    std::vector<OpId> after;
    if (!sends.empty()) {
      after.push_back(sends.back());
    }
    sends.push_back(s.add_send(0, 1, p, Combine::REDUCE, Label{}, after));
    reduces.push_back(s.add_reduce(1, p, Label{}, std::vector<OpId>{sends.back()}));
  }
  const RunResult r = execute(s, f, o);
  ASSERT_EQ(r.timings.size(), s.size());
  std::int64_t end = 0;
  for (std::size_t p = 0; p < sizes.size(); ++p) {
    // 5 us + 2 x 0.5 us + 2·size B / 100 GB/s; then size B reduced at 1 GB/s.
    end += 6'000'000 + 2 * sizes[p] * 10;
    EXPECT_EQ(r.timings[sends[p]].end.ps(), end) << p;
    EXPECT_EQ(r.timings[reduces[p]].end.ps(), end + sizes[p] * 1000) << p;
  }
}

TEST_P(EveryModel, PlacementMustBeOneDistinctGpuPerRank) {
  topology::Fabric f = island(4);
  Schedule s(2, {8});
  s.add_send(0, 1, 0, Combine::COPY, Label{}, {});
  const auto gpus = f.gpus();
  const std::vector<topology::VertexId> twice{gpus[1], gpus[1]};
  EXPECT_THROW(execute(s, f, twice, options(GetParam())), std::invalid_argument);
  const std::vector<topology::VertexId> short_list{gpus[0]};
  EXPECT_THROW(execute(s, f, short_list, options(GetParam())), std::invalid_argument);
  const topology::VertexId nvswitch = *f.find_vertex("nvswitch");
  const std::vector<topology::VertexId> not_gpu{gpus[0], nvswitch};
  EXPECT_THROW(execute(s, f, not_gpu, options(GetParam())), std::invalid_argument);
  const std::vector<topology::VertexId> reversed{gpus[3], gpus[2]};
  EXPECT_EQ(execute(s, f, reversed, options(GetParam())).ops_completed, 1u);
  Schedule big(5, {8});
  big.add_send(0, 4, 0, Combine::COPY, Label{}, {});
  EXPECT_THROW(execute(big, f, options(GetParam())), std::invalid_argument);
}

TEST_P(EveryModel, AProtocolsFramingMakesMoreBytesCrossTheWire) {
  topology::Fabric f = island(2);
  Schedule s(2, {1200});
  s.add_send(0, 1, 0, Combine::COPY, Label{}, {});
  ExecutorOptions o = options(GetParam(), Time::zero());
  o.payload = cost::payload_share(cost::Protocol::LL128);         // 120 payload bytes per 128
  EXPECT_EQ(execute(s, f, o).makespan.ps(), 1'000'000 + 12'800);  // 1280 B at 100 GB/s
  o.payload = cost::payload_share(cost::Protocol::LL);            // 4 per 8-byte line
  EXPECT_EQ(execute(s, f, o).makespan.ps(), 1'000'000 + 24'000);
  o.payload = {2, 1};
  EXPECT_THROW(execute(s, f, o), std::invalid_argument);
  o.payload = {0, 1};
  EXPECT_THROW(execute(s, f, o), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(Models, EveryModel,
                         ::testing::Values(NetworkKind::IDEAL, NetworkKind::FLOW),
                         [](const ::testing::TestParamInfo<NetworkKind>& kind) {
                           return std::string(network_kind_name(kind.param));
                         });

TEST(Executor, IncastOnAParentDoublesTheBandwidthTermInTheFlowModelOnly) {
  // Both children of rank 0 send it S at once: they share rank 0's NVSwitch downlink.
  topology::Fabric f = island(3);
  constexpr core::Bytes S = 1'000'000;  // 10 us at 100 GB/s
  Schedule s(3, {S, S});
  s.add_send(1, 0, 0, Combine::REDUCE, Label{}, {});
  s.add_send(2, 0, 1, Combine::REDUCE, Label{}, {});
  const RunResult ideal = execute(s, f, options(NetworkKind::IDEAL, Time::zero()));
  const RunResult flow = execute(s, f, options(NetworkKind::FLOW, Time::zero()));
  EXPECT_EQ(ideal.makespan.ps(), 1'000'000 + 10'000'000);
  EXPECT_EQ(flow.makespan.ps(), 1'000'000 + 20'000'000);
  EXPECT_EQ(flow.critical_path->contention.ps(), 10'000'000);
  // Both models see that rank 0's downlink carried two transfers at once.
  const topology::VertexId gpu0 = f.gpus()[0];
  const topology::EdgeId down = f.links_into(gpu0)[0];
  EXPECT_EQ(ideal.link_stats[down].max_transfers, 2u);
  EXPECT_EQ(flow.link_stats[down].max_transfers, 2u);
  EXPECT_EQ(flow.link_stats[down].shared_time.ps(), 20'000'000);
}

TEST(Executor, ChannelsOnTheSameUplinkShareIt) {
  // Two channels between the same pair of GPUs: one uplink, one downlink, two flows.
  topology::Fabric f = island(2);
  constexpr core::Bytes S = 500'000;
  Schedule s(2, {S, S});
  Label c0;
  Label c1;
  c1.channel = 1;
  s.add_send(0, 1, 0, Combine::COPY, c0, {});
  s.add_send(0, 1, 1, Combine::COPY, c1, {});
  const RunResult ideal = execute(s, f, options(NetworkKind::IDEAL, Time::zero()));
  const RunResult flow = execute(s, f, options(NetworkKind::FLOW, Time::zero()));
  EXPECT_EQ(ideal.makespan.ps(), 1'000'000 + 5'000'000);
  EXPECT_EQ(flow.makespan.ps(), 1'000'000 + 10'000'000);
}

}  // namespace
}  // namespace collsim::sim
