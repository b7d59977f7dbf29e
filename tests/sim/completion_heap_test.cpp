#include "sim/completion_heap.h"

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::sim {
namespace {

TEST(CompletionHeap, EarliestTimeFirstTiesBySeq) {
  CompletionHeap h;
  h.set(3, 50, 1);
  h.set(1, 20, 2);
  h.set(2, 20, 0);
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h.top().id, 2u);  // time 20, seq 0
  h.pop();
  EXPECT_EQ(h.top().id, 1u);
  h.pop();
  EXPECT_EQ(h.top().id, 3u);
  h.pop();
  EXPECT_TRUE(h.empty());
}

TEST(CompletionHeap, SetMovesAnEntryBothWays) {
  CompletionHeap h;
  for (std::uint32_t id = 0; id < 10; ++id) {
    h.set(id, 100 + id, id);
  }
  h.set(7, 5, 11);  // earlier: to the top
  EXPECT_EQ(h.top().id, 7u);
  EXPECT_EQ(h.top().time, 5);
  h.set(7, 1'000, 12);  // later: below every other
  EXPECT_EQ(h.top().id, 0u);
  EXPECT_EQ(h.size(), 10u);
  std::vector<std::uint32_t> order;
  while (!h.empty()) {
    order.push_back(h.top().id);
    h.pop();
  }
  EXPECT_EQ(order, (std::vector<std::uint32_t>{0, 1, 2, 3, 4, 5, 6, 8, 9, 7}));
}

TEST(CompletionHeap, EraseFromTheMiddleAndTheEnd) {
  CompletionHeap h;
  h.set(0, 10, 0);
  h.set(1, 30, 1);
  h.set(2, 20, 2);
  h.erase(2);
  EXPECT_FALSE(h.contains(2));
  EXPECT_TRUE(h.contains(1));
  h.erase(1);  // the last entry of the array
  EXPECT_EQ(h.size(), 1u);
  EXPECT_EQ(h.top().id, 0u);
  h.set(2, 5, 3);  // an erased id comes back
  EXPECT_EQ(h.top().id, 2u);
}

// Random sets, erases and pops against an ordered set of (time, seq, id).
TEST(CompletionHeap, MatchesAnOrderedSetUnderRandomOperations) {
  std::mt19937_64 rng(7);
  CompletionHeap h;
  std::set<std::tuple<std::int64_t, std::uint64_t, std::uint32_t>> ref;
  std::map<std::uint32_t, std::pair<std::int64_t, std::uint64_t>> key;
  std::uint64_t seq = 0;
  for (int step = 0; step < 20'000; ++step) {
    const auto op = rng() % 4;
    const auto id = static_cast<std::uint32_t>(rng() % 200);
    if (op <= 1) {  // set, with few distinct times so that ties by seq happen
      const auto t = static_cast<std::int64_t>(rng() % 50);
      if (key.count(id) > 0) {
        ref.erase({key[id].first, key[id].second, id});
      }
      key[id] = {t, ++seq};
      ref.insert({t, seq, id});
      h.set(id, t, seq);
    } else if (op == 2 && key.count(id) > 0) {
      ref.erase({key[id].first, key[id].second, id});
      key.erase(id);
      h.erase(id);
    } else if (op == 3 && !ref.empty()) {
      const auto [t, s, i] = *ref.begin();
      ASSERT_EQ(h.top().time, t);
      ASSERT_EQ(h.top().seq, s);
      ASSERT_EQ(h.top().id, i);
      ref.erase(ref.begin());
      key.erase(i);
      h.pop();
    }
    ASSERT_EQ(h.size(), ref.size());
    for (std::uint32_t probe : {id, static_cast<std::uint32_t>(id + 1)}) {
      ASSERT_EQ(h.contains(probe), key.count(probe) > 0);
    }
  }
}

}  // namespace
}  // namespace collsim::sim
