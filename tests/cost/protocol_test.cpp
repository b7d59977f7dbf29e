#include "cost/protocol.h"

#include <gtest/gtest.h>

#include "cost/allreduce_models.h"
#include "cost/crossover.h"
#include "core/units.h"

namespace collsim::cost {
namespace {
using algorithms::Algorithm;

TEST(Protocol, NamesRoundTrip) {
  for (Protocol p : all_protocols()) {
    EXPECT_EQ(parse_protocol(protocol_name(p)), p);
  }
  EXPECT_EQ(protocol_name(Protocol::LL128), "ll128");
  EXPECT_FALSE(parse_protocol("LL").has_value());
  EXPECT_FALSE(parse_protocol("").has_value());
  EXPECT_EQ(link_type_name(LinkType::NET), "net");
}

// The line formats and NCCL 2.20.3's tuning tables (see protocol.h).
TEST(Protocol, Defaults) {
  const ProtocolCost ll = protocol_cost(Protocol::LL, LinkType::NET);
  EXPECT_EQ(ll.payload_fraction, 0.5);
  EXPECT_EQ(ll.step_latency, core::parse_time("2.7us"));
  EXPECT_EQ(ll.launch_latency, core::parse_time("6.6us"));
  const ProtocolCost ll128 = protocol_cost(Protocol::LL128, LinkType::NVLINK);
  EXPECT_EQ(ll128.payload_fraction, 0.9375);
  EXPECT_EQ(ll128.step_latency, core::parse_time("1.9us"));
  EXPECT_EQ(ll128.launch_latency, core::parse_time("14us"));
  const ProtocolCost simple = protocol_cost(Protocol::SIMPLE, LinkType::PCI);
  EXPECT_EQ(simple.payload_fraction, 1.0);
  EXPECT_EQ(simple.step_latency, core::parse_time("5.7us"));
  EXPECT_EQ(simple.launch_latency, core::parse_time("8.4us"));
  EXPECT_EQ(protocol_cost(Protocol::SIMPLE, LinkType::NET).step_latency, core::parse_time("14us"));
  EXPECT_EQ(protocol_cost(Protocol::LL, LinkType::NVLINK).step_latency, core::parse_time("0.6us"));
}

TEST(Protocol, ChangesAlphaAndBandwidth) {
  const HopCost hop = with_protocol({5e-6, 1e11}, protocol_cost(Protocol::LL128, LinkType::NVLINK));
  EXPECT_DOUBLE_EQ(hop.alpha_s, 6.9e-6);
  EXPECT_DOUBLE_EQ(hop.bytes_per_second, 9.375e10);
}

// The worked example under LL (64 nodes: NET latencies), S = 1 KiB:
//   6.6 µs launch + 126·(5 + 2.7) µs + 2·63/64 · 1024 / (0.5·1e11) = 976.8 µs + 0.04032 µs
TEST(Protocol, RingUnderLowLatency) {
  ModelParams p;
  p.world = 64;
  p.alpha = core::parse_time("5us");
  p.ring_bw = p.tree_bw = core::parse_bandwidth("100GB/s");
  p.protocol = ProtocolMode::LL;
  const AllReduceModels models(p);
  const Evaluation e = models.model(Algorithm::RING).evaluate(1024);
  EXPECT_NEAR(e.seconds, 976.84032e-6, 1e-15);
  EXPECT_EQ(e.protocol, Protocol::LL);
}

// One node of 8 GPUs (NVLink latencies), α = 0, B = 100 GB/s, ring of 14 steps:
//   LL     6.6 + 14·0.6 = 15.0 µs,  slope 1.75 / 5e10     = 3.5e-11 s/B
//   LL128  14 + 14·1.9  = 40.6 µs,  slope 1.75 / 9.375e10 = 1.8667e-11 s/B
//   Simple 8.4 + 14·3.4 = 56.0 µs,  slope 1.75 / 1e11     = 1.75e-11 s/B
// LL = LL128 at 25.6 µs / 1.6333e-11 = 1.567 MB; LL128 = Simple at 15.4 µs / 1.1667e-12 =
// 13.2 MB. `auto` shows the slope change: LL, then LL128, then Simple.
TEST(Protocol, AutoPicksTheFastestPerSize) {
  ModelParams p;
  p.world = 8;
  p.gpus_per_node = 8;
  p.alpha = core::Time::zero();
  p.ring_bw = p.tree_bw = core::parse_bandwidth("100GB/s");
  p.protocol = ProtocolMode::AUTO;
  const AllReduceModels models(p);
  const CostModel& ring = models.model(Algorithm::RING);
  EXPECT_EQ(ring.evaluate(1e6).protocol, Protocol::LL);
  EXPECT_NEAR(ring.evaluate(1e6).seconds, 15e-6 + 35e-6, 1e-15);
  EXPECT_EQ(ring.evaluate(4e6).protocol, Protocol::LL128);
  EXPECT_NEAR(ring.evaluate(4e6).seconds, 40.6e-6 + 1.75 / 9.375e10 * 4e6, 1e-15);
  EXPECT_EQ(ring.evaluate(64e6).protocol, Protocol::SIMPLE);
  EXPECT_NEAR(ring.evaluate(64e6).seconds, 56e-6 + 1.75e-11 * 64e6, 1e-15);
  EXPECT_FALSE(ring.affine().has_value());

  // The crossovers of the fixed-protocol models, closed form.
  auto fixed = [&](ProtocolMode m) {
    ModelParams q = p;
    q.protocol = m;
    return AllReduceModels(q).model(Algorithm::RING);
  };
  const Crossover ll_ll128 = crossover(fixed(ProtocolMode::LL), fixed(ProtocolMode::LL128));
  ASSERT_EQ(ll_ll128.kind, CrossoverKind::AT);
  EXPECT_NEAR(ll_ll128.bytes, 25.6e-6 / (3.5e-11 - 1.75 / 9.375e10), 1e-3);
  EXPECT_NEAR(ll_ll128.bytes, 1.567e6, 0.001e6);
  const Crossover ll128_simple = crossover(fixed(ProtocolMode::LL128), fixed(ProtocolMode::SIMPLE));
  ASSERT_EQ(ll128_simple.kind, CrossoverKind::AT);
  EXPECT_NEAR(ll128_simple.bytes, 13.2e6, 0.001e6);
}

TEST(Protocol, ModeNames) {
  for (ProtocolMode m : {ProtocolMode::NONE, ProtocolMode::LL, ProtocolMode::LL128,
                         ProtocolMode::SIMPLE, ProtocolMode::AUTO}) {
    EXPECT_EQ(parse_protocol_mode(protocol_mode_name(m)), m);
  }
  EXPECT_FALSE(parse_protocol_mode("fast").has_value());
}

}  // namespace
}  // namespace collsim::cost
