#include "study/parallel_runner.h"

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::study {
namespace {

TEST(ParallelRunner, RunsEveryItemOnce) {
  for (const unsigned jobs : {0U, 1U, 2U, 8U}) {
    std::vector<std::atomic<int>> ran(100);
    run_parallel(ran.size(), jobs, [&](std::size_t i) { ++ran[i]; });
    for (const auto& r : ran) {
      EXPECT_EQ(r.load(), 1);
    }
  }
  run_parallel(0, 4, [](std::size_t) { ADD_FAILURE() << "no items"; });
}

TEST(ParallelRunner, RethrowsTheLowestFailingItemsError) {
  // Items 30 and 70 fail; whatever the interleaving, 30's error is the one reported, and
  // no item after the failure is handed out forever (the run ends).
  for (const unsigned jobs : {1U, 2U, 4U}) {
    try {
      run_parallel(100, jobs, [](std::size_t i) {
        if (i == 30 || i == 70) {
          throw std::runtime_error("item " + std::to_string(i));
        }
      });
      ADD_FAILURE() << "no error";
    } catch (const std::runtime_error& e) {
      EXPECT_EQ(std::string(e.what()), "item 30");
    }
  }
}

}  // namespace
}  // namespace collsim::study
