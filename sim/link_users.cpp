#include "sim/link_users.h"

#include <numeric>

namespace collsim::sim {

LinkUsers::LinkUsers(std::span<const std::span<const std::uint32_t>> routes, std::size_t num_links)
    : first_(num_links + 1, 0) {
  for (const auto& route : routes) {
    for (std::uint32_t l : route) {
      ++first_[l + 1];
    }
  }
  std::partial_sum(first_.begin(), first_.end(), first_.begin());
  users_.resize(first_.back());
  std::vector<std::uint32_t> cursor(first_.begin(), first_.end() - 1);
  for (std::uint32_t r = 0; r < routes.size(); ++r) {
    for (std::uint32_t l : routes[r]) {
      users_[cursor[l]++] = r;
    }
  }
}

}  // namespace collsim::sim
