#include "sim/link_classes.h"

#include <random>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "sim/link_usage.h"
#include "tests/sim/random_routes.h"

namespace collsim::sim {
namespace {

using Links = std::vector<std::uint32_t>;

Links list(const FlatLists& lists, std::size_t i) {
  return {lists[i].begin(), lists[i].end()};
}

LinkClasses classify(const std::vector<Links>& routes, std::size_t num_links) {
  std::vector<std::span<const std::uint32_t>> spans(routes.begin(), routes.end());
  return link_classes(spans, LinkUsers(spans, num_links));
}

TEST(LinkClasses, LinksCrossedByTheSameRoutesShareTheLowestIdAsRepresentative) {
  // Route 0: GPU a's PCIe link 4, its NIC port 1, the leaf's port 6 to NIC b, b's PCIe 3.
  // Route 1 leaves from another GPU (PCIe 5, port 2) into the same leaf port 6 and PCIe 3.
  const std::vector<Links> routes{{4, 1, 6, 3}, {5, 2, 6, 3}};
  const LinkClasses c = classify(routes, 8);
  EXPECT_EQ(c.representative, (Links{0, 1, 2, 3, 1, 2, 3, 7}));
  EXPECT_EQ(list(c.route_links, 0), (Links{1, 3}));
  EXPECT_EQ(list(c.route_links, 1), (Links{2, 3}));
}

TEST(LinkClasses, ALinkWithOneMoreRouteIsAClassOfItsOwn) {
  const std::vector<Links> routes{{0, 1}, {1}};
  const LinkClasses c = classify(routes, 2);
  EXPECT_EQ(c.representative, (Links{0, 1}));
  EXPECT_EQ(list(c.route_links, 0), (Links{0, 1}));
  EXPECT_EQ(list(c.route_links, 1), (Links{1}));
}

TEST(LinkClasses, FollowingRepresentativesGivesEveryLinkTheStatsOfFollowingAll) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t num_links = 2 + rng() % 24;
    const std::vector<Links> routes = testing::random_routes(rng, 1 + rng() % 12, num_links);
    const LinkClasses c = classify(routes, num_links);
    LinkUsage all(num_links);
    LinkUsage reps(num_links);
    std::vector<std::size_t> active;  // route of each transfer in flight
    core::Time now;
    for (int step = 0; step < 200; ++step) {
      now += core::Time::from_ps(static_cast<std::int64_t>(rng() % 3));
      if (!active.empty() && rng() % 2 == 0) {
        const std::size_t i = rng() % active.size();
        all.leave(routes[active[i]], now);
        reps.leave(c.route_links[active[i]], now);
        active.erase(active.begin() + static_cast<std::ptrdiff_t>(i));
      } else {
        const std::size_t r = rng() % routes.size();
        all.enter(routes[r], now);
        reps.enter(c.route_links[r], now);
        active.push_back(r);
      }
    }
    for (std::uint32_t l = 0; l < num_links; ++l) {
      const LinkStats want = all.stats(l);
      const LinkStats got = reps.stats(c.representative[l]);
      EXPECT_EQ(got.transfers, want.transfers) << "trial " << trial << " link " << l;
      EXPECT_EQ(got.max_transfers, want.max_transfers) << "trial " << trial << " link " << l;
      EXPECT_EQ(got.shared_time, want.shared_time) << "trial " << trial << " link " << l;
    }
  }
}

}  // namespace
}  // namespace collsim::sim
