#include "core/background_prefault.h"

#include <algorithm>
#include <cstdint>
#include <sys/mman.h>
#include <unistd.h>

namespace collsim::core {
namespace {

constexpr std::size_t STEP = std::size_t{2} << 20;

}  // namespace

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

void BackgroundPrefault::populate(std::vector<std::span<std::byte>> ranges) {
#ifdef MADV_POPULATE_WRITE
  const auto page = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  for (const std::span<std::byte> r : ranges) {
    // Whole pages inside the range: a partial page may hold another object's bytes, which
    // populating would not change, but which is not this range's to ask about.
    const auto begin = (reinterpret_cast<std::uintptr_t>(r.data()) + page - 1) / page * page;
    const auto end = reinterpret_cast<std::uintptr_t>(r.data() + r.size()) / page * page;
    for (std::uintptr_t at = begin; at < end; at += STEP) {
      if (stop_.load(std::memory_order_relaxed)) {
        return;
      }
      const std::size_t len = std::min<std::uintptr_t>(STEP, end - at);
      if (madvise(reinterpret_cast<void*>(at), len, MADV_POPULATE_WRITE) != 0) {
        return;  // an older kernel, or memory it will not populate: the faults stay where they were
      }
    }
  }
#else
  (void)ranges;
#endif
}

}  // namespace collsim::core
