#include "sim/binding_links.h"

#include <span>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::sim {
namespace {

using Links = std::vector<std::uint32_t>;

std::vector<Links> reduce(const std::vector<Links>& routes, const std::vector<std::int64_t>& caps) {
  std::vector<std::span<const std::uint32_t>> spans(routes.begin(), routes.end());
  const FlatLists flat = binding_links(spans, LinkUsers(spans, caps.size()), caps);
  EXPECT_EQ(flat.size(), routes.size());
  std::vector<Links> out;
  for (std::size_t r = 0; r < flat.size(); ++r) {
    out.emplace_back(flat[r].begin(), flat[r].end());
  }
  return out;
}

TEST(BindingLinks, ALinkAlwaysFollowedByANarrowerOneNeverBinds) {
  // Link 0 (a GPU's PCIe link, 64) feeds only link 1 (its NIC port, 50); link 2 is the
  // receiver's port (50) shared with another route from link 3 (64).
  const std::vector<Links> routes{{0, 1, 2}, {3, 2}};
  const std::vector<std::int64_t> caps{64, 50, 50, 64};
  const auto out = reduce(routes, caps);
  // 0 is implied by 1 (same routes, narrower); 1 is implied by 2 (every route through 1
  // also crosses 2, which is as narrow and carries more routes).
  EXPECT_EQ(out[0], (Links{2}));
  // 3 is implied by 2 (every route through 3 crosses 2, which is narrower).
  EXPECT_EQ(out[1], (Links{2}));
}

TEST(BindingLinks, AWiderLinkWithOtherTrafficStillBinds) {
  // Link 1 is narrower than link 0, but link 0 also carries route 1, so it can be the
  // bottleneck (two flows on 0 at 30 each < 50 on 1): both stay.
  const std::vector<Links> routes{{0, 1}, {0, 2}};
  const std::vector<std::int64_t> caps{60, 50, 100};
  const auto out = reduce(routes, caps);
  EXPECT_EQ(out[0], (Links{0, 1}));
  EXPECT_EQ(out[1], (Links{0}));  // 2 is implied by 0 (route 1 only, wider)
}

TEST(BindingLinks, IdenticalConstraintsKeepTheLowestIdAndEveryRouteKeepsOne) {
  const std::vector<Links> routes{{4, 2, 7}, {2, 4, 7}};
  const std::vector<std::int64_t> caps{0, 0, 10, 0, 10, 0, 0, 10};
  const auto out = reduce(routes, caps);
  EXPECT_EQ(out[0], (Links{2}));
  EXPECT_EQ(out[1], (Links{2}));
}

}  // namespace
}  // namespace collsim::sim
