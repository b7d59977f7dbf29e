#include "sim/event_queue.h"

#include <bit>
#include <cassert>
#include <stdexcept>

namespace collsim::sim {
namespace {

constexpr std::uint64_t LATE_BIT = std::uint64_t{1} << 63;
constexpr std::uint64_t MAX_SEQUENCE = (std::uint64_t{1} << 55) - 1;

// splitmix64's finaliser: cheap and well mixed, so any change in the stream shows.
std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  std::uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

void EventQueue::Lane::push(const Entry& e) {
  if (size_ == buffer_.size()) {
    std::vector<Entry> bigger(buffer_.empty() ? 64 : 2 * buffer_.size());
    for (std::size_t i = 0; i < size_; ++i) {
      bigger[i] = buffer_[(head_ + i) & (buffer_.size() - 1)];
    }
    buffer_ = std::move(bigger);
    head_ = 0;
  }
  buffer_[(head_ + size_) & (buffer_.size() - 1)] = e;
  ++size_;
}

void EventQueue::heap_push(const Entry& e) {
  heap_.push_back(e);
  std::size_t i = heap_.size() - 1;
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!before(e, heap_[parent])) {
      break;
    }
    heap_[i] = heap_[parent];
    i = parent;
  }
  heap_[i] = e;
}

void EventQueue::heap_pop() {
  const Entry last = heap_.back();
  heap_.pop_back();
  const std::size_t n = heap_.size();
  if (n == 0) {
    return;
  }
  std::size_t i = 0;
  for (;;) {
    const std::size_t first = 4 * i + 1;
    if (first >= n) {
      break;
    }
    std::size_t best = first;
    const std::size_t end = first + 4 < n ? first + 4 : n;
    for (std::size_t c = first + 1; c < end; ++c) {
      if (before(heap_[c], heap_[best])) {
        best = c;
      }
    }
    if (!before(heap_[best], last)) {
      break;
    }
    heap_[i] = heap_[best];
    i = best;
  }
  heap_[i] = last;
}

std::uint64_t EventQueue::push(core::Time at, EventHandler& handler, std::uint8_t kind,
                               std::uint32_t id, Priority priority, std::uint32_t slot) {
  assert(at >= now_);
  if (sequence_ >= MAX_SEQUENCE) {
    throw std::length_error("event sequence space exhausted");
  }
  const bool late = priority == Priority::LATE;
  const std::uint64_t key = (late ? LATE_BIT : 0) | (++sequence_ << 8) | kind;
  const Entry e{at.ps(), key, &handler, id, slot};
  ++live_;
  if (late) {
    if (at == now_) {
      late_now_.push(e);
      nonempty_ |= 1u << LANES;
    } else {
      heap_push(e);
    }
    return key;
  }
  // Same delay, later or equal now, larger key: appending keeps a lane sorted.
  const std::int64_t delay = (at - now_).ps();
  Lane* free_lane = nullptr;
  for (std::size_t i = 0; i < LANES; ++i) {
    Lane& lane = lanes_[i];
    if (lane.delay == delay) {
      assert(lane.empty() || before(lane.back(), e));
      lane.push(e);
      nonempty_ |= 1u << i;
      return key;
    }
    if (free_lane == nullptr && lane.empty()) {
      free_lane = &lane;
    }
  }
  if (free_lane != nullptr) {
    free_lane->delay = delay;
    free_lane->push(e);
    nonempty_ |= 1u << (free_lane - lanes_);
  } else {
    heap_push(e);
  }
  return key;
}

void EventQueue::schedule(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                          Priority priority) {
  push(at, handler, kind, id, priority, EventHandle::NONE);
}

EventHandle EventQueue::schedule_cancellable(core::Time at, EventHandler& handler,
                                             std::uint8_t kind, std::uint32_t id,
                                             Priority priority) {
  std::uint32_t slot = 0;
  if (free_slots_.empty()) {
    slot = static_cast<std::uint32_t>(slot_key_.size());
    slot_key_.push_back(0);
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  slot_key_[slot] = push(at, handler, kind, id, priority, slot);
  return EventHandle{slot, slot_key_[slot]};
}

void EventQueue::cancel(EventHandle& handle) {
  if (handle.scheduled() && slot_key_[handle.slot] == handle.key) {
    slot_key_[handle.slot] = 0;
    free_slots_.push_back(handle.slot);
    --live_;
  }
  handle = EventHandle{};
}

// Pops the least event that was not cancelled and whose time is <= limit.
bool EventQueue::pop_live(Entry& out, core::Time limit) {
  // The least front among the heap, the lanes and the late lane; cancelled fronts are
  // dropped on the way.
  const Entry* best = nullptr;
  Lane* best_lane = nullptr;
  while (!heap_.empty() && is_cancelled(heap_.front())) {
    heap_pop();
  }
  if (!heap_.empty()) {
    best = &heap_.front();
  }
  std::uint32_t best_bit = 0;
  for (std::uint32_t mask = nonempty_; mask != 0; mask &= mask - 1) {
    const std::uint32_t bit = mask & (~mask + 1);
    Lane& lane = bit == (1u << LANES) ? late_now_ : lanes_[std::countr_zero(mask)];
    while (!lane.empty() && is_cancelled(lane.front())) {
      lane.pop();
    }
    if (lane.empty()) {
      nonempty_ &= ~bit;
    } else if (best == nullptr || before(lane.front(), *best)) {
      best = &lane.front();
      best_lane = &lane;
      best_bit = bit;
    }
  }
  if (best == nullptr || best->time > limit.ps()) {
    return false;
  }
  out = *best;
  if (best_lane != nullptr) {
    best_lane->pop();
    if (best_lane->empty()) {
      nonempty_ &= ~best_bit;
    }
  } else {
    heap_pop();
  }
  if (out.slot != EventHandle::NONE) {
    slot_key_[out.slot] = 0;
    free_slots_.push_back(out.slot);
  }
  return true;
}

void EventQueue::run_until(core::Time t) {
  Entry e{};
  while (pop_live(e, t)) {
    --live_;
    now_ = core::Time::from_ps(e.time);
    ++executed_;
    // Sequence and kind share one word: the key without its priority bit.
    fingerprint_ =
        mix(mix(mix(fingerprint_, static_cast<std::uint64_t>(e.time)), e.key & ~LATE_BIT), e.id);
    e.handler->on_event(static_cast<std::uint8_t>(e.key & 0xff), e.id);
  }
  if (t > now_ && t != core::Time::max()) {
    now_ = t;
  }
}

void EventQueue::run() {
  run_until(core::Time::max());
}

}  // namespace collsim::sim
