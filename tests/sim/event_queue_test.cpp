#include "sim/event_queue.h"

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
  (void)b;
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

}  // namespace
}  // namespace collsim::sim
