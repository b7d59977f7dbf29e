#include "sim/link_classes.h"

#include <algorithm>
#include <numeric>

namespace collsim::sim {

LinkClasses link_classes(std::span<const std::span<const std::uint32_t>> routes,
                         const LinkUsers& users) {
  const std::size_t num_links = users.num_links();
  std::vector<std::uint32_t> order(num_links);
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const auto ua = users.of(a);
    const auto ub = users.of(b);
    if (ua.size() != ub.size()) {
      return ua.size() < ub.size();
    }
    const auto [ia, ib] = std::mismatch(ua.begin(), ua.end(), ub.begin());
    return ia != ua.end() ? *ia < *ib : a < b;
  });

  LinkClasses out;
  out.representative.resize(num_links);
  for (std::size_t i = 0; i < order.size(); ++i) {
    const std::uint32_t l = order[i];
    const bool same_as_previous =
        i > 0 && !users.of(l).empty() && std::ranges::equal(users.of(l), users.of(order[i - 1]));
    // Sorted by id within a class, so the previous link's representative is the lowest.
    out.representative[l] = same_as_previous ? out.representative[order[i - 1]] : l;
  }
  std::vector<std::uint32_t> seen_by(num_links, static_cast<std::uint32_t>(routes.size()));
  for (std::uint32_t r = 0; r < routes.size(); ++r) {
    out.route_links.start_list();
    for (std::uint32_t l : routes[r]) {
      const std::uint32_t rep = out.representative[l];
      if (seen_by[rep] != r) {
        seen_by[rep] = r;
        out.route_links.push_back(rep);
      }
    }
  }
  return out;
}

}  // namespace collsim::sim
