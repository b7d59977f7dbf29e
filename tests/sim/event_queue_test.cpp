#include "sim/event_queue.h"

#include <set>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::sim {
namespace {

using core::Time;

Time ps(std::int64_t v) {
  return Time::from_ps(v);
}

// Records (time, id) of every event it receives; optionally schedules follow-ups.
class Recorder final : public EventHandler {
 public:
  explicit Recorder(EventQueue& q) : q_(q) {}
  void on_event(std::uint8_t kind, std::uint32_t id) override {
    seen.emplace_back(q_.now().ps(), id);
    kinds.push_back(kind);
    if (id == 100) {  // schedule a NORMAL event at the same instant from inside the instant
      q_.schedule(q_.now(), *this, 0, 101);
    }
  }
  std::vector<std::pair<std::int64_t, std::uint32_t>> seen;
  std::vector<std::uint8_t> kinds;

 private:
  EventQueue& q_;
};

TEST(EventQueue, RunsInTimeThenInsertionOrder) {
  EventQueue q;
  Recorder r(q);
  q.schedule(ps(30), r, 0, 1);
  q.schedule(ps(10), r, 0, 2);
  q.schedule(ps(20), r, 0, 3);
  q.schedule(ps(10), r, 0, 4);
  q.schedule(ps(10), r, 0, 5);
  q.run();
  const std::vector<std::pair<std::int64_t, std::uint32_t>> want{
      {10, 2}, {10, 4}, {10, 5}, {20, 3}, {30, 1}};
  EXPECT_EQ(r.seen, want);
  EXPECT_EQ(q.now(), ps(30));
  EXPECT_EQ(q.events_executed(), 5u);
  EXPECT_TRUE(q.empty());
}

TEST(EventQueue, LateRunsAfterEveryNormalEventOfTheSameInstant) {
  EventQueue q;
  Recorder r(q);
  q.schedule(ps(5), r, 0, 7, EventQueue::Priority::LATE);
  q.schedule(ps(5), r, 0, 100);  // schedules 101 at t=5 while t=5 is being processed
  q.schedule(ps(6), r, 0, 8);
  q.run();
  const std::vector<std::pair<std::int64_t, std::uint32_t>> want{
      {5, 100}, {5, 101}, {5, 7}, {6, 8}};
  EXPECT_EQ(r.seen, want);
}

TEST(EventQueue, CancelSkipsTheEventAndReusesItsSlot) {
  EventQueue q;
  Recorder r(q);
  EventHandle a = q.schedule_cancellable(ps(10), r, 0, 1);
  EventHandle b = q.schedule_cancellable(ps(20), r, 0, 2);
  EXPECT_EQ(q.pending(), 2u);
  q.cancel(a);
  EXPECT_FALSE(a.scheduled());
  EXPECT_EQ(q.pending(), 1u);
  q.cancel(a);  // cancelling an empty handle is a no-op
  // The freed slot is reused; the stale heap entry of the cancelled event must not run.
  EventHandle c = q.schedule_cancellable(ps(10), r, 0, 3);
  EXPECT_EQ(c.slot, 0u);
  q.run();
  const std::vector<std::pair<std::int64_t, std::uint32_t>> want{{10, 3}, {20, 2}};
  EXPECT_EQ(r.seen, want);
  EXPECT_EQ(q.events_executed(), 2u);
  // b already ran and its slot may be reused: cancelling it now must not touch the
  // event that holds the slot today.
  EventHandle d = q.schedule_cancellable(ps(30), r, 0, 4);
  q.cancel(b);
  EXPECT_EQ(q.pending(), 1u);
  q.run();
  EXPECT_EQ(r.seen.back(), (std::pair<std::int64_t, std::uint32_t>{30, 4}));
  (void)d;
}

TEST(EventQueue, RunUntilStopsAtTheLimitAndAdvancesTime) {
  EventQueue q;
  Recorder r(q);
  q.schedule(ps(10), r, 0, 1);
  q.schedule(ps(20), r, 0, 2);
  q.schedule(ps(30), r, 0, 3);
  q.run_until(ps(20));
  EXPECT_EQ(r.seen.size(), 2u);
  EXPECT_EQ(q.now(), ps(20));
  q.run_until(ps(25));
  EXPECT_EQ(q.now(), ps(25));
  EXPECT_EQ(q.pending(), 1u);
  q.run();
  EXPECT_EQ(r.seen.back(), (std::pair<std::int64_t, std::uint32_t>{30, 3}));
}

TEST(EventQueue, FingerprintIdentifiesTheEventStream) {
  auto stream = [](std::uint32_t last_id, std::int64_t last_time, std::uint8_t last_kind) {
    EventQueue q;
    Recorder r(q);
    for (std::uint32_t i = 0; i < 50; ++i) {
      q.schedule(ps(i * 7 % 13), r, 1, i);
    }
    q.schedule(ps(last_time), r, last_kind, last_id);
    q.run();
    return q.fingerprint();
  };
  const std::uint64_t base = stream(99, 40, 1);
  EXPECT_EQ(base, stream(99, 40, 1));
  EXPECT_NE(base, stream(98, 40, 1));  // another id
  EXPECT_NE(base, stream(99, 41, 1));  // another time
  EXPECT_NE(base, stream(99, 40, 2));  // another kind
}

TEST(EventQueue, ManyEventsComeOutSorted) {
  EventQueue q;
  Recorder r(q);
  std::uint64_t x = 12345;
  for (std::uint32_t i = 0; i < 5000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    q.schedule(ps(static_cast<std::int64_t>(x >> 50)), r, 0, 1000 + i);  // clear of id 100
  }
  q.run();
  ASSERT_EQ(r.seen.size(), 5000u);
  for (std::size_t i = 1; i < r.seen.size(); ++i) {
    ASSERT_LE(r.seen[i - 1].first, r.seen[i].first);
    if (r.seen[i - 1].first == r.seen[i].first) {
      ASSERT_LT(r.seen[i - 1].second, r.seen[i].second);  // insertion order on ties
    }
  }
}

// Schedules follow-ups with a mix of a few fixed delays (lanes), random delays (heap),
// LATE events and cancellations, and checks every event against a reference: a sorted
// set of the pending (time, priority, insertion number) that must start with it.
class Mixer final : public EventHandler {
 public:
  explicit Mixer(EventQueue& q) : q_(q) {}
  using Key = std::tuple<std::int64_t, bool, std::uint32_t>;

  void schedule(std::int64_t at, bool late, bool cancellable) {
    const auto prio = late ? EventQueue::Priority::LATE : EventQueue::Priority::NORMAL;
    const std::uint32_t id = next_id_++;
    pending_.emplace(at, late, id);
    if (cancellable) {
      handles_.emplace_back(q_.schedule_cancellable(ps(at), *this, late, id, prio),
                            Key{at, late, id});
    } else {
      q_.schedule(ps(at), *this, late, id, prio);
    }
  }
  void on_event(std::uint8_t kind, std::uint32_t id) override {
    ASSERT_FALSE(pending_.empty());
    EXPECT_EQ(*pending_.begin(), (Key{q_.now().ps(), kind == 1, id}));
    pending_.erase(pending_.begin());
    ++ran;
    if (next_id_ > 20000) {
      return;
    }
    for (int i = 0; i < 2; ++i) {
      x_ = x_ * 6364136223846793005ULL + 1442695040888963407ULL;
      const std::uint64_t r = x_ >> 33;
      const std::int64_t delays[] = {0, 5, 5, 17, 1000, static_cast<std::int64_t>(r % 3000)};
      schedule(q_.now().ps() + delays[r % 6], (r >> 8) % 7 == 0, (r >> 12) % 5 == 0);
      if ((r >> 16) % 4 == 0 && !handles_.empty()) {
        auto& [handle, key] = handles_[r % handles_.size()];
        q_.cancel(handle);
        pending_.erase(key);  // a no-op if it already ran
      }
    }
  }
  std::size_t ran = 0;
  bool drained() const { return pending_.empty(); }

 private:
  EventQueue& q_;
  std::set<Key> pending_;
  std::vector<std::pair<EventHandle, Key>> handles_;
  std::uint32_t next_id_ = 0;
  std::uint64_t x_ = 99;
};

TEST(EventQueue, LanesHeapAndLateEventsKeepOneTotalOrder) {
  EventQueue q;
  Mixer m(q);
  m.schedule(0, false, false);
  q.run();
  EXPECT_GT(m.ran, 10000u);
  EXPECT_TRUE(m.drained());
  EXPECT_TRUE(q.empty());
}

// Logs the events it runs and the ones announced to it, in one stream.
class AnnounceLog final : public EventHandler {
 public:
  void on_event(std::uint8_t kind, std::uint32_t id) override { log.emplace_back('r', kind, id); }
  // 'f', 'n', 'p': announced FAR, NEAR, NEXT; 'r': run.
  void prefetch(std::uint8_t kind, std::uint32_t id, Ahead ahead) const override {
    log.emplace_back(ahead == Ahead::FAR ? 'f' : ahead == Ahead::NEAR ? 'n' : 'p', kind, id);
  }
  mutable std::vector<std::tuple<char, std::uint8_t, std::uint32_t>> log;
};

TEST(EventQueue, AnnouncesTheNextEventOfASourceBeforeRunningTheCurrentOne) {
  EventQueue q;
  AnnounceLog h;
  q.schedule(ps(10), h, 1, 1);  // a lane at delay 10
  q.schedule(ps(10), h, 2, 2);  // the same lane
  q.schedule(ps(50), h, 3, 3);  // another lane
  EventHandle cancelled = q.schedule_cancellable(ps(70), h, 4, 4);
  q.schedule(ps(70), h, 5, 5);
  q.cancel(cancelled);
  q.run();
  using E = std::tuple<char, std::uint8_t, std::uint32_t>;
  // Event 2 is announced when event 1 leaves the lane; a lane emptied announces nothing;
  // a cancelled front is dropped unannounced.
  const std::vector<E> expected{E{'p', 2, 2}, E{'r', 1, 1}, E{'r', 2, 2}, E{'r', 3, 3},
                                E{'r', 5, 5}};
  EXPECT_EQ(h.log, expected);
}

TEST(EventQueue, AnnouncesALaneEntryFarAndNearBeforeItIsNext) {
  EventQueue q;
  AnnounceLog h;
  for (std::uint32_t id = 1; id <= 7; ++id) {
    q.schedule(ps(10), h, 1, id);  // one lane, in order
  }
  q.run();
  using E = std::tuple<char, std::uint8_t, std::uint32_t>;
  // When an event leaves the lane, the entry now four behind the new front is announced FAR,
  // the one two behind NEAR, then the new front NEXT; an entry that never had four (two)
  // ahead of it misses that stage, and the last event is announced once.
  const std::vector<E> expected{E{'f', 1, 6}, E{'n', 1, 4}, E{'p', 1, 2}, E{'r', 1, 1},  // 1 leaves
                                E{'f', 1, 7}, E{'n', 1, 5}, E{'p', 1, 3}, E{'r', 1, 2},  // 2
                                E{'n', 1, 6}, E{'p', 1, 4}, E{'r', 1, 3},                // 3
                                E{'n', 1, 7}, E{'p', 1, 5}, E{'r', 1, 4},                // 4
                                E{'p', 1, 6}, E{'r', 1, 5},                              // 5
                                E{'p', 1, 7}, E{'r', 1, 6},                              // 6
                                E{'r', 1, 7}};
  EXPECT_EQ(h.log, expected);
}

}  // namespace
}  // namespace collsim::sim
