#pragma once

#include <atomic>
#include <cstddef>
#include <span>
#include <thread>
#include <vector>

namespace collsim::core {

// BackgroundPrefault: a helper thread asks the kernel to back ranges of freshly reserved
// memory with pages (Linux's madvise(MADV_POPULATE_WRITE)) while the constructing thread
// goes on filling them. First touching memory costs this project's machines 0.6–2.4 s per
// GiB of page faults (bench/first_touch_bench), and a large run builds hundreds of MB of
// schedule and executor state before it simulates anything; with this, the other core
// takes most of those faults. A hint without a visible effect: the contents are unchanged
// (untouched anonymous memory reads as zero either way, pages already present are left
// alone), so no result depends on it; where the kernel refuses the call the helper stops.
// Invariants: ranges are populated in order, in 2 MiB steps, whole pages inside each range
// only; below 8 MiB in all no thread is started, so small runs and tests pay nothing;
// destruction stops at the next step and joins.
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

}  // namespace collsim::core
