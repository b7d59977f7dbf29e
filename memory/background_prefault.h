#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <span>
#include <thread>
#include <vector>

#include "memory/huge_page_allocator.h"

namespace collsim::memory {

// BackgroundPrefault: a helper thread asks the kernel to back ranges of freshly reserved
// memory with pages (Linux's madvise(MADV_POPULATE_WRITE)) while the constructing thread
// goes on filling them. First touching memory costs this project's machines 0.6–2.4 s per
// GiB of page faults (bench/first_touch_bench), and a large run builds hundreds of MB of
// schedule and executor state before it simulates anything; with this, the other core
// takes most of those faults. A hint without a visible effect: the contents are unchanged
// (untouched anonymous memory reads as zero either way, pages already present are left
// alone), so no result depends on it; where the kernel refuses the call the helper stops.
// Order: the owner fills its arrays from the front, several at once (a schedule's ops, their
// dependencies and offsets grow together), and the helper zeroes pages no faster than the
// owner's own faults would. So the helper works from the back of every range towards the
// front, always on the range it has done the smallest share of: owner and helper meet
// somewhere inside each range, having split its faults between them instead of both
// taking the front and the owner waiting on the helper's faults.
// Invariants: 2 MiB steps, whole pages inside each range only; below 8 MiB in all no thread
// is started, so small runs and tests pay nothing; destruction stops at the next step and
// joins.
// Complexity: O(1) on the calling thread; O(pages) of kernel work on the helper.
class BackgroundPrefault {
 public:
  explicit BackgroundPrefault(std::vector<std::span<std::byte>> ranges);
  ~BackgroundPrefault();
  // Waits until every range is populated (or the kernel refused); without it, destruction
  // abandons what is left.
  void finish();
  BackgroundPrefault(const BackgroundPrefault&) = delete;
  BackgroundPrefault& operator=(const BackgroundPrefault&) = delete;

  static constexpr std::size_t MIN_BYTES = std::size_t{8} << 20;
  static constexpr std::size_t STEP = HUGE_PAGE;  // one huge page a step

  // The pages the helper populates, in its order (see Order above): whole pages of
  // `page` bytes inside the ranges, each range from its end, in steps that end at the
  // range's end or a STEP boundary, the next step always from the range with the smallest
  // share done (ties: the earliest range).
  struct Step {
    std::uintptr_t begin;
    std::uintptr_t end;
  };
  static std::vector<Step> population_order(std::span<const std::span<std::byte>> ranges,
                                            std::uintptr_t page);
  // The whole pages of `page` bytes inside `range` (begin == end if there are none): a
  // partial page may hold another object's bytes, which is not the range's to ask about.
  static Step whole_pages(std::span<std::byte> range, std::uintptr_t page);
  static std::uintptr_t page_size();

  // The storage a vector has reserved beyond its size: what its next writes will touch.
  template <class T, class Allocator>
  static std::span<std::byte> spare_capacity(std::vector<T, Allocator>& v) {
    auto* base = reinterpret_cast<std::byte*>(v.data());
    return {base + v.size() * sizeof(T), (v.capacity() - v.size()) * sizeof(T)};
  }

 private:
  void populate(std::vector<std::span<std::byte>> ranges);

  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace collsim::memory
