#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include "memory/huge_page_allocator.h"

namespace collsim::sim::solver {

// ListPool: many small growable lists (a link's flows) kept in one array instead of one
// heap allocation each.
//
// What it holds: lists of trivially copyable T, each a List handle of 12 bytes that its
// owner stores (a std::vector is 24, and pmr's 32). A list lives in a block of 2^k
// slots of the pool's one array; a push into a full block moves the list into a block
// twice the size and puts the old block on its size's free list, where the next list of
// that size takes it (last freed first). Why not one std::vector per list: at 16k ranks the
// solver has hundreds of thousands of links, and their entry arrays scattered over the
// malloc heap in 4 KiB pages cost a TLB miss on most visits; here they share one array in
// huge pages (memory/huge_page_allocator.h), and a list that shrank keeps its block, as a
// vector keeps its capacity. std::pmr::unsynchronized_pool_resource pools the same way,
// but its vector's extra pointer would push the solver's link record past a cache line.
// Invariants: a list's items are contiguous; items() spans are invalidated by any push
// into the pool (the array may grow). Deterministic: the layout depends only on the calls.
// Complexity: push amortised O(1) (a move copies the list once per doubling); memory at
// most twice the largest total of live items per block size, plus the free blocks.
template <class T>
class ListPool {
 public:
  struct List {
    std::uint32_t first = 0;  // the block's first slot
    std::uint32_t size = 0;
    std::uint32_t order = NO_BLOCK;  // the block holds 2^order slots
  };

  std::span<T> items(const List& list) { return {slots_.data() + list.first, list.size}; }
  std::span<const T> items(const List& list) const {
    return {slots_.data() + list.first, list.size};
  }

  void push_back(List& list, const T& item) {
    if (list.order == NO_BLOCK || list.size == std::uint32_t{1} << list.order) {
      grow(list);
    }
    slots_[list.first + list.size++] = item;
  }
  void pop_back(List& list) {
    assert(list.size > 0);
    --list.size;
  }

  // Slots in the array, used or free (for tests and memory figures).
  std::size_t capacity() const { return slots_.size(); }

 private:
  static constexpr std::uint32_t NO_BLOCK = 0xffffffffu;
  static constexpr std::uint32_t FIRST_ORDER = 2;  // most links carry a few flows

  void grow(List& list) {
    const std::uint32_t order = list.order == NO_BLOCK ? FIRST_ORDER : list.order + 1;
    if (order >= free_.size()) {
      free_.resize(order + 1);
    }
    std::uint32_t first = 0;
    if (free_[order].empty()) {
      if (slots_.size() + (std::size_t{1} << order) > std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("list pool exceeds 2^32 slots");
      }
      first = static_cast<std::uint32_t>(slots_.size());
      slots_.resize(slots_.size() + (std::size_t{1} << order));
    } else {
      first = free_[order].back();
      free_[order].pop_back();
    }
    if (list.order != NO_BLOCK) {
      std::copy_n(slots_.begin() + list.first, list.size, slots_.begin() + first);
      free_[list.order].push_back(list.first);
    }
    list.first = first;
    list.order = order;
  }

  memory::HugeVector<T> slots_;
  std::vector<std::vector<std::uint32_t>> free_;  // by order: first slots of free blocks
};

}  // namespace collsim::sim::solver
