#include "memory/background_prefault.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "tests/memory/fresh_mapping.h"

namespace collsim::memory {
namespace {

using testing::FreshMapping;

TEST(BackgroundPrefault, PopulatesEveryWholePageOfItsRangesAndChangesNoByte) {
  const std::size_t page = BackgroundPrefault::page_size();
  const std::size_t pages = (BackgroundPrefault::MIN_BYTES / page) * 2 + 3;
  FreshMapping m(pages * page);
  ASSERT_EQ(m.resident_pages(0, pages * page), 0u);
  // From the middle of page 1 to the middle of the last page but one: pages 0, 1 and the
  // last two hold bytes outside the range (page 1 and the one before last only partly).
  const std::size_t begin = page + page / 2;
  const std::size_t end = (pages - 2) * page + page / 2;
  {
    BackgroundPrefault prefault({{m.data() + begin, end - begin}});
    prefault.finish();
  }
  EXPECT_EQ(m.resident_pages(0, 2 * page), 0u);
  EXPECT_EQ(m.resident_pages(2 * page, (pages - 4) * page), pages - 4);
  EXPECT_EQ(m.resident_pages((pages - 2) * page, 2 * page), 0u);
  const auto* bytes = reinterpret_cast<const unsigned char*>(m.data());
  EXPECT_TRUE(std::all_of(bytes, bytes + pages * page, [](unsigned char c) { return c == 0; }));
}

TEST(BackgroundPrefault, LeavesSmallRangesAlone) {
  const std::size_t bytes = BackgroundPrefault::MIN_BYTES / 2;
  FreshMapping a(bytes);
  FreshMapping b(bytes - BackgroundPrefault::page_size());
  {
    // Two ranges below the threshold together: no thread, nothing populated.
    BackgroundPrefault prefault(
        {{a.data(), bytes / 2}, {b.data(), bytes / 2 - BackgroundPrefault::page_size()}});
    prefault.finish();
  }
  EXPECT_EQ(a.resident_pages(0, bytes), 0u);
  EXPECT_EQ(b.resident_pages(0, bytes - BackgroundPrefault::page_size()), 0u);
}

TEST(BackgroundPrefault, KeepsWhatTheOwnerWritesMeanwhile) {
  std::vector<std::uint64_t> v;
  v.reserve(BackgroundPrefault::MIN_BYTES / sizeof(std::uint64_t) * 4);
  v.push_back(7);
  {
    const BackgroundPrefault prefault({BackgroundPrefault::spare_capacity(v)});
    for (std::uint64_t i = 1; i < v.capacity(); ++i) {
      v.push_back(i * 2654435761u);
    }
  }
  ASSERT_EQ(v.size(), v.capacity());
  EXPECT_EQ(v[0], 7u);
  for (std::uint64_t i = 1; i < v.size(); ++i) {
    ASSERT_EQ(v[i], i * 2654435761u) << i;
  }
}

TEST(BackgroundPrefault, DestructionStopsEarlyAndJoins) {
  const std::size_t bytes = std::size_t{1} << 30;  // reserved address space, not memory
  FreshMapping m(bytes);
  { const BackgroundPrefault prefault({{m.data(), bytes}}); }
  // It stopped within a few 2 MiB steps of starting, not after populating the GiB.
  EXPECT_LT(m.resident_pages(0, bytes), bytes / BackgroundPrefault::page_size() / 2);
}

TEST(BackgroundPrefault, PopulatesEachRangeFromItsEndKeepingTheRangesInStep) {
  // Range a: 6 MiB starting 1 MiB past a 2 MiB boundary; range b: 3 MiB on a boundary,
  // where the owner writes both from the front. Addresses only: nothing is touched.
  constexpr std::uintptr_t MIB = std::uintptr_t{1} << 20;
  constexpr std::uintptr_t A = 1001 * 2 * MIB + MIB;
  constexpr std::uintptr_t B = 3000 * 2 * MIB;
  auto range = [](std::uintptr_t at, std::uintptr_t bytes) {
    return std::span<std::byte>(reinterpret_cast<std::byte*>(at), bytes);
  };
  const std::vector<std::span<std::byte>> ranges{range(A, 6 * MIB), range(B, 3 * MIB)};
  using Step = BackgroundPrefault::Step;
  const std::vector<Step> steps = BackgroundPrefault::population_order(ranges, 4096);
  auto step = [](std::uintptr_t begin, std::uintptr_t end) { return Step{begin, end}; };
  const std::vector<Step> expected{
      step(A + 5 * MIB, A + 6 * MIB),  // a's end, down to its 2 MiB boundary (1/6 done)
      step(B + 2 * MIB, B + 3 * MIB),  // b, 0 done (1/3)
      step(A + 3 * MIB, A + 5 * MIB),  // a at 1/6: 3/6
      step(B, B + 2 * MIB),            // b at 1/3: all
      step(A + MIB, A + 3 * MIB),      // only a is left
      step(A, A + MIB)};
  ASSERT_EQ(steps.size(), expected.size());
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].begin, expected[i].begin) << i;
    EXPECT_EQ(steps[i].end, expected[i].end) << i;
  }
}

TEST(BackgroundPrefault, SpareCapacityIsTheUnwrittenTailOfAVector) {
  std::vector<std::uint32_t> v(10);
  v.reserve(100);
  const std::span<std::byte> spare = BackgroundPrefault::spare_capacity(v);
  EXPECT_EQ(spare.data(), reinterpret_cast<std::byte*>(v.data() + 10));
  EXPECT_EQ(spare.size(), (v.capacity() - 10) * sizeof(std::uint32_t));
}

}  // namespace
}  // namespace collsim::memory
