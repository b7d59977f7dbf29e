#include "scenarios/size_sweep.h"

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "tests/error_text.h"

namespace collsim::scenarios {
namespace {

using Sizes = std::vector<core::Bytes>;

TEST(SizeSweep, Geometric) {
  // 2^10, 2^12, ..., 2^30: 11 sizes.
  const Sizes by4 = size_sweep(1024, core::Bytes{1} << 30, 4);
  ASSERT_EQ(by4.size(), 11u);
  EXPECT_EQ(by4.front(), 1024);
  EXPECT_EQ(by4[1], 4096);
  EXPECT_EQ(by4.back(), core::Bytes{1} << 30);
  EXPECT_EQ(size_sweep(1024, core::Bytes{1} << 30, 2).size(), 21u);
  // `to` is not on the sequence: stop below it.
  EXPECT_EQ(size_sweep(1000, 5000, 2), (Sizes{1000, 2000, 4000}));
  EXPECT_EQ(size_sweep(8, 8, 2), (Sizes{8}));
  // No overflow at the top of the range.
  const core::Bytes top = std::numeric_limits<core::Bytes>::max();
  EXPECT_EQ(size_sweep(core::Bytes{1} << 62, top, 2), (Sizes{core::Bytes{1} << 62}));
  EXPECT_EQ(size_sweep(1, top, 2).size(), 63u);  // 2^0 .. 2^62
}

TEST(SizeSweep, RejectsBadRanges) {
  EXPECT_THROW(size_sweep(0, 1024, 2), std::invalid_argument);
  EXPECT_THROW(size_sweep(2048, 1024, 2), std::invalid_argument);
  EXPECT_THROW(size_sweep(1024, 2048, 1), std::invalid_argument);
  EXPECT_THROW(size_sweep(1024, 2048, -2), std::invalid_argument);
}

TEST(SizeSweep, ParsesTheFlagForm) {
  EXPECT_EQ(parse_size_sweep("1KiB:4KiB:x2"), (Sizes{1024, 2048, 4096}));
  EXPECT_EQ(parse_size_sweep("1KB:1MB:x10"), (Sizes{1000, 10000, 100000, 1000000}));
  EXPECT_EQ(parse_size_sweep("8B:8B:x2"), (Sizes{8}));
}

TEST(SizeSweep, RejectsBadText) {
  for (const char* bad :
       {"", "1KiB", "1KiB:1GiB", "1KiB:1GiB:x2:x3", "1KiB:1GiB:2", "1KiB:1GiB:x", "1KiB:1GiB:x1",
        "1KiB:1GiB:x0", "1KiB:1GiB:x-2", "1KiB:1GiB:x2.5", "1KiB:1GiB:x2x", "1KiB:1GiB: x2",
        "1KiB:1GiB:x99999999999", "1024:1GiB:x2", "1KiB:1Gb:x2", "0B:1GiB:x2", "1GiB:1KiB:x2",
        ":1GiB:x2", "1KiB::x2"}) {
    EXPECT_THROW(parse_size_sweep(bad), std::invalid_argument) << bad;
  }
}

TEST(SizeSweep, MessagesSayWhatIsWrong) {
  auto message = [](const char* text) {
    return tests::error_text<std::invalid_argument>([&] { parse_size_sweep(text); });
  };
  EXPECT_EQ(message("1KiB:1GiB"), "'1KiB:1GiB': expected FROM:TO:xFACTOR such as 1KiB:1GiB:x2");
  EXPECT_EQ(message("1GiB:1KiB:x2"), "the sweep ends (1KiB) before it starts (1GiB)");
  EXPECT_EQ(message("1KiB:1GiB:x1"), "the sweep factor must be at least 2 (got 1)");
  EXPECT_EQ(message("0B:1GiB:x2"), "the sweep must start at 1 B or more (got 0 B)");
  EXPECT_EQ(message("1KiB:1GiB:x99999999999"),
            "'1KiB:1GiB:x99999999999': the factor 'x99999999999' is too large");
}

}  // namespace
}  // namespace collsim::scenarios
