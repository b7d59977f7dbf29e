#include "sim/network_model.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <random>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sim/event_queue.h"
#include "tests/sim/random_routes.h"

namespace collsim::sim {
namespace {

using core::Bandwidth;
using core::Time;

constexpr std::int64_t GBPS = 1'000'000'000;  // 1 GB/s = 1 byte per ns

// Records when each transfer finished, and whether a callback ever came from inside
// start() (the contract forbids it).
class Sink final : public TransferSink {
 public:
  explicit Sink(EventQueue& q) : q_(q) {}
  void on_transfer_done(TransferId id) override {
    EXPECT_FALSE(inside_start) << "transfer " << id << " finished inside start()";
    done[id] = q_.now().ps();
  }
  std::map<TransferId, std::int64_t> done;
  bool inside_start = false;

 private:
  EventQueue& q_;
};

// Starts a transfer at time `at` through an event, as the executor does.
class Starter final : public EventHandler {
 public:
  struct Job {
    TransferId id;
    Route route;
    core::Bytes bytes;
  };
  Starter(NetworkModel& m, Sink& s) : m_(m), s_(s) {}
  void add(EventQueue& q, Time at, Job job) {
    jobs_.push_back(job);
    q.schedule(at, *this, 0, static_cast<std::uint32_t>(jobs_.size() - 1));
  }
  void on_event(std::uint8_t, std::uint32_t i) override {
    s_.inside_start = true;
    m_.start(jobs_[i].id, jobs_[i].route, jobs_[i].bytes);
    s_.inside_start = false;
  }

 private:
  NetworkModel& m_;
  Sink& s_;
  std::vector<Job> jobs_;
};

std::string model_name(const ::testing::TestParamInfo<NetworkKind>& kind) {
  return std::string(network_kind_name(kind.param));
}

// A model of kind `kind_` over links of the given capacities, and a way to start transfers.
class ModelFixture : public ::testing::Test {
 protected:
  void make(std::vector<std::int64_t> caps) {
    sink_ = std::make_unique<Sink>(q_);
    model_ = make_network_model(kind_, q_, *sink_, std::move(caps));
    starter_ = std::make_unique<Starter>(*model_, *sink_);
  }
  Route route(const std::vector<LinkId>& links, std::int64_t bottleneck,
              std::uint32_t solo_hop = NO_SOLO_HOP) {
    paths_.push_back(links);
    Route r{paths_.back(), Bandwidth::from_bytes_per_second(bottleneck)};
    r.solo_hop = solo_hop;
    return r;
  }
  NetworkKind kind_ = NetworkKind::FLOW;
  EventQueue q_;
  std::unique_ptr<Sink> sink_;
  std::unique_ptr<NetworkModel> model_;
  std::unique_ptr<Starter> starter_;
  std::deque<std::vector<LinkId>> paths_;
};

// One fixture, run over every network model (ns-3 style): what all of them must do.
class EveryNetworkModel : public ModelFixture, public ::testing::WithParamInterface<NetworkKind> {
 protected:
  void SetUp() override { kind_ = GetParam(); }
};

TEST_P(EveryNetworkModel, ALoneTransferTakesBytesOverBottleneck) {
  make({4 * GBPS, GBPS, 2 * GBPS});
  starter_->add(q_, Time::from_ps(1000), {7, route({0, 1, 2}, GBPS), 1500});
  q_.run();
  // 1500 B at 1 GB/s = 1500 ns after the start at 1 ns.
  EXPECT_EQ(sink_->done.at(7), 1000 + 1'500'000);
}

TEST_P(EveryNetworkModel, RoundsUpToThePicosecondOnce) {
  make({3});  // 3 B/s: 1 byte takes 1/3 s = 333333333333.33 ps
  starter_->add(q_, Time::zero(), {1, route({0}, 3), 1});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 333'333'333'334);
}

TEST_P(EveryNetworkModel, ZeroBytesFinishAtOnceButNotInsideStart) {
  make({GBPS});
  starter_->add(q_, Time::from_ps(42), {3, route({0}, GBPS), 0});
  q_.run();
  EXPECT_EQ(sink_->done.at(3), 42);
  EXPECT_EQ(model_->link_usage().stats(0).transfers, 0u);  // zero bytes occupy no link
}

TEST_P(EveryNetworkModel, TransfersOnDisjointLinksDoNotInteract) {
  make({GBPS, GBPS});
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({1}, GBPS), 2000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'000'000);
  EXPECT_EQ(sink_->done.at(2), 2'000'000);
  EXPECT_EQ(model_->link_usage().stats(0).max_transfers, 1u);
}

TEST_P(EveryNetworkModel, LinkUsageSeesOverlapWhateverTheModel) {
  make({GBPS, GBPS, GBPS});
  // Two transfers into link 2 (an incast port), overlapping.
  starter_->add(q_, Time::zero(), {1, route({0, 2}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({1, 2}, GBPS), 1000});
  q_.run();
  const LinkStats port = model_->link_usage().stats(2);
  EXPECT_EQ(port.max_transfers, 2u);
  EXPECT_EQ(port.transfers, 2u);
  EXPECT_GT(port.shared_time, Time::zero());
  EXPECT_EQ(model_->link_usage().stats(0).max_transfers, 1u);
}

// What LinkUsage must report for a link crossed by transfers over [start, end) intervals:
// their count, the time two or more overlapped, and the most at once — between `low`
// (an end and a start at one instant taken end first) and `high` (start first).
struct ExpectedUsage {
  std::uint64_t transfers = 0;
  std::int64_t shared_ps = 0;
  std::uint32_t low = 0;
  std::uint32_t high = 0;
};

ExpectedUsage expected_usage(const std::vector<std::pair<std::int64_t, std::int64_t>>& spans) {
  ExpectedUsage e;
  e.transfers = spans.size();
  for (const bool start_first : {false, true}) {
    std::vector<std::pair<std::int64_t, int>> events;  // (time, +1 start / -1 end)
    for (const auto& [start, end] : spans) {
      events.emplace_back(start, 1);
      events.emplace_back(end, -1);
    }
    std::sort(events.begin(), events.end(), [&](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first
                                : (start_first ? a.second > b.second : a.second < b.second);
    });
    std::uint32_t active = 0;
    std::uint32_t most = 0;
    std::int64_t since = 0;
    std::int64_t shared = 0;
    for (const auto& [t, delta] : events) {
      if (active >= 2) {
        shared += t - since;
      }
      since = t;
      active = static_cast<std::uint32_t>(static_cast<int>(active) + delta);
      most = std::max(most, active);
    }
    (start_first ? e.high : e.low) = most;
    e.shared_ps = shared;  // the same in either order: ties add no time
  }
  return e;
}

// Whatever a model does inside, its per-link figures must be those of every transfer
// entering its links at its start and leaving them at its end: checked here against the
// start and end times themselves, over transfers that share links and transfers that do
// not.
TEST_P(EveryNetworkModel, LinkUsageIsWhatTheTransfersIntervalsGive) {
  constexpr std::size_t LINKS = 12;
  constexpr std::size_t TRANSFERS = 80;
  std::mt19937 rng(20261204);
  std::vector<std::int64_t> caps(LINKS);
  for (auto& c : caps) {
    c = static_cast<std::int64_t>(1 + rng() % 4) * GBPS;
  }
  make(caps);
  const auto paths = testing::random_routes(rng, TRANSFERS, LINKS);
  std::vector<std::int64_t> starts(TRANSFERS);
  for (std::size_t i = 0; i < TRANSFERS; ++i) {
    std::int64_t narrowest = caps[paths[i].front()];
    for (const LinkId l : paths[i]) {
      narrowest = std::min(narrowest, caps[l]);
    }
    starts[i] = static_cast<std::int64_t>(rng() % 60'000'000);
    const core::Bytes bytes = 1 + rng() % 4000;
    starter_->add(q_, Time::from_ps(starts[i]),
                  {static_cast<TransferId>(i), route(paths[i], narrowest), bytes});
  }
  q_.run();
  std::uint32_t shared_links = 0;
  for (LinkId l = 0; l < LINKS; ++l) {
    std::vector<std::pair<std::int64_t, std::int64_t>> spans;
    for (std::size_t i = 0; i < TRANSFERS; ++i) {
      if (std::find(paths[i].begin(), paths[i].end(), l) != paths[i].end()) {
        spans.emplace_back(starts[i], sink_->done.at(static_cast<TransferId>(i)));
      }
    }
    const ExpectedUsage want = expected_usage(spans);
    const LinkStats got = model_->link_usage().stats(l);
    EXPECT_EQ(got.transfers, want.transfers) << "link " << l;
    EXPECT_EQ(got.shared_time.ps(), want.shared_ps) << "link " << l;
    EXPECT_GE(got.max_transfers, want.low) << "link " << l;
    EXPECT_LE(got.max_transfers, want.high) << "link " << l;
    shared_links += want.low >= 2 ? 1 : 0;
  }
  // The case exercises both: links that some transfers shared, and transfers that had
  // their links to themselves (no other transfer overlapped them on any link).
  std::uint32_t lone = 0;
  for (std::size_t i = 0; i < TRANSFERS; ++i) {
    bool overlapped = false;
    for (std::size_t j = 0; j < TRANSFERS && !overlapped; ++j) {
      const bool common = std::find_first_of(paths[i].begin(), paths[i].end(), paths[j].begin(),
                                             paths[j].end()) != paths[i].end();
      overlapped = j != i && common && starts[j] < sink_->done.at(static_cast<TransferId>(i)) &&
                   starts[i] < sink_->done.at(static_cast<TransferId>(j));
    }
    lone += overlapped ? 0 : 1;
  }
  EXPECT_GT(shared_links, 0u);
  EXPECT_GT(lone, 0u);
}

INSTANTIATE_TEST_SUITE_P(Models, EveryNetworkModel,
                         ::testing::Values(NetworkKind::IDEAL, NetworkKind::FLOW), model_name);

class SharedLink : public EveryNetworkModel {};

TEST_P(SharedLink, TwoTransfersStartedTogether) {
  make({GBPS});
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({0}, GBPS), 1000});
  q_.run();
  if (GetParam() == NetworkKind::IDEAL) {
    EXPECT_EQ(sink_->done.at(1), 1'000'000);  // the ideal model ignores the sharing
    EXPECT_EQ(sink_->done.at(2), 1'000'000);
  } else {
    EXPECT_EQ(sink_->done.at(1), 2'000'000);  // half the link each: twice as long
    EXPECT_EQ(sink_->done.at(2), 2'000'000);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, SharedLink,
                         ::testing::Values(NetworkKind::IDEAL, NetworkKind::FLOW), model_name);

// Only the flow model shares bandwidth.
class FlowSharing : public ModelFixture {};

TEST_F(FlowSharing, ALateJoinerSlowsTheFirstFromThatInstantOn) {
  make({GBPS});
  // A: 1000 B from 0; B: 1000 B from 500 ns. A runs alone for 500 ns (500 B), then both
  // at 0.5 B/ns: A's last 500 B take 1000 ns -> A ends at 1500 ns, by when B has sent
  // 500 B; B's last 500 B at the full 1 B/ns take 500 ns -> B ends at 2000 ns.
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::from_ps(500'000), {2, route({0}, GBPS), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'500'000);
  EXPECT_EQ(sink_->done.at(2), 2'000'000);
}

TEST_F(FlowSharing, CountsTheWorkOfKeepingRatesUpToDate) {
  make({GBPS});
  // A starts alone: its rate is final at once, no solve. B joins at 500 ns: one solve
  // re-fills both and sets both rates. A ends at 1500 ns: one solve re-fills B alone and
  // raises its rate. B's end leaves nothing to solve. So 2 solves, 3 flows re-filled, 3
  // rates set.
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::from_ps(500'000), {2, route({0}, GBPS), 1000});
  q_.run();
  const RateWork w = model_->rate_work();
  EXPECT_EQ(w.solves, 2u);
  EXPECT_EQ(w.flows_recomputed, 3u);
  EXPECT_EQ(w.rate_changes, 3u);
}

// A flow alone on its links is kept out of the solver until another comes onto one of them;
// these check the hand-over gives the rates a solver holding every flow would.
TEST_F(FlowSharing, AJoinerOnTheSecondHopOfALoneFlowTakesOnlyItsShare) {
  make({2 * GBPS, 2 * GBPS, GBPS / 2});
  // A over links 0, 1 (2 B/ns each), 2000 B from 0: alone, 2 B/ns. B over links 2, 1 from
  // 500 ns, 1000 B: limited to 0.5 B/ns by link 2, so A gets the 1.5 B/ns left of link 1.
  // A has 1000 B left at 500 ns: 666.67 ns more, ends at ceil(1166666.67 ps). B runs at
  // 0.5 B/ns throughout: 2000 ns, ends at 2500 ns.
  starter_->add(q_, Time::zero(), {1, route({0, 1}, 2 * GBPS), 2000});
  starter_->add(q_, Time::from_ps(500'000), {2, route({2, 1}, GBPS / 2), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'166'667);
  EXPECT_EQ(sink_->done.at(2), 2'500'000);
}

TEST_F(FlowSharing, AJoinerOnTwoLoneFlowsSharesWithBoth) {
  make({GBPS, GBPS, GBPS, GBPS});
  // A over 0, 2 and B over 1, 3: disjoint, 1 B/ns each, 1000 B from 0. C over 0, 1 from
  // 500 ns, 1000 B: each of links 0 and 1 now has two flows, so all three run at 0.5 B/ns.
  // A and B have 500 B left: they end at 1500 ns, when C has sent 500 B; C's last 500 B
  // at 1 B/ns end at 2000 ns.
  starter_->add(q_, Time::zero(), {1, route({0, 2}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({1, 3}, GBPS), 1000});
  starter_->add(q_, Time::from_ps(500'000), {3, route({0, 1}, GBPS), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'500'000);
  EXPECT_EQ(sink_->done.at(2), 1'500'000);
  EXPECT_EQ(sink_->done.at(3), 2'000'000);
}

TEST_F(FlowSharing, ALinkFreedByALoneFlowIsFreeForTheNext) {
  make({GBPS, GBPS});
  // A (link 0, 1000 B) ends alone at 1000 ns. B on link 0 from 1 ps later must then be
  // alone too, and takes A's flow id (ends at 2000 ns + 1 ps), while C (link 1, from 0,
  // 3000 B) meets D on link 1 at 1000 ns: C has 2000 B left, both at 0.5 B/ns until D's
  // 1000 B end at 3000 ns; C's last 1000 B alone end at 4000 ns.
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {3, route({1}, GBPS), 3000});
  starter_->add(q_, Time::from_ps(1'000'001), {2, route({0}, GBPS), 1000});
  starter_->add(q_, Time::from_ps(1'000'000), {4, route({1}, GBPS), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'000'000);
  EXPECT_EQ(sink_->done.at(2), 2'000'001);
  EXPECT_EQ(sink_->done.at(4), 3'000'000);
  EXPECT_EQ(sink_->done.at(3), 4'000'000);
  EXPECT_EQ(model_->rate_work().solves, 2u);  // D's arrival, D's end
}

TEST_F(FlowSharing, AFlowThatEndedAloneIsNotSharedWithLater) {
  make({GBPS, GBPS});
  // A (link 0, 1000 B) ends alone at 1000 ns; C (link 1, 4000 B from 0) runs alone. B over
  // 0, 1 from 2000 ns (1000 B) meets only C: 0.5 B/ns each, so B ends at 4000 ns, when C
  // has 1000 B left, which end at 5000 ns.
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {3, route({1}, GBPS), 4000});
  starter_->add(q_, Time::from_ps(2'000'000), {2, route({0, 1}, GBPS), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(2), 4'000'000);
  EXPECT_EQ(sink_->done.at(3), 5'000'000);
}

// A route of its own (Route::solo_hop) keeps its flows out of the solver while they are alone
// on it; these check that what a solver holding every flow gives comes out all the same.
TEST_F(FlowSharing, ASecondFlowOnARouteOfItsOwnSharesItAsAnyJoinerWould) {
  make({GBPS});
  // As ALateJoinerSlowsTheFirstFromThatInstantOn, both flows on route {0}, link 0 its solo link:
  // the same ends and the same rate work (CountsTheWorkOfKeepingRatesUpToDate).
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS, 0), 1000});
  starter_->add(q_, Time::from_ps(500'000), {2, route({0}, GBPS, 0), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'500'000);
  EXPECT_EQ(sink_->done.at(2), 2'000'000);
  const RateWork w = model_->rate_work();
  EXPECT_EQ(w.solves, 2u);
  EXPECT_EQ(w.flows_recomputed, 3u);
  EXPECT_EQ(w.rate_changes, 3u);
  EXPECT_EQ(model_->link_usage().stats(0).max_transfers, 2u);
}

TEST_F(FlowSharing, AFlowAloneOnItsOwnRouteAgainAfterAJoinerLeftSkipsTheSolver) {
  make({GBPS});
  // A and B share route {0} as above (ends 1500 and 2000 ns); C starts on it at 3000 ns,
  // alone again: 1000 B at 1 B/ns end at 4000 ns, with no solve of its own.
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS, 0), 1000});
  starter_->add(q_, Time::from_ps(500'000), {2, route({0}, GBPS, 0), 1000});
  starter_->add(q_, Time::from_ps(3'000'000), {3, route({0}, GBPS, 0), 1000});
  q_.run();
  EXPECT_EQ(sink_->done.at(3), 4'000'000);
  EXPECT_EQ(model_->rate_work().solves, 2u);
  EXPECT_EQ(model_->link_usage().stats(0).transfers, 3u);
}

// Random transfers on routes of their own (links 2r, 2r+1, the narrower one binding) and on
// random routes sharing links 8..11: with the solo hints and without, every transfer must
// end at the same picosecond, with the same rate work and the same link usage.
TEST(FlowSoloRoutes, HintsChangeNoEndNoRateWorkNoUsage) {
  for (std::uint32_t seed = 1; seed <= 20; ++seed) {
    std::mt19937 rng(seed);
    std::vector<std::int64_t> caps;
    for (int l = 0; l < 12; ++l) {
      caps.push_back(static_cast<std::int64_t>(1 + rng() % 4) * GBPS);
    }
    std::deque<std::vector<LinkId>> paths;
    for (LinkId r = 0; r < 4; ++r) {
      paths.push_back({2 * r, 2 * r + 1});
    }
    for (auto& p : testing::random_routes(rng, 4, 4)) {
      for (auto& l : p) {
        l += 8;
      }
      paths.push_back(p);
    }
    struct Job {
      std::size_t path;
      std::int64_t at;
      core::Bytes bytes;
    };
    std::vector<Job> jobs;
    for (int j = 0; j < 40; ++j) {
      jobs.push_back({rng() % paths.size(), static_cast<std::int64_t>(rng() % 4000) * 1000,
                      static_cast<core::Bytes>(1 + rng() % 3000)});
    }
    auto run = [&](bool hints) {
      EventQueue q;
      Sink sink(q);
      auto model = make_network_model(NetworkKind::FLOW, q, sink, caps);
      Starter starter(*model, sink);
      for (std::size_t j = 0; j < jobs.size(); ++j) {
        const auto& links = paths[jobs[j].path];
        std::int64_t bottleneck = caps[links.front()];
        for (LinkId l : links) {
          bottleneck = std::min(bottleneck, caps[l]);
        }
        Route r{links, Bandwidth::from_bytes_per_second(bottleneck)};
        if (hints && jobs[j].path < 4) {
          r.solo_hop = static_cast<std::uint32_t>(links.size() - 1);
        }
        starter.add(q, Time::from_ps(jobs[j].at), {static_cast<TransferId>(j), r, jobs[j].bytes});
      }
      q.run();
      std::vector<std::uint64_t> usage;
      for (LinkId l = 0; l < caps.size(); ++l) {
        const LinkStats st = model->link_usage().stats(l);
        usage.insert(usage.end(), {st.max_transfers, st.transfers,
                                   static_cast<std::uint64_t>(st.shared_time.ps())});
      }
      const RateWork w = model->rate_work();
      return std::make_tuple(sink.done, usage, w.solves, w.flows_recomputed, w.rate_changes);
    };
    const auto with = run(true);
    const auto without = run(false);
    ASSERT_EQ(std::get<0>(with).size(), jobs.size()) << "seed " << seed;
    EXPECT_EQ(std::get<0>(with), std::get<0>(without)) << "seed " << seed;
    EXPECT_EQ(std::get<1>(with), std::get<1>(without)) << "seed " << seed;
    EXPECT_EQ(std::get<2>(with), std::get<2>(without)) << "seed " << seed;
    EXPECT_EQ(std::get<3>(with), std::get<3>(without)) << "seed " << seed;
    EXPECT_EQ(std::get<4>(with), std::get<4>(without)) << "seed " << seed;
  }
}

TEST_F(FlowSharing, TheIdealModelDoesNoRateWork) {
  kind_ = NetworkKind::IDEAL;
  make({GBPS});
  starter_->add(q_, Time::zero(), {1, route({0}, GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({0}, GBPS), 1000});
  q_.run();
  const RateWork w = model_->rate_work();
  EXPECT_EQ(w.solves + w.flows_recomputed + w.rate_changes, 0u);
}

TEST_F(FlowSharing, ThreeWayIncastWithUnevenSizes) {
  make({3 * GBPS, 3 * GBPS, 3 * GBPS, 3 * GBPS});
  // Three senders (links 0..2) into port 3 (3 B/ns): 1 B/ns each. Sizes 1000, 2000,
  // 3000 B. At 1000 ns the first ends (others have 1000 and 2000 left); then 1.5 B/ns
  // each: the second's 1000 B take 666.67 ns -> ends at ceil(1666666.67 ps); the third
  // then has 2000 - 1000 = 1000 B left at 3 B/ns (its own uplink is 3 B/ns too).
  starter_->add(q_, Time::zero(), {1, route({0, 3}, 3 * GBPS), 1000});
  starter_->add(q_, Time::zero(), {2, route({1, 3}, 3 * GBPS), 2000});
  starter_->add(q_, Time::zero(), {3, route({2, 3}, 3 * GBPS), 3000});
  q_.run();
  EXPECT_EQ(sink_->done.at(1), 1'000'000);
  EXPECT_EQ(sink_->done.at(2), 1'666'667);
  // Third: by 1666667 ps it has sent 1000 + 1.5e9 B/s * 666667e-12 s = 2000.0005 B, so
  // 999.9995 B are left; alone at 3 B/ns that is 333333.17 ps -> rounded up to 333334.
  EXPECT_EQ(sink_->done.at(3), 1'666'667 + 333'334);
}

}  // namespace
}  // namespace collsim::sim
