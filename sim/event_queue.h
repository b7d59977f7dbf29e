#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "memory/huge_page_allocator.h"
#include "core/time.h"

namespace collsim::sim {

// EventHandler: a component that schedules events for itself (htsim style) and is called
// back when one fires. `kind` and `id` are the values it passed to schedule().
// Look-ahead hints, in stages, so that a chain of records (an op's, the route it names, the
// links the route names) can be fetched one link per stage: prefetch() says the event
// (kind, id) comes up some events from now (FAR, NEAR) or next from its source (NEXT). A
// handler may ask the cache for the records it will touch then; at FAR it must not load
// anything that may miss (so the hint never waits), at NEAR it may read what it asked for at
// FAR, at NEXT what it asked for at NEAR. It must not change any state; the default does
// nothing. An event gets any subset of the stages, in that order.
enum class Ahead : std::uint8_t { FAR, NEAR, NEXT };

class EventHandler {
 public:
  virtual void on_event(std::uint8_t kind, std::uint32_t id) = 0;
  virtual void prefetch(std::uint8_t /*kind*/, std::uint32_t /*id*/, Ahead /*ahead*/) const {}

 protected:
  ~EventHandler() = default;
};

// A scheduled event that can be cancelled. Default-constructed = nothing scheduled. It
// stays safe after the event ran: cancelling it then is a no-op, even if its slot was
// reused, because the handle also holds the event's key.
struct EventHandle {
  static constexpr std::uint32_t NONE = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t slot = NONE;
  std::uint64_t key = 0;
  bool scheduled() const { return slot != NONE; }
};

// EventQueue: the discrete-event core. It knows nothing of networks.
//
// Order: events run in the total order (time, priority, sequence), where the sequence
// number counts schedule() calls, so equal-time events run in insertion order and a run
// is reproducible bit for bit. Priority LATE runs after every NORMAL event of the same
// instant, including NORMAL events scheduled while that instant is being processed: a
// component uses it to act once per instant on a batch of changes (the flow model
// recomputes rates once per instant).
// Fingerprint: a 64-bit hash over (time, sequence, kind, id) of every executed event,
// in order (OMNeT++-style), so tests can compare whole event streams.
// Structure: a 4-ary min-heap of 32-byte entries, plus FIFO lanes. Simulations schedule
// most events a fixed delay ahead (a step latency, a transfer of a usual size at a usual
// rate); events scheduled with the same delay from a non-decreasing now() are already in
// order, so each of a few recent delays gets a FIFO lane, and LATE events for the current
// instant get one more; only the rest go through the heap. The next event is the least of
// the heap top and the lane fronts, whose keys are kept side by side. Look-ahead: when an
// event is taken from a lane or the heap, the event now at that source's front is announced
// to its handler (EventHandler::prefetch, NEXT), and for a lane also the ones NEAR_AT and
// FAR_AT places behind it, so that their records are on their way from memory while the
// current event runs. Cancellation is lazy
// (a cancelled entry is dropped when it is the least), so only cancellable events pay for
// a slot.
// Complexity: schedule O(1) into a lane, O(log n) into the heap; cancel O(1); next event
// O(LANES) plus a heap pop when the heap has it. No allocation per event once the
// containers have grown.
class EventQueue {
 public:
  enum class Priority : std::uint8_t { NORMAL, LATE };

  // Schedules handler.on_event(kind, id) at time `at` (>= now()).
  void schedule(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                Priority priority = Priority::NORMAL);
  // Same, and returns a handle that cancel() accepts.
  EventHandle schedule_cancellable(core::Time at, EventHandler& handler, std::uint8_t kind,
                                   std::uint32_t id, Priority priority = Priority::NORMAL);
  // Cancels the event if it has not run yet, and empties the handle.
  void cancel(EventHandle& handle);

  // Runs events until none is left.
  void run();
  // Runs the events with time <= t, then sets now() to t (if t is later).
  void run_until(core::Time t);

  core::Time now() const { return now_; }
  bool empty() const { return live_ == 0; }
  std::size_t pending() const { return live_; }
  std::uint64_t events_executed() const { return executed_; }
  std::uint64_t fingerprint() const { return fingerprint_; }

 private:
  struct Entry {
    std::int64_t time;
    std::uint64_t key;  // priority (1 bit) | sequence (55 bits) | kind (8 bits)
    EventHandler* handler;
    std::uint32_t id;
    std::uint32_t slot;  // EventHandle::NONE if not cancellable
  };
  static_assert(sizeof(Entry) == 32, "two entries per cache line; docs/engine.md lists it");
  static bool before(const Entry& a, const Entry& b) {
    return a.time < b.time || (a.time == b.time && a.key < b.key);
  }
  // A FIFO of entries in (time, key) order: a ring buffer whose capacity is a power of 2.
  class Lane {
   public:
    bool empty() const { return size_ == 0; }
    const Entry& front() const { return buffer_[head_]; }
    std::size_t size() const { return size_; }
    const Entry& at(std::size_t i) const { return buffer_[(head_ + i) & (buffer_.size() - 1)]; }
    const Entry& back() const { return buffer_[(head_ + size_ - 1) & (buffer_.size() - 1)]; }
    // Inline, growth apart: nearly every event passes here, and a call would cost more than
    // the push.
    void push(const Entry& e) {
      if (size_ == buffer_.size()) {
        grow();
      }
      buffer_[(head_ + size_) & (buffer_.size() - 1)] = e;
      ++size_;
    }
    void pop() {
      head_ = (head_ + 1) & (buffer_.size() - 1);
      --size_;
    }
    std::int64_t delay = -1;  // the delay this lane takes; -1 = unassigned

   private:
    void grow();

    memory::HugeVector<Entry> buffer_;
    std::size_t head_ = 0;
    std::size_t size_ = 0;
  };
  static constexpr std::size_t LANES = 8;
  // A lane's entries announced ahead: FAR when 4 others are ahead of them, NEAR at 2.
  static constexpr std::size_t FAR_AT = 4;
  static constexpr std::size_t NEAR_AT = 2;
  static constexpr std::size_t LATE_LANE = LANES;  // lanes_[LATE_LANE]: LATE events of now()
  static constexpr std::size_t HEAP = LANES + 1;   // heads_[HEAP]: the heap's top
  // The (time, key) of a source's front, copied out so that finding the next event scans
  // one small array; an empty source holds the largest pair.
  struct Head {
    std::int64_t time = std::numeric_limits<std::int64_t>::max();
    std::uint64_t key = std::numeric_limits<std::uint64_t>::max();
  };

  std::uint64_t push(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                     Priority priority, std::uint32_t slot);
  // By value: the entry the caller built stays in its registers (see push()).
  void heap_push(Entry e);
  void heap_pop();
  bool is_cancelled(const Entry& e) const {
    return e.slot != EventHandle::NONE && slot_key_[e.slot] != e.key;
  }
  void push_lane(std::size_t lane, const Entry& e) {
    if (lanes_[lane].empty()) {
      heads_[lane] = Head{e.time, e.key};
    }
    lanes_[lane].push(e);
  }
  void pop_source(std::size_t source);
  void announce_front(std::size_t source) const;
  bool pop_live(Entry& out, core::Time limit);

  memory::HugeVector<Entry> heap_;
  Lane lanes_[LANES + 1];
  Head heads_[LANES + 2];
  memory::HugeVector<std::uint64_t> slot_key_;  // key of the live event in each slot, 0 = free
  std::vector<std::uint32_t> free_slots_;
  core::Time now_;
  std::uint64_t sequence_ = 0;
  std::size_t live_ = 0;
  std::uint64_t fingerprint_ = 0xcbf29ce484222325ULL;
  // Not next to live_: the compiler would update the two with one 16-byte load, which
  // cannot be forwarded from the 8-byte store of live_ that schedule() has just made.
  std::uint64_t executed_ = 0;
};

}  // namespace collsim::sim
