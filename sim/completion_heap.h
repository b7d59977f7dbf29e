#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "memory/huge_page_allocator.h"

namespace collsim::sim {

// CompletionHeap: when each of a set of flows will finish, with the earliest first and its
// time changeable in place. The flow model keeps here the completions of flows whose rate a
// solve has changed, and puts only the earliest into the event queue, so that a rate change
// — most of a contended run's work — moves one 24-byte entry instead of cancelling an event
// (whose entry stays in the queue's heap until it reaches the top) and scheduling another.
//
// Order: (time, seq) ascending, seq a caller-given number that breaks ties (the flow model
// passes a counter of its (re)schedulings, so that equal times finish in the order they were
// set, as events scheduled in the queue would). Ids are
// small integers < the largest id set so far + 1 (the flow model's flow ids, reused).
// Structure: a 4-ary min-heap of (time, seq, id) (sim/four_ary_heap.h) plus each id's index
// in it. Boost.Heap's
// mutable heaps were the library choice, but they keep their elements in a std::list (one
// allocation per element) behind the heap of iterators; this keeps everything in two
// vectors and allocates nothing once they have grown.
// Complexity: set and erase O(log n), top O(1), memory 24 B per entry + 4 B per id.
class CompletionHeap {
 public:
  struct Entry {
    std::int64_t time;
    std::uint64_t seq;
    std::uint32_t id;
  };
  static_assert(sizeof(Entry) == 24, "docs/engine.md lists the entry's size");

  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  const Entry& top() const { return heap_.front(); }
  bool contains(std::uint32_t id) const { return id < index_.size() && index_[id] != NONE; }

  // Sets id's completion to (time, seq), inserting id if it is not in the heap.
  void set(std::uint32_t id, std::int64_t time, std::uint64_t seq);
  // Removes id (which must be in the heap).
  void erase(std::uint32_t id);
  // Removes the earliest entry.
  void pop() { erase(heap_.front().id); }

 private:
  static constexpr std::uint32_t NONE = std::numeric_limits<std::uint32_t>::max();
  static bool before(const Entry& a, const Entry& b) {
    return a.time < b.time || (a.time == b.time && a.seq < b.seq);
  }
  struct Placed {  // keeps index_ up to date as the sifts move entries
    memory::HugeVector<std::uint32_t>& index;
    void operator()(const Entry& e, std::size_t i) const {
      index[e.id] = static_cast<std::uint32_t>(i);
    }
  };
  void sift_up(std::size_t i, const Entry& e);
  void sift_down(std::size_t i, const Entry& e);

  memory::HugeVector<Entry> heap_;
  memory::HugeVector<std::uint32_t> index_;  // by id: its position in heap_, NONE if absent
};

}  // namespace collsim::sim
