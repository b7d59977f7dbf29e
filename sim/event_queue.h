#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include "core/time.h"

namespace collsim::sim {

// EventHandler: a component that schedules events for itself (htsim style) and is called
// back when one fires. `kind` and `id` are the values it passed to schedule().
class EventHandler {
 public:
  virtual void on_event(std::uint8_t kind, std::uint32_t id) = 0;

 protected:
  ~EventHandler() = default;
};

// A scheduled event that can be cancelled. Default-constructed = nothing scheduled.
struct EventHandle {
  static constexpr std::uint32_t NONE = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t slot = NONE;
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
// Structure: a 4-ary min-heap of 32-byte entries; cancellation is lazy (a cancelled
// entry stays in the heap and is skipped when it reaches the top), so only cancellable
// events pay for a slot. Complexity: schedule O(log n), cancel O(1), next event
// O(log n) amortised. No allocation per event once the heap has grown.
class EventQueue {
 public:
  enum class Priority : std::uint8_t { NORMAL, LATE };

  // Schedules handler.on_event(kind, id) at time `at` (>= now()).
  void schedule(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                Priority priority = Priority::NORMAL);
  // Same, and returns a handle that cancel() accepts.
  EventHandle schedule_cancellable(core::Time at, EventHandler& handler, std::uint8_t kind,
                                   std::uint32_t id, Priority priority = Priority::NORMAL);
  // Cancels a scheduled event (no-op for an empty handle) and empties the handle.
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
  static bool before(const Entry& a, const Entry& b) {
    return a.time < b.time || (a.time == b.time && a.key < b.key);
  }
  std::uint64_t push(core::Time at, EventHandler& handler, std::uint8_t kind, std::uint32_t id,
                     Priority priority, std::uint32_t slot);
  Entry pop();
  bool pop_live(Entry& out, core::Time limit);

  std::vector<Entry> heap_;
  std::vector<std::uint64_t> slot_key_;  // key of the live event in each slot, 0 = free
  std::vector<std::uint32_t> free_slots_;
  core::Time now_;
  std::uint64_t sequence_ = 0;
  std::size_t live_ = 0;
  std::uint64_t executed_ = 0;
  std::uint64_t fingerprint_ = 0xcbf29ce484222325ULL;
};

}  // namespace collsim::sim
