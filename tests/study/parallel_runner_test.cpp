#include "study/parallel_runner.h"

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/input_error.h"

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

namespace collsim::study {
namespace {

TEST(JobCount, AcceptsOneToTheMaximumAndRefusesEverythingElse) {
  EXPECT_GE(job_count(std::nullopt), 1U);
  EXPECT_EQ(job_count("1"), 1U);
  EXPECT_EQ(job_count(std::to_string(max_jobs())), max_jobs());
  EXPECT_EQ(max_jobs() % JOBS_PER_THREAD, 0U);
  for (const std::string& bad :
       std::vector<std::string>{"0", "-1", "", "1.5", "8x", " 2", "+2", "4294967297",
                                std::to_string(max_jobs() + 1), "100000"}) {
    try {
      job_count(bad);
      ADD_FAILURE() << "'" << bad << "' accepted";
    } catch (const core::InputError& e) {
      EXPECT_EQ(e.field(), "--jobs") << bad;
      EXPECT_NE(std::string(e.what()).find("from 1 to " + std::to_string(max_jobs())),
                std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace collsim::study
