#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <thread>
#include <vector>

#include "memory/background_prefault.h"

namespace collsim::memory {

// TrailingPrefault: BackgroundPrefault for arrays whose final size is not known while they
// are filled — storage reserved for an upper bound (address space, not memory) and written
// from the front, as a schedule is when it is built in one pass (algorithms/schedule_builder.h). A helper thread asks the kernel to back each range with pages
// (madvise(MADV_POPULATE_WRITE)) from the front, starting no step LEAD or more bytes past
// what the owner has reported written (advance()), so that it commits at most LEAD + STEP
// bytes of a range beyond the owner's writes, never the slack of the bound;
// where the owner has overtaken it, it skips to the first 2 MiB page past the owner's mark
// instead of faulting pages the owner is faulting; among the ranges it serves the one whose
// populated front is least ahead of its owner. finish() gives back what is backed past the
// owner's final use.
// A hint without a visible effect, as BackgroundPrefault: contents never change (a populated
// page reads as zero, like an untouched one); where the kernel refuses the call the helper
// stops. A range the owner has stopped using (its array moved on growing) may still be
// populated meanwhile, which is harmless for the same reason, but is never given back.
// Invariants: whole pages inside each range only, steps within one 2 MiB page; below
// BackgroundPrefault::MIN_BYTES of ranges in all no thread is started; advance() is one
// relaxed store; destruction stops and joins (as finish() without giving anything back).
// Complexity: O(1) on the owner per advance(); O(pages) of kernel work on the helper, which
// sleeps WAIT between looks while it is LEAD ahead everywhere.
class TrailingPrefault {
 public:
  explicit TrailingPrefault(std::vector<std::span<std::byte>> ranges);
  ~TrailingPrefault();
  TrailingPrefault(const TrailingPrefault&) = delete;
  TrailingPrefault& operator=(const TrailingPrefault&) = delete;

  // The owner has written the first `bytes` bytes of range `range` (non-decreasing).
  void advance(std::size_t range, std::size_t bytes) {
    if (marks_ != nullptr) {
      marks_[range].store(bytes, std::memory_order_relaxed);
    }
  }
  // Stops the helper, then releases (madvise(MADV_DONTNEED)) the whole pages of each range
  // past used[range] bytes, the owner's final use, that it populated or that share a 2 MiB
  // page with the owner's last byte (a huge page the owner's own fault brought in); pass a
  // range's full size for a range the owner no longer holds. Works with or without a helper
  // thread. Once only; destruction after it does nothing more.
  void finish(std::span<const std::size_t> used);

  static constexpr std::size_t LEAD = std::size_t{8} << 20;
  static constexpr std::size_t STEP = BackgroundPrefault::STEP;
  static constexpr std::chrono::microseconds WAIT{100};

  // The helper's view of one range: its whole pages [begin, end), populated (or skipped,
  // where the owner was first) up to `next`. Addresses only.
  struct Cursor {
    std::uintptr_t begin;
    std::uintptr_t end;
    std::uintptr_t next;
    std::uintptr_t populated_end = 0;  // the end of the last step it populated, 0 if none
  };
  static Cursor cursor(std::span<std::byte> range, std::uintptr_t page);
  // The helper's next step, given the owners' marks (the address each has written up to),
  // with the cursors moved past it; none while every range is done or LEAD ahead of its mark.
  static std::optional<BackgroundPrefault::Step> next_step(std::span<Cursor> cursors,
                                                           std::span<const std::uintptr_t> marks);

 private:
  void populate();
  void stop_and_join();

  std::vector<std::span<std::byte>> ranges_;
  std::vector<Cursor> cursors_;
  std::unique_ptr<std::atomic<std::size_t>[]> marks_;  // null without a helper
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace collsim::memory
