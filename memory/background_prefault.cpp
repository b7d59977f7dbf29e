#include "memory/background_prefault.h"

#include <algorithm>
#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace collsim::memory {

BackgroundPrefault::BackgroundPrefault(std::vector<std::span<std::byte>> ranges) {
  std::size_t total = 0;
  for (const std::span<std::byte> r : ranges) {
    total += r.size();
  }
  if (total >= MIN_BYTES) {
    thread_ = std::thread(&BackgroundPrefault::populate, this, std::move(ranges));
  }
}

void BackgroundPrefault::finish() {
  if (thread_.joinable()) {
    thread_.join();
  }
}

BackgroundPrefault::~BackgroundPrefault() {
  if (thread_.joinable()) {
    stop_.store(true, std::memory_order_relaxed);
    thread_.join();
  }
}

BackgroundPrefault::Step BackgroundPrefault::whole_pages(std::span<std::byte> range,
                                                         std::uintptr_t page) {
  const auto begin = (reinterpret_cast<std::uintptr_t>(range.data()) + page - 1) / page * page;
  const auto end = reinterpret_cast<std::uintptr_t>(range.data() + range.size()) / page * page;
  return Step{begin, std::max(begin, end)};
}

std::uintptr_t BackgroundPrefault::page_size() {
  return static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
}

std::vector<BackgroundPrefault::Step> BackgroundPrefault::population_order(
    std::span<const std::span<std::byte>> ranges, std::uintptr_t page) {
  struct Left {  // a range's pages [begin, end) not yet planned; done: those that are
    std::uintptr_t begin;
    std::uintptr_t end;
    std::uintptr_t done = 0;
  };
  std::vector<Left> left;
  for (const std::span<std::byte> r : ranges) {
    const Step pages = whole_pages(r, page);
    if (pages.begin < pages.end) {
      left.push_back(Left{pages.begin, pages.end});
    }
  }
  // The share of its range a Left has done (an order of hints: doubles are exact enough).
  auto share = [](const Left& l) {
    return static_cast<double>(l.done) / static_cast<double>(l.end - l.begin + l.done);
  };
  std::vector<Step> steps;
  for (;;) {
    Left* next = nullptr;
    for (Left& l : left) {
      if (l.begin < l.end && (next == nullptr || share(l) < share(*next))) {
        next = &l;
      }
    }
    if (next == nullptr) {
      return steps;
    }
    // Down to the 2 MiB boundary below the end, so that each step covers one huge page.
    const std::uintptr_t from = std::max(next->begin, (next->end - 1) / STEP * STEP);
    steps.push_back(Step{from, next->end});
    next->done += next->end - from;
    next->end = from;
  }
}

void BackgroundPrefault::populate(std::vector<std::span<std::byte>> ranges) {
#ifdef MADV_POPULATE_WRITE
  for (const Step& s : population_order(ranges, page_size())) {
    if (stop_.load(std::memory_order_relaxed)) {
      return;
    }
    if (madvise(reinterpret_cast<void*>(s.begin), s.end - s.begin, MADV_POPULATE_WRITE) != 0) {
      return;  // an older kernel, or memory it will not populate: the faults stay where they were
    }
  }
#else
  (void)ranges;
#endif
}

}  // namespace collsim::memory
