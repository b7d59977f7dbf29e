#include "sim/binding_links.h"

#include <algorithm>
#include <vector>

namespace collsim::sim {

FlatLists binding_links(std::span<const std::span<const std::uint32_t>> routes,
                        const LinkUsers& users, std::span<const std::int64_t> capacities) {
  auto on_route = [&](std::uint32_t r, std::uint32_t l) {
    return std::find(routes[r].begin(), routes[r].end(), l) != routes[r].end();
  };
  auto implied_by = [&](std::uint32_t l, std::uint32_t m) {
    if (capacities[m] > capacities[l]) {
      return false;
    }
    if (capacities[m] == capacities[l] && users.of(m).size() == users.of(l).size() && m > l) {
      return false;  // the same constraint twice: keep the lower id
    }
    return std::ranges::all_of(users.of(l), [&](std::uint32_t r) { return on_route(r, m); });
  };
  std::vector<char> implied(capacities.size(), 0);
  for (std::uint32_t l = 0; l < capacities.size(); ++l) {
    if (users.of(l).empty()) {
      continue;
    }
    for (std::uint32_t m : routes[users.of(l).front()]) {
      if (m != l && implied_by(l, m)) {
        implied[l] = 1;
        break;
      }
    }
  }
  FlatLists out;
  for (std::uint32_t r = 0; r < routes.size(); ++r) {
    out.start_list();
    for (std::uint32_t l : routes[r]) {
      if (implied[l] == 0) {
        out.push_back(l);
      }
    }
  }
  return out;
}

}  // namespace collsim::sim
