#include "sim/link_usage_recorder.h"

#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "tests/sim/random_routes.h"

namespace collsim::sim {
namespace {

using Links = std::vector<std::uint32_t>;

void expect_same(const LinkUsage& got, const LinkUsage& want, const char* where) {
  ASSERT_EQ(got.size(), want.size());
  for (std::uint32_t l = 0; l < want.size(); ++l) {
    EXPECT_EQ(got.stats(l).transfers, want.stats(l).transfers) << where << " link " << l;
    EXPECT_EQ(got.stats(l).max_transfers, want.stats(l).max_transfers) << where << " link " << l;
    EXPECT_EQ(got.stats(l).shared_time, want.stats(l).shared_time) << where << " link " << l;
  }
}

// Batch sizes 1 and 5 hand every few changes to the helper thread; 8192 never starts it.
class LinkUsageRecorderTest : public ::testing::TestWithParam<std::size_t> {};

TEST_P(LinkUsageRecorderTest, GivesTheStatsOfApplyingEveryChangeAtOnce) {
  std::mt19937 rng(5);
  const std::size_t num_links = 12;
  std::vector<Links> routes = testing::random_routes(rng, 9, num_links);
  routes[0].clear();  // a zero-byte transfer follows no link
  LinkUsage direct(num_links);
  LinkUsageRecorder recorder(num_links, GetParam());
  std::vector<std::size_t> active;
  core::Time now;
  for (int step = 0; step < 3000; ++step) {
    now += core::Time::from_ps(static_cast<std::int64_t>(rng() % 4));
    if (!active.empty() && rng() % 2 == 0) {
      const std::size_t i = rng() % active.size();
      direct.leave(routes[active[i]], now);
      recorder.leave(routes[active[i]], now);
      active.erase(active.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      const std::size_t r = rng() % routes.size();
      direct.enter(routes[r], now);
      recorder.enter(routes[r], now);
      active.push_back(r);
    }
    if (step == 1000) {  // a result mid-run, then more changes on top of it
      expect_same(recorder.result(), direct, "mid-run");
    }
  }
  expect_same(recorder.result(), direct, "end");
  EXPECT_GT(direct.stats(routes[1].front()).transfers, 0u);  // the test exercised the links
}

INSTANTIATE_TEST_SUITE_P(BatchSizes, LinkUsageRecorderTest, ::testing::Values(1, 5, 8192));

TEST(LinkUsageRecorder, StopsItsHelperWhenDestroyedWithChangesPending) {
  const Links links{0, 1};
  for (int i = 0; i < 20; ++i) {
    LinkUsageRecorder recorder(2, 1);
    for (int k = 0; k < 50; ++k) {
      recorder.enter(links, core::Time::from_ps(k));
    }
  }  // each destructor must join its thread, not hang or leave it running
  SUCCEED();
}

}  // namespace
}  // namespace collsim::sim
