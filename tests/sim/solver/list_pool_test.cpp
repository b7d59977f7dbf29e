#include "sim/solver/list_pool.h"

#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::sim::solver {
namespace {

using Pool = ListPool<std::uint64_t>;

std::vector<std::uint64_t> contents(const Pool& pool, const Pool::List& list) {
  const auto items = pool.items(list);
  return {items.begin(), items.end()};
}

TEST(ListPool, ListsBehaveLikeVectorsUnderRandomPushesAndSwapRemovals) {
  // The solver's use: push at the back, remove anywhere by moving the last item into the
  // hole. 40 lists against std::vector, checked after every step.
  constexpr std::size_t LISTS = 40;
  Pool pool;
  std::vector<Pool::List> lists(LISTS);
  std::vector<std::vector<std::uint64_t>> expected(LISTS);
  std::mt19937_64 rng(7);
  for (std::uint64_t step = 0; step < 20000; ++step) {
    const std::size_t l = rng() % LISTS;
    if (expected[l].empty() || rng() % 3 != 0) {
      pool.push_back(lists[l], step);
      expected[l].push_back(step);
    } else {
      const std::size_t at = rng() % expected[l].size();
      const auto items = pool.items(lists[l]);
      items[at] = items.back();
      pool.pop_back(lists[l]);
      expected[l][at] = expected[l].back();
      expected[l].pop_back();
    }
    ASSERT_EQ(contents(pool, lists[l]), expected[l]) << "step " << step;
  }
  for (std::size_t l = 0; l < LISTS; ++l) {
    EXPECT_EQ(contents(pool, lists[l]), expected[l]) << "list " << l;
  }
}

TEST(ListPool, AListThatGrowsLeavesItsBlockToTheNextListOfThatSize) {
  Pool pool;
  Pool::List a;
  Pool::List b;
  for (std::uint64_t i = 0; i < 4; ++i) {
    pool.push_back(a, i);
  }
  EXPECT_EQ(pool.capacity(), 4u);  // a's first block: 4 slots
  pool.push_back(a, 4);            // a moves into 8 slots, its 4 are free
  EXPECT_EQ(pool.capacity(), 12u);
  pool.push_back(b, 100);  // b's first block is a's old one
  EXPECT_EQ(pool.capacity(), 12u);
  EXPECT_EQ(contents(pool, a), (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(contents(pool, b), (std::vector<std::uint64_t>{100}));
}

TEST(ListPool, AListThatShrankKeepsItsBlock) {
  Pool pool;
  Pool::List a;
  for (std::uint64_t i = 0; i < 5; ++i) {
    pool.push_back(a, i);
  }
  while (a.size > 0) {
    pool.pop_back(a);
  }
  const std::size_t slots = pool.capacity();
  for (std::uint64_t i = 0; i < 8; ++i) {
    pool.push_back(a, i);
  }
  EXPECT_EQ(pool.capacity(), slots);  // 8 fit the block it has
  EXPECT_EQ(contents(pool, a).size(), 8u);
}

}  // namespace
}  // namespace collsim::sim::solver
