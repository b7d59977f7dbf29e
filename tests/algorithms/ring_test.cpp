#include "algorithms/ring.h"

#include <algorithm>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "algorithms/dataflow_checker.h"
#include "algorithms/schedule_stats.h"

namespace collsim::algorithms {
namespace {

std::vector<OpId> deps_of(const Schedule& s, OpId i) {
  return {s.deps(i).begin(), s.deps(i).end()};
}

TEST(Ring, OrderIsNodeMajorAndChannelsRotateInsideNodes) {
  const RankLayout two_by_four = RankLayout::uniform(2, 4);
  EXPECT_EQ(ring_order(two_by_four, 0), (std::vector<Rank>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Channel 1 starts each node at local 1: node 0 = 1 2 3 0, node 1 = 5 6 7 4.
  EXPECT_EQ(ring_order(two_by_four, 1), (std::vector<Rank>{1, 2, 3, 0, 5, 6, 7, 4}));
  EXPECT_EQ(ring_order(two_by_four, 5), ring_order(two_by_four, 1));
  // Uneven nodes {3, 1}, channel 2: node 0 starts at local 2 (2 0 1), node 1 at 2 mod 1 = 0.
  EXPECT_EQ(ring_order(RankLayout({3, 1}, 1), 2), (std::vector<Rank>{2, 0, 1, 3}));
}

// Whether the hop from position i to i+1 (wrapping) of `ring` joins two nodes.
bool crosses_nodes(const RankLayout& layout, const std::vector<Rank>& ring, std::size_t i) {
  return layout.node_of(ring[i]) != layout.node_of(ring[(i + 1) % ring.size()]);
}

TEST(NcclRing, TwoEightGpuNodesWithANicPerGpuRunNcclsMirroredPairs) {
  // The worked example of the reference (2 x DGX-H100-class, GPU i on NIC i): channel 0
  // walks node 0 down from GPU 0 and leaves from GPU 1; node 1 is odd and runs channel 1's
  // order, up from GPU 1 (rank 9) to GPU 0 (rank 8), so both hops between the nodes stay on
  // rails 1 and 0.
  const RankLayout layout = RankLayout::uniform(2, 8);
  EXPECT_EQ(nccl_ring_order(layout, 0),
            (std::vector<Rank>{0, 7, 6, 5, 4, 3, 2, 1, 9, 10, 11, 12, 13, 14, 15, 8}));
  EXPECT_EQ(nccl_ring_order(layout, 1),
            (std::vector<Rank>{1, 2, 3, 4, 5, 6, 7, 0, 8, 15, 14, 13, 12, 11, 10, 9}));
  EXPECT_EQ(nccl_ring_order(layout, 6),
            (std::vector<Rank>{6, 5, 4, 3, 2, 1, 0, 7, 15, 8, 9, 10, 11, 12, 13, 14}));
  // Channels past the NIC count repeat (NCCL's duplicated channels).
  EXPECT_EQ(nccl_ring_order(layout, 9), nccl_ring_order(layout, 1));
}

TEST(NcclRing, GpusSharingANicEnterAndLeaveThroughIt) {
  // 8 GPUs on 4 NICs: channel c enters at NIC c's first GPU 2c and walks down to 2c + 1.
  const RankLayout layout = RankLayout::uniform(1, 8, 4);
  EXPECT_EQ(nccl_ring_order(layout, 1), (std::vector<Rank>{2, 1, 0, 7, 6, 5, 4, 3}));
  EXPECT_EQ(nccl_ring_order(layout, 4), nccl_ring_order(layout, 0));
}

TEST(NcclRing, EveryHopBetweenNodesStaysOnOneRailWithAnEvenNodeCount) {
  for (const auto& [gpus, nics] :
       {std::pair{8u, 8u}, {8u, 4u}, {8u, 2u}, {4u, 4u}, {2u, 2u}, {8u, 1u}, {6u, 3u}}) {
    for (Rank nodes : {2u, 3u, 4u, 5u, 10u}) {
      const RankLayout layout = RankLayout::uniform(nodes, gpus, nics);
      for (std::uint32_t c = 0; c < 2 * nics; ++c) {
        const std::vector<Rank> ring = nccl_ring_order(layout, c);
        std::vector<Rank> sorted = ring;
        std::sort(sorted.begin(), sorted.end());
        for (Rank r = 0; r < layout.num_ranks(); ++r) {
          ASSERT_EQ(sorted[r], r) << "channel " << c << " is not a permutation";
        }
        int crossing = 0;
        for (std::size_t i = 0; i < ring.size(); ++i) {
          if (crosses_nodes(layout, ring, i) &&
              layout.nic_of(ring[i]) != layout.nic_of(ring[(i + 1) % ring.size()])) {
            ++crossing;
            // Only the wrap-around from the last node (even-numbered when the count is odd)
            // back to node 0 may cross, and only when GPUs have NICs of their own.
            EXPECT_EQ(i, ring.size() - 1);
            EXPECT_EQ(nodes % 2, 1u);
            EXPECT_EQ(gpus, nics);
          }
        }
        EXPECT_LE(crossing, 1) << nodes << "x" << gpus << " on " << nics << " NICs, channel " << c;
      }
    }
  }
}

TEST(NcclRing, OneChannelPerNicLoadsEveryNicOnceEachWay) {
  // The first N channels enter each node once through every NIC and leave once through
  // every NIC, as NCCL's search spends each NIC's bandwidth on one channel each way.
  for (const std::uint32_t nics : {8u, 4u}) {
    const RankLayout layout = RankLayout::uniform(4, 8, nics);
    for (Rank node = 0; node < layout.num_nodes(); ++node) {
      std::vector<int> in(nics, 0);
      std::vector<int> out(nics, 0);
      for (std::uint32_t c = 0; c < nics; ++c) {
        const std::vector<Rank> ring = nccl_ring_order(layout, c);
        for (std::size_t i = 0; i < ring.size(); ++i) {
          if (crosses_nodes(layout, ring, i)) {
            const Rank to = ring[(i + 1) % ring.size()];
            if (layout.node_of(ring[i]) == node) {
              ++out[layout.nic_of(ring[i])];
            }
            if (layout.node_of(to) == node) {
              ++in[layout.nic_of(to)];
            }
          }
        }
      }
      EXPECT_EQ(in, std::vector<int>(nics, 1)) << nics << " NICs, node " << node;
      EXPECT_EQ(out, std::vector<int>(nics, 1)) << nics << " NICs, node " << node;
    }
  }
}

TEST(NcclRing, SendsWhatTheRingSendsOnItsOwnOrder) {
  GenerateOptions o;
  o.channels = 4;
  const RankLayout layout = RankLayout::uniform(2, 4);
  const Schedule ring = generate_ring(Collective::ALL_REDUCE, 1 << 20, layout, o);
  const Schedule nccl = generate_nccl_ring(Collective::ALL_REDUCE, 1 << 20, layout, o);
  EXPECT_EQ(nccl.size(), ring.size());
  EXPECT_EQ(schedule_stats(nccl).sends, schedule_stats(ring).sends);
  EXPECT_TRUE(check_dataflow(nccl).ok());
  // Its first send on channel 0 goes down from rank 0 to rank 3, where the flat ring goes up.
  EXPECT_EQ(nccl.op(0).src, 0u);
  EXPECT_EQ(nccl.op(0).dst, 3u);
}

TEST(Ring, AllReduceOpCountsAreTwoStepsPerRankPerPiece) {
  // 2(p−1) steps × p segments × k chunks × channels: p = 5, k = 3, 2 channels = 240 sends;
  // REDUCE ops follow the reduce-scatter half: 120.
  GenerateOptions o;
  o.channels = 2;
  o.chunks = 3;
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 1 << 20, RankLayout::uniform(5, 1), o);
  EXPECT_EQ(schedule_stats(s).sends, 240u);
  EXPECT_EQ(schedule_stats(s).reduces, 0u);
  o.emit_reduce_ops = true;
  const Schedule r = generate_ring(Collective::ALL_REDUCE, 1 << 20, RankLayout::uniform(5, 1), o);
  EXPECT_EQ(schedule_stats(r).sends, 240u);
  EXPECT_EQ(schedule_stats(r).reduces, 120u);
  // The benchmark's case scaled down: 1 channel, 1 chunk: 2(p−1)·p sends (2,095,104 for
  // p = 1024, a count generated in the release benchmark, too slow for a sanitised test).
  for (Rank p : {2u, 3u, 16u, 64u}) {
    EXPECT_EQ(generate_ring(Collective::ALL_REDUCE, 1 << 20, RankLayout::uniform(p, 1), {}).size(),
              2u * (p - 1) * p)
        << p;
  }
}

TEST(Ring, MemoryBytesIsWhatTheScheduleHolds) {
  // 28 B per op, 4 B per dependency and per op offset (+1), 8 B per piece; the storage
  // reserved for the generator's bound is not counted.
  GenerateOptions o;
  o.channels = 3;
  o.emit_reduce_ops = true;
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 1 << 20, RankLayout::uniform(3, 4), o);
  EXPECT_EQ(s.memory_bytes(),
            s.size() * 28 + (s.size() + 1) * 4 + s.num_dependencies() * 4 + s.num_pieces() * 8);
}

TEST(Ring, EveryRankSendsTwoPMinusOneOverPOfTheMessage) {
  // p = 8, S = 8 MiB: each rank sends and receives 2·7/8·8 MiB = 14 MiB.
  const core::Bytes S = core::Bytes{8} << 20;
  for (const RankLayout& layout : {RankLayout::uniform(8, 1), RankLayout::uniform(2, 4)}) {
    const ScheduleStats st = schedule_stats(generate_ring(Collective::ALL_REDUCE, S, layout, {}));
    for (Rank r = 0; r < 8; ++r) {
      EXPECT_EQ(st.bytes_sent[r], core::Bytes{14} << 20) << r;
      EXPECT_EQ(st.bytes_received[r], core::Bytes{14} << 20) << r;
    }
  }
}

TEST(Ring, CriticalPathIsTwoPMinusOneSteps) {
  // One chunk: 2(p−1). With k chunks every connection carries 2(p−1)·k sends, one in flight
  // at a time (FIFO), so its sends form a chain of 2(p−1)·k whether or not chunks are
  // pipelined (pipelining only lets a chunk go on before its step's last chunk arrived).
  GenerateOptions o;
  EXPECT_EQ(schedule_stats(generate_ring(Collective::ALL_REDUCE, 800, RankLayout::uniform(8, 1), o))
                .critical_path_sends,
            14u);
  o.chunks = 4;
  EXPECT_EQ(schedule_stats(generate_ring(Collective::ALL_REDUCE, 800, RankLayout::uniform(8, 1), o))
                .critical_path_sends,
            56u);
  o.pipeline = false;
  EXPECT_EQ(schedule_stats(generate_ring(Collective::ALL_REDUCE, 800, RankLayout::uniform(8, 1), o))
                .critical_path_sends,
            56u);
  o = {};
  o.emit_reduce_ops = true;  // REDUCE ops are not steps
  EXPECT_EQ(
      schedule_stats(generate_ring(Collective::ALL_REDUCE, 800, RankLayout::uniform(33, 1), o))
          .critical_path_sends,
      64u);
}

TEST(Ring, SendsThePeersPartsInThePeersOrder) {
  // S = 10 on 4 ranks: parts 2, 3, 2, 3. Reduce-scatter step s: rank r sends part (r − s)
  // mod 4; all-gather step t: part (r + 1 − t) mod 4 (SimGrid peer's chunk()).
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 10, RankLayout::uniform(4, 1), {});
  ASSERT_EQ(s.size(), 24u);
  const core::Bytes part[] = {2, 3, 2, 3};
  for (OpId i = 0; i < 24; ++i) {
    const Op& o = s.op(i);
    const Rank r = i % 4;
    const std::uint32_t step = i / 4;
    EXPECT_EQ(o.src, r) << i;
    EXPECT_EQ(o.dst, (r + 1) % 4) << i;
    EXPECT_EQ(o.label.step, step) << i;
    const Rank expected_part = step < 3 ? (r + 4 - step) % 4 : (r + 1 + 4 - (step - 3)) % 4;
    EXPECT_EQ(s.bytes(i), part[expected_part]) << i;
    EXPECT_EQ(o.combine, step < 3 ? Combine::REDUCE : Combine::COPY) << i;
    EXPECT_EQ(o.label.phase, step < 3 ? Phase::REDUCE_SCATTER : Phase::ALL_GATHER) << i;
  }
}

TEST(Ring, DependenciesAreTheDataAndTheConnectionFifo) {
  // p = 3, one chunk: ops in step order, rank order: step 0 = ops 0 (0->1), 1 (1->2),
  // 2 (2->0); step 1 = ops 3, 4, 5. Op 4 (1->2, step 1) forwards what op 0 brought and
  // waits for op 1, the previous send on 1->2.
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 300, RankLayout::uniform(3, 1), {});
  EXPECT_TRUE(deps_of(s, 0).empty());
  EXPECT_EQ(deps_of(s, 4), (std::vector<OpId>{0, 1}));
  EXPECT_EQ(deps_of(s, 3), (std::vector<OpId>{0, 2}));
  // With REDUCE ops each reduce-scatter send is followed by the fold on its receiver, and
  // the forward waits for the fold: op 0 = 0->1, op 1 = reduce on 1, op 6 = 0->1 step 1
  // waits for op 5 (reduce on 0 of what 2->0 brought) and op 0.
  GenerateOptions o;
  o.emit_reduce_ops = true;
  const Schedule r = generate_ring(Collective::ALL_REDUCE, 300, RankLayout::uniform(3, 1), o);
  EXPECT_EQ(r.op(1).kind, OpKind::REDUCE);
  EXPECT_EQ(r.op(1).src, 1u);
  EXPECT_EQ(deps_of(r, 1), (std::vector<OpId>{0}));
  EXPECT_EQ(r.op(6).src, 0u);
  EXPECT_EQ(deps_of(r, 6), (std::vector<OpId>{0, 5}));
}

TEST(Ring, PipelinedChunksMoveOnAsSoonAsTheyArrive) {
  // p = 2, k = 2: step 0 sends chunk 0 then 1 on each connection; at step 1 rank 0 sends
  // chunk j after receiving chunk j of step 0 from rank 1.
  GenerateOptions o;
  o.chunks = 2;
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 400, RankLayout::uniform(2, 1), o);
  // ops: step 0: 0 (0->1 c0), 1 (0->1 c1), 2 (1->0 c0), 3 (1->0 c1); step 1: 4 (0->1 c0) ...
  EXPECT_EQ(deps_of(s, 4), (std::vector<OpId>{1, 2}));
  EXPECT_EQ(deps_of(s, 5), (std::vector<OpId>{3, 4}));
  o.pipeline = false;  // chunk 0 of step 1 also waits for chunk 1 of step 0 (op 3)
  const Schedule t = generate_ring(Collective::ALL_REDUCE, 400, RankLayout::uniform(2, 1), o);
  EXPECT_EQ(deps_of(t, 4), (std::vector<OpId>{1, 2, 3}));
}

TEST(Ring, ChannelsAreIndependentAndLabelled) {
  GenerateOptions o;
  o.channels = 2;
  const Schedule s = generate_ring(Collective::ALL_REDUCE, 1000, RankLayout::uniform(2, 2), o);
  // Each channel: 2·3·4 = 24 sends over its own half of the message.
  ASSERT_EQ(s.size(), 48u);
  core::Bytes per_channel[2] = {0, 0};
  for (OpId i = 0; i < s.size(); ++i) {
    per_channel[s.op(i).label.channel] += s.bytes(i);
    for (OpId d : s.deps(i)) {
      EXPECT_EQ(s.op(d).label.channel, s.op(i).label.channel);
    }
  }
  // 2(p−1)/p of each 500-byte half: 1.5 · 500 · 4 ranks.
  EXPECT_EQ(per_channel[0], 3000);
  EXPECT_EQ(per_channel[1], 3000);
  // Channels side by side, step by step: channel 0's four step-0 sends, then channel 1's,
  // whose ring is 1 0 3 2: its first send leaves rank 1 for rank 0.
  for (OpId i = 0; i < 4; ++i) {
    EXPECT_EQ(s.op(i).label.channel, 0u);
    EXPECT_EQ(s.op(i).label.step, 0u);
  }
  EXPECT_EQ(s.op(4).label.channel, 1u);
  EXPECT_EQ(s.op(4).label.step, 0u);
  EXPECT_EQ(s.op(4).src, 1u);
  EXPECT_EQ(s.op(4).dst, 0u);
}

TEST(Ring, BuildingBlocksOwnAndGatherByRank) {
  // ReduceScatter on 4 ranks: rank r owns part r; half the AllReduce's sends.
  const Schedule rs = generate_ring(Collective::REDUCE_SCATTER, 40, RankLayout::uniform(4, 1), {});
  EXPECT_EQ(rs.size(), 12u);
  EXPECT_EQ(rs.collective(), Collective::REDUCE_SCATTER);
  for (PieceId x = 0; x < 4; ++x) {
    EXPECT_EQ(rs.leaf_owner(x), x);
  }
  EXPECT_TRUE(check_dataflow(rs).ok()) << check_dataflow(rs).describe();
  const Schedule ag = generate_ring(Collective::ALL_GATHER, 40, RankLayout::uniform(4, 1), {});
  EXPECT_EQ(ag.size(), 12u);
  EXPECT_TRUE(check_dataflow(ag).ok()) << check_dataflow(ag).describe();
  // Broadcast from rank 2 as a pipelined chain 2 -> 3 -> 0 -> 1: (p−1)·k sends.
  GenerateOptions o;
  o.root = 2;
  o.chunks = 4;
  const Schedule b = generate_ring(Collective::BROADCAST, 40, RankLayout::uniform(4, 1), o);
  EXPECT_EQ(b.size(), 12u);
  EXPECT_EQ(b.op(0).src, 2u);
  EXPECT_EQ(b.op(0).dst, 3u);
  // Chain of 3 hops, 4 chunks: 3 + 3.
  EXPECT_EQ(schedule_stats(b).critical_path_sends, 6u);
  EXPECT_TRUE(check_dataflow(b).ok()) << check_dataflow(b).describe();
}

TEST(Ring, SmallAndEmptyMessagesKeepTheShape) {
  // S = 0 and S = 3 < p pieces: the same 2(p−1)·p sends, pieces of 0 or 1 byte.
  for (core::Bytes S : {0, 3}) {
    const Schedule s = generate_ring(Collective::ALL_REDUCE, S, RankLayout::uniform(6, 1), {});
    EXPECT_EQ(s.size(), 60u);
    EXPECT_EQ(s.total_bytes(), S);
    EXPECT_TRUE(check_dataflow(s).ok());
  }
}

}  // namespace
}  // namespace collsim::algorithms
