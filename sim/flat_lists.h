#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace collsim::sim {

// FlatLists: one list of ids per index (a route's binding links, its link classes), all
// stored side by side in one array with their offsets (CSR). A flow's start walks its
// route's list; kept flat, the lists of every route of a 16k-rank run are one dense array
// of a few hundred KB instead of a heap block each (a cache and TLB miss on most starts).
// Lists are built in index order: start_list() opens the next one, push_back() appends to
// it. Spans from operator[] stay valid until the next push_back().
// Complexity: O(1) per access and per append; 4 bytes per id and per list.
class FlatLists {
 public:
  void start_list() { offsets_.push_back(static_cast<std::uint32_t>(ids_.size())); }
  void push_back(std::uint32_t id) { ids_.push_back(id); }

  std::size_t size() const { return offsets_.size(); }
  std::span<const std::uint32_t> operator[](std::size_t i) const {
    const std::uint32_t end =
        i + 1 < offsets_.size() ? offsets_[i + 1] : static_cast<std::uint32_t>(ids_.size());
    return {ids_.data() + offsets_[i], ids_.data() + end};
  }

 private:
  std::vector<std::uint32_t> offsets_;  // where each list starts in ids_
  std::vector<std::uint32_t> ids_;
};

}  // namespace collsim::sim
