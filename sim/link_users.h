#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace collsim::sim {

// LinkUsers: for each link of a run, the routes that cross it, in increasing route order,
// stored flat (CSR). The one index behind both route reductions of the executor: which
// links can bind (sim/binding_links.h) and which links move together
// (sim/link_classes.h). Complexity: O(T + L) to build for a total route length T over L
// links; of() is O(1).
class LinkUsers {
 public:
  // `routes[r]` are link ids < num_links.
  LinkUsers(std::span<const std::span<const std::uint32_t>> routes, std::size_t num_links);

  std::size_t num_links() const { return first_.size() - 1; }
  std::span<const std::uint32_t> of(std::uint32_t link) const {
    return {users_.data() + first_[link], users_.data() + first_[link + 1]};
  }

 private:
  std::vector<std::uint32_t> first_;  // of(l) is users_[first_[l], first_[l + 1])
  std::vector<std::uint32_t> users_;
};

}  // namespace collsim::sim
