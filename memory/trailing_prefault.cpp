#include "memory/trailing_prefault.h"

#include <algorithm>
#include <sys/mman.h>

namespace collsim::memory {
namespace {

std::uintptr_t address(const std::byte* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

std::uintptr_t round_up(std::uintptr_t x, std::uintptr_t to) {
  return (x + to - 1) / to * to;
}

}  // namespace

TrailingPrefault::TrailingPrefault(std::vector<std::span<std::byte>> ranges)
    : ranges_(std::move(ranges)) {
  std::size_t total = 0;
  for (const std::span<std::byte> r : ranges_) {
    total += r.size();
    cursors_.push_back(cursor(r, BackgroundPrefault::page_size()));
  }
#ifdef MADV_POPULATE_WRITE
  if (total >= BackgroundPrefault::MIN_BYTES) {
    marks_ = std::make_unique<std::atomic<std::size_t>[]>(ranges_.size());
    thread_ = std::thread(&TrailingPrefault::populate, this);
  }
#endif
}

TrailingPrefault::~TrailingPrefault() {
  stop_and_join();
}

TrailingPrefault::Cursor TrailingPrefault::cursor(std::span<std::byte> range, std::uintptr_t page) {
  const BackgroundPrefault::Step pages = BackgroundPrefault::whole_pages(range, page);
  return Cursor{pages.begin, pages.end, pages.begin};
}

std::optional<BackgroundPrefault::Step> TrailingPrefault::next_step(
    std::span<Cursor> cursors, std::span<const std::uintptr_t> marks) {
  Cursor* best = nullptr;
  std::uintptr_t best_lead = 0;
  for (std::size_t i = 0; i < cursors.size(); ++i) {
    Cursor& c = cursors[i];
    if (c.next < marks[i]) {
      // The owner is faulting the page its mark is in: start past it.
      c.next = std::clamp(round_up(marks[i], STEP), c.begin, c.end);
    }
    if (c.next >= c.end) {
      continue;
    }
    const std::uintptr_t lead = c.next - marks[i];
    if (lead < LEAD && (best == nullptr || lead < best_lead)) {
      best = &c;
      best_lead = lead;
    }
  }
  if (best == nullptr) {
    return std::nullopt;
  }
  const BackgroundPrefault::Step step{best->next,
                                      std::min(best->end, (best->next / STEP + 1) * STEP)};
  best->next = step.end;
  best->populated_end = step.end;
  return step;
}

void TrailingPrefault::populate() {
#ifdef MADV_POPULATE_WRITE
  std::vector<std::uintptr_t> marks(ranges_.size());
  while (!stop_.load(std::memory_order_relaxed)) {
    for (std::size_t i = 0; i < ranges_.size(); ++i) {
      marks[i] = address(ranges_[i].data()) + marks_[i].load(std::memory_order_relaxed);
    }
    if (const auto s = next_step(cursors_, marks)) {
      if (madvise(reinterpret_cast<void*>(s->begin), s->end - s->begin, MADV_POPULATE_WRITE) != 0) {
        return;  // an older kernel, or memory it will not populate
      }
      continue;
    }
    if (std::all_of(cursors_.begin(), cursors_.end(),
                    [](const Cursor& c) { return c.next >= c.end; })) {
      return;
    }
    std::this_thread::sleep_for(WAIT);
  }
#endif
}

void TrailingPrefault::stop_and_join() {
  if (thread_.joinable()) {
    stop_.store(true, std::memory_order_relaxed);
    thread_.join();
  }
}

void TrailingPrefault::finish(std::span<const std::size_t> used) {
  stop_and_join();
  const std::uintptr_t page = BackgroundPrefault::page_size();
  for (std::size_t i = 0; i < ranges_.size(); ++i) {
    const std::uintptr_t at = address(ranges_[i].data()) + std::min(used[i], ranges_[i].size());
    const std::uintptr_t from = round_up(at, page);
    // The owner's own last fault may have brought in a whole 2 MiB page past its use.
    const std::uintptr_t to =
        std::min(cursors_[i].end, std::max(cursors_[i].populated_end, round_up(at, STEP)));
    if (from < to) {
      // Bytes past the owner's use are not its objects: giving their pages back changes none.
      (void)madvise(reinterpret_cast<void*>(from), to - from, MADV_DONTNEED);
    }
  }
}

}  // namespace collsim::memory
