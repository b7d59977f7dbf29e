#include "algorithms/schedule_builder.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "tests/memory/fresh_mapping.h"

namespace collsim::algorithms {
namespace {

// Op i of a chain: a send from rank i % 4, waiting for up to `fan` earlier ops, listed with
// a NO_OP and a duplicate that the builder must drop.
DepList chain_deps(OpId i, std::uint32_t fan) {
  DepList deps{NO_OP};
  for (std::uint32_t k = 1; k <= fan && k <= i; ++k) {
    deps.push_back(i - k);
  }
  if (i > 0) {
    deps.push_back(i - 1);
  }
  return deps;
}

Schedule build_chain(std::uint64_t bound, OpId ops, std::uint32_t fan, int* runs) {
  return build_schedule(Schedule(4, {64}), bound, [&](ScheduleBuilder& b) {
    ++*runs;
    for (OpId i = 0; i < ops; ++i) {
      DepList deps = chain_deps(i, fan);
      Label label;
      label.step = i;
      EXPECT_EQ(b.send(i % 4, (i + 1) % 4, 0, Combine::REDUCE, label, deps), i);
    }
  });
}

void expect_chain(const Schedule& s, OpId ops, std::uint32_t fan) {
  ASSERT_EQ(s.size(), ops);
  for (OpId i = 0; i < ops; ++i) {
    std::vector<OpId> want;
    for (std::uint32_t k = std::min<std::uint32_t>(fan, i); k >= 1; --k) {
      want.push_back(i - k);
    }
    const auto got = s.deps(i);
    ASSERT_EQ(std::vector<OpId>(got.begin(), got.end()), want) << i;
    ASSERT_EQ(s.op(i).src, i % 4) << i;
    ASSERT_EQ(s.op(i).label.step, i) << i;
  }
}

TEST(BuildSchedule, RunsTheGeneratorOnceAndKeepsWhatItEmits) {
  int runs = 0;
  const Schedule s = build_chain(1000, 1000, 3, &runs);
  EXPECT_EQ(runs, 1);
  expect_chain(s, 1000, 3);
  s.validate();
}

TEST(BuildSchedule, AScheduleBeyondItsBoundGrowsAndStaysRight) {
  // A bound whose storage is large enough for the helper thread (9.6 MB), exceeded in ops
  // and, at 6 per op, in dependencies: both arrays move while the helper works on them.
  const std::uint64_t bound = 200'000;
  static_assert(bound * (sizeof(Op) + 4 + 4 * RESERVED_DEPS_PER_OP) >=
                memory::BackgroundPrefault::MIN_BYTES);
  int runs = 0;
  const Schedule s = build_chain(bound, 300'000, 6, &runs);
  EXPECT_EQ(runs, 1);
  expect_chain(s, 300'000, 6);
}

TEST(BuildSchedule, TheBoundIsAddressSpaceNotMemory) {
  // Ten million ops' worth of storage, a thousand ops written: past the pages the ops use,
  // none of it is resident once the build returns.
  int runs = 0;
  Schedule s = build_chain(10'000'000, 1000, 2, &runs);
  expect_chain(s, 1000, 2);
  const std::uintptr_t page = memory::BackgroundPrefault::page_size();
  const std::vector<std::span<std::byte>> storage = s.storage();
  const std::array<std::size_t, 3> used = s.storage_used();
  for (std::size_t i = 0; i < storage.size(); ++i) {
    ASSERT_EQ(reinterpret_cast<std::uintptr_t>(storage[i].data()) % page, 0u) << i;
    const std::span<std::byte> past = storage[i].subspan((used[i] + page - 1) / page * page);
    ASSERT_FALSE(past.empty()) << i;
    EXPECT_EQ(memory::testing::resident_pages(past.data(), past.size() / page * page), 0u) << i;
  }
  EXPECT_EQ(s.memory_bytes(), 1000 * sizeof(Op) + 1001 * 4 + s.num_dependencies() * 4 + 8);
}

}  // namespace
}  // namespace collsim::algorithms
