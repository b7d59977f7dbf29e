#include "sim/completion_heap.h"

#include <cassert>

#include "sim/four_ary_heap.h"

namespace collsim::sim {

void CompletionHeap::sift_up(std::size_t i, const Entry& e) {
  four_ary_sift_up(heap_, i, e, before, Placed{index_});
}

void CompletionHeap::sift_down(std::size_t i, const Entry& e) {
  four_ary_sift_down(heap_, i, e, before, Placed{index_});
}

void CompletionHeap::set(std::uint32_t id, std::int64_t time, std::uint64_t seq) {
  if (id >= index_.size()) {
    index_.resize(static_cast<std::size_t>(id) + 1, NONE);
  }
  const Entry e{time, seq, id};
  if (index_[id] == NONE) {
    heap_.push_back(e);
    sift_up(heap_.size() - 1, e);
    return;
  }
  const std::size_t i = index_[id];
  if (before(e, heap_[i])) {
    sift_up(i, e);
  } else {
    sift_down(i, e);
  }
}

void CompletionHeap::erase(std::uint32_t id) {
  assert(contains(id));
  const std::size_t i = index_[id];
  index_[id] = NONE;
  const Entry last = heap_.back();
  heap_.pop_back();
  if (i == heap_.size()) {
    return;  // it was the last entry
  }
  // The last entry fills the hole, then moves whichever way its key sends it.
  if (i > 0 && before(last, heap_[(i - 1) / 4])) {
    sift_up(i, last);
  } else {
    sift_down(i, last);
  }
}

}  // namespace collsim::sim
