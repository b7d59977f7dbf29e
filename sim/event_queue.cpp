#include "sim/event_queue.h"

#include <cassert>
#include <stdexcept>

#include "sim/four_ary_heap.h"
#include "memory/reused_slot.h"

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

void EventQueue::Lane::grow() {
  memory::HugeVector<Entry> bigger(buffer_.empty() ? 64 : 2 * buffer_.size());
  for (std::size_t i = 0; i < size_; ++i) {
    bigger[i] = buffer_[(head_ + i) & (buffer_.size() - 1)];
  }
  buffer_ = std::move(bigger);
  head_ = 0;
}

void EventQueue::heap_push(Entry e) {
  heap_.push_back(e);
  four_ary_sift_up(heap_, heap_.size() - 1, e, before);
}

void EventQueue::heap_pop() {
  const Entry last = heap_.back();
  heap_.pop_back();
  if (!heap_.empty()) {
    four_ary_sift_down(heap_, 0, last, before);
  }
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
  if (late && at == now_) {
    push_lane(LATE_LANE, e);
    return key;
  }
  if (!late) {
    // Same delay, later or equal now, larger key: appending keeps a lane sorted.
    const std::int64_t delay = (at - now_).ps();
    std::size_t free_lane = LANES;
    for (std::size_t i = 0; i < LANES; ++i) {
      if (lanes_[i].delay == delay) {
        assert(lanes_[i].empty() || before(lanes_[i].back(), e));
        push_lane(i, e);
        return key;
      }
      if (free_lane == LANES && lanes_[i].empty()) {
        free_lane = i;
      }
    }
    if (free_lane != LANES) {
      lanes_[free_lane].delay = delay;
      push_lane(free_lane, e);
      return key;
    }
  }
  heap_push(e);
  heads_[HEAP] = Head{heap_.front().time, heap_.front().key};
  return key;
}

void EventQueue::schedule(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                          Priority priority) {
  push(at, handler, kind, id, priority, EventHandle::NONE);
}

EventHandle EventQueue::schedule_cancellable(core::Time at, EventHandler& handler,
                                             std::uint8_t kind, std::uint32_t id,
                                             Priority priority) {
  const std::uint32_t slot = memory::take_reused_slot(slot_key_, free_slots_);
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

void EventQueue::pop_source(std::size_t source) {
  if (source == HEAP) {
    heap_pop();
    heads_[HEAP] = heap_.empty() ? Head{} : Head{heap_.front().time, heap_.front().key};
  } else {
    Lane& lane = lanes_[source];
    lane.pop();
    heads_[source] = lane.empty() ? Head{} : Head{lane.front().time, lane.front().key};
  }
}

void EventQueue::announce_front(std::size_t source) const {
  auto announce = [](const Entry& e, Ahead ahead) {
    e.handler->prefetch(static_cast<std::uint8_t>(e.key & 0xff), e.id, ahead);
  };
  if (source == HEAP) {
    if (!heap_.empty()) {
      announce(heap_.front(), Ahead::NEXT);
    }
    return;
  }
  const Lane& lane = lanes_[source];
  if (lane.size() > FAR_AT) {
    announce(lane.at(FAR_AT), Ahead::FAR);
  }
  if (lane.size() > NEAR_AT) {
    announce(lane.at(NEAR_AT), Ahead::NEAR);
  }
  if (!lane.empty()) {
    announce(lane.front(), Ahead::NEXT);
  }
}

// Pops the least event that was not cancelled and whose time is <= limit; cancelled
// entries are dropped as they reach the front.
bool EventQueue::pop_live(Entry& out, core::Time limit) {
  for (;;) {
    std::size_t best = 0;
    for (std::size_t i = 1; i <= HEAP; ++i) {
      const Head& h = heads_[i];
      const Head& b = heads_[best];
      if (h.time < b.time || (h.time == b.time && h.key < b.key)) {
        best = i;
      }
    }
    const bool empty = best == HEAP ? heap_.empty() : lanes_[best].empty();
    if (empty || heads_[best].time > limit.ps()) {
      return false;
    }
    const Entry& front = best == HEAP ? heap_.front() : lanes_[best].front();
    if (is_cancelled(front)) {
      pop_source(best);
      continue;
    }
    out = front;
    pop_source(best);
    announce_front(best);
    if (out.slot != EventHandle::NONE) {
      slot_key_[out.slot] = 0;
      free_slots_.push_back(out.slot);
    }
    return true;
  }
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
