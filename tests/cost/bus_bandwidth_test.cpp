#include "cost/bus_bandwidth.h"

#include <gtest/gtest.h>

#include "tests/algorithms/expect_invalid.h"

namespace collsim::cost {
namespace {
using algorithms::Collective;
using algorithms::expect_invalid;

constexpr Collective ALL[] = {Collective::ALL_REDUCE, Collective::REDUCE_SCATTER,
                              Collective::ALL_GATHER, Collective::BROADCAST, Collective::REDUCE};

TEST(BusBandwidth, FactorsAsNcclTestsDefinesThem) {
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::ALL_REDUCE, 8), 1.75);  // 2·7/8
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::REDUCE_SCATTER, 8), 0.875);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::ALL_GATHER, 8), 0.875);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::BROADCAST, 8), 1);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::REDUCE, 8), 1);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::ALL_REDUCE, 64), 1.96875);  // 126/64
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::ALL_REDUCE, 2), 1);
  EXPECT_DOUBLE_EQ(bus_bandwidth_factor(Collective::ALL_REDUCE, 1), 0);
}

// The worked example's ring at 1 GB: t = 0.0203175 s, algbw = 1e9 / t = 49.218 GB/s,
// busbw = algbw · 126/64 = 96.899 GB/s — near the 100 GB/s link, as busbw intends.
TEST(BusBandwidth, WorkedExampleRing) {
  const double algbw = algorithm_bandwidth(1e9, 0.0203175);
  EXPECT_NEAR(algbw, 49.2186e9, 0.0001e9);
  EXPECT_NEAR(bus_bandwidth(Collective::ALL_REDUCE, 64, algbw), 96.8992e9, 0.0001e9);
}

TEST(BusBandwidth, RoundTripPerCollective) {
  for (Collective c : ALL) {
    for (int p : {2, 3, 8, 64, 1000}) {
      for (double algbw : {1.0, 3.7e9, 123.456e9}) {
        const double bus = bus_bandwidth(c, p, algbw);
        EXPECT_NEAR(algorithm_bandwidth_from_bus(c, p, bus) / algbw, 1.0, 1e-15)
            << collective_name(c) << " p=" << p;
      }
    }
  }
}

TEST(BusBandwidth, RejectsBadArguments) {
  expect_invalid([] { bus_bandwidth_factor(Collective::ALL_REDUCE, 0); }, "p");
  expect_invalid([] { algorithm_bandwidth(1, 0); }, "seconds");
  expect_invalid([] { algorithm_bandwidth(-1, 1); }, "bytes");
  expect_invalid([] { algorithm_bandwidth_from_bus(Collective::ALL_GATHER, 1, 1e9); }, "p");
  // A factor of 1 inverts for one rank.
  EXPECT_EQ(algorithm_bandwidth_from_bus(Collective::BROADCAST, 1, 1e9), 1e9);
}

}  // namespace
}  // namespace collsim::cost
