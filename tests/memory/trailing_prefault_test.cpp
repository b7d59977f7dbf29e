#include "memory/trailing_prefault.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/memory/fresh_mapping.h"

namespace collsim::memory {
namespace {

constexpr std::uintptr_t MIB = std::uintptr_t{1} << 20;
using Cursor = TrailingPrefault::Cursor;
using Step = BackgroundPrefault::Step;

using testing::FreshMapping;

// Addresses only, nothing touched: range a is 7 MiB from a 2 MiB boundary plus 1 MiB, range
// b 20 MiB on a boundary.
constexpr std::uintptr_t A = 1001 * 2 * MIB + MIB;
constexpr std::uintptr_t B = 3000 * 2 * MIB;

std::vector<Cursor> two_cursors() {
  auto range = [](std::uintptr_t at, std::uintptr_t bytes) {
    return std::span<std::byte>(reinterpret_cast<std::byte*>(at), bytes);
  };
  return {TrailingPrefault::cursor(range(A, 7 * MIB), 4096),
          TrailingPrefault::cursor(range(B, 20 * MIB), 4096)};
}

void expect_step(const std::optional<Step>& s, std::uintptr_t begin, std::uintptr_t end) {
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->begin, begin);
  EXPECT_EQ(s->end, end);
}

TEST(TrailingPrefault, StepsFromTheFrontWithinOneHugePageServingTheLeastLedRange) {
  std::vector<Cursor> c = two_cursors();
  // Owners at their starts: a first (ties: the earlier range), up to its first 2 MiB
  // boundary; then b, whose lead (0) is now the smaller.
  const std::array<std::uintptr_t, 2> marks{A, B};
  expect_step(TrailingPrefault::next_step(c, marks), A, A + MIB);
  expect_step(TrailingPrefault::next_step(c, marks), B, B + 2 * MIB);
  expect_step(TrailingPrefault::next_step(c, marks), A + MIB, A + 3 * MIB);
  expect_step(TrailingPrefault::next_step(c, marks), B + 2 * MIB, B + 4 * MIB);
}

TEST(TrailingPrefault, NeverGoesMoreThanLeadPastTheOwner) {
  std::vector<Cursor> c = two_cursors();
  std::array<std::uintptr_t, 2> marks{A + 7 * MIB, B};  // a wholly written: nothing to do
  std::vector<Step> steps;
  while (const auto s = TrailingPrefault::next_step(c, marks)) {
    steps.push_back(*s);
  }
  // b up to its owner's mark plus LEAD (8 MiB): four 2 MiB pages, then nothing.
  ASSERT_EQ(steps.size(), TrailingPrefault::LEAD / (2 * MIB));
  EXPECT_EQ(steps.back().end, B + TrailingPrefault::LEAD);
  // The owner moves on 3 MiB: pages that start less than LEAD past it are due.
  marks[1] = B + 3 * MIB;
  expect_step(TrailingPrefault::next_step(c, marks), B + 8 * MIB, B + 10 * MIB);
  expect_step(TrailingPrefault::next_step(c, marks), B + 10 * MIB, B + 12 * MIB);
  EXPECT_FALSE(TrailingPrefault::next_step(c, marks).has_value());
}

TEST(TrailingPrefault, SkipsPastTheHugePageOfAnOwnerThatOvertookIt) {
  std::vector<Cursor> c = two_cursors();
  const std::array<std::uintptr_t, 2> marks{A, B + 5 * MIB + 4096};
  expect_step(TrailingPrefault::next_step(c, marks), A, A + MIB);  // a's lead 0 is smaller
  // b's owner is inside its third huge page: the helper starts at the fourth.
  expect_step(TrailingPrefault::next_step(c, marks), B + 6 * MIB, B + 8 * MIB);
}

TEST(TrailingPrefault, PopulatesAheadOfTheOwnerAndGivesBackWhatItsOwnerDidNotUse) {
  const std::size_t bytes = 64 * MIB;
  FreshMapping m(bytes);
  ASSERT_EQ(m.resident_pages(0, bytes), 0u);
  const std::size_t used = 10 * MIB + 123;
  {
    TrailingPrefault prefault({{m.data(), bytes}});
    prefault.advance(0, used);
    // It stops LEAD past the mark, wherever that ends; wait until it has got there.
    const std::size_t reach = 10 * MIB + TrailingPrefault::LEAD;
    for (int i = 0; i < 2000 && m.resident_pages(reach, 2 * MIB) == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_GT(m.resident_pages(12 * MIB, reach - 12 * MIB), 0u);
    EXPECT_EQ(m.resident_pages(reach + 2 * MIB, bytes - reach - 2 * MIB), 0u);
    std::fill(m.data(), m.data() + used, std::byte{7});
    const std::array<std::size_t, 1> final_use{used};
    prefault.finish(final_use);
  }
  // Past the owner's use (rounded up to a page), nothing stays resident; its bytes stay.
  const std::size_t kept = (used + BackgroundPrefault::page_size() - 1) /
                           BackgroundPrefault::page_size() * BackgroundPrefault::page_size();
  EXPECT_EQ(m.resident_pages(kept, bytes - kept), 0u);
  EXPECT_TRUE(
      std::all_of(m.data(), m.data() + used, [](std::byte b) { return b == std::byte{7}; }));
}

TEST(TrailingPrefault, LeavesSmallRangesAlone) {
  const std::size_t bytes = BackgroundPrefault::MIN_BYTES / 2;
  FreshMapping m(bytes);
  {
    TrailingPrefault prefault({{m.data(), bytes}});
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::array<std::size_t, 1> used{0};
    prefault.finish(used);
  }
  EXPECT_EQ(m.resident_pages(0, bytes), 0u);
}

TEST(TrailingPrefault, DestructionStopsAndJoinsWithoutGivingBack) {
  const std::size_t bytes = 64 * MIB;
  FreshMapping m(bytes);
  {
    TrailingPrefault prefault({{m.data(), bytes}});
    for (int i = 0; i < 2000 && m.resident_pages(0, 2 * MIB) == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
  // Started (its first page is there), stopped within its lead of a mark at 0.
  EXPECT_GT(m.resident_pages(0, 2 * MIB), 0u);
  EXPECT_EQ(
      m.resident_pages(TrailingPrefault::LEAD + 2 * MIB, bytes - TrailingPrefault::LEAD - 2 * MIB),
      0u);
}

}  // namespace
}  // namespace collsim::memory
