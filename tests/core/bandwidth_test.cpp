#include "core/bandwidth.h"

#include <stdexcept>

#include <gtest/gtest.h>

namespace collsim::core {
namespace {

TEST(TransferTime, ExactOnThePicosecondGridRoundingUp) {
  const Bandwidth b100 = Bandwidth::from_bytes_per_second(100'000'000'000);
  EXPECT_EQ(transfer_time(Bytes{1024}, b100).ps(), 10240);
  EXPECT_EQ(transfer_time(Bytes{1}, b100).ps(), 10);
  EXPECT_EQ(transfer_time(Bytes{0}, b100).ps(), 0);
  const Bandwidth b3 = Bandwidth::from_bytes_per_second(3);
  EXPECT_EQ(transfer_time(Bytes{1}, b3).ps(), 333'333'333'334);  // ceil(1e12 / 3)
  EXPECT_EQ(transfer_time(Bytes{3}, b3).ps(), 1'000'000'000'000);
  EXPECT_EQ(transfer_time(Picobytes{7}, b3).ps(), 3);
}

TEST(TransferTime, OverflowIsAnErrorNotAWrap) {
  const Bandwidth slow = Bandwidth::from_bytes_per_second(1);
  EXPECT_THROW(transfer_time(Bytes{1} << 40, slow), std::overflow_error);
}

}  // namespace
}  // namespace collsim::core
