#include "memory/reused_slot.h"

#include <vector>

#include <gtest/gtest.h>

namespace collsim::memory {
namespace {

TEST(ReusedSlot, AppendsWhileNothingIsReleased) {
  std::vector<int> items;
  std::vector<std::uint32_t> released;
  EXPECT_EQ(memory::take_reused_slot(items, released), 0u);
  EXPECT_EQ(memory::take_reused_slot(items, released), 1u);
  EXPECT_EQ(items.size(), 2u);
}

TEST(ReusedSlot, ReusesTheLastReleasedFirstWithoutGrowing) {
  std::vector<int> items(5, 7);
  std::vector<std::uint32_t> released{1, 3};
  EXPECT_EQ(memory::take_reused_slot(items, released), 3u);
  EXPECT_EQ(memory::take_reused_slot(items, released), 1u);
  EXPECT_EQ(memory::take_reused_slot(items, released), 5u);
  EXPECT_EQ(items.size(), 6u);
  EXPECT_EQ(items[3], 7);  // a reused record keeps its contents for the caller to reset
}

}  // namespace
}  // namespace collsim::memory
