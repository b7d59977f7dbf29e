#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace collsim::sim::testing {

// `count` random routes over links 0..num_links-1: each link on a route with probability
// 1/3, every route at least one link, each in a random order.
inline std::vector<std::vector<std::uint32_t>> random_routes(std::mt19937& rng, std::size_t count,
                                                             std::size_t num_links) {
  std::vector<std::vector<std::uint32_t>> routes(count);
  for (auto& r : routes) {
    for (std::uint32_t l = 0; l < num_links; ++l) {
      if (rng() % 3 == 0) {
        r.push_back(l);
      }
    }
    if (r.empty()) {
      r.push_back(static_cast<std::uint32_t>(rng() % num_links));
    }
    std::shuffle(r.begin(), r.end(), rng);
  }
  return routes;
}

}  // namespace collsim::sim::testing
