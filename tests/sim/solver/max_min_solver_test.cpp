#include "sim/solver/max_min_solver.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <random>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::sim::solver {
namespace {

using FlowId = MaxMinSolver::FlowId;
using LinkId = MaxMinSolver::LinkId;

TEST(MaxMinSolver, TwoFlowsOnOneLinkShareItEqually) {
  MaxMinSolver s({10'000});
  const std::vector<LinkId> path{0};
  const FlowId a = s.add_flow(path);
  const FlowId b = s.add_flow(path);
  EXPECT_EQ(s.solve().size(), 2u);
  EXPECT_EQ(s.rate(a), 5'000);
  EXPECT_EQ(s.rate(b), 5'000);
}

TEST(MaxMinSolver, AFlowAloneGetsItsBottleneck) {
  MaxMinSolver s({300, 100, 200});
  const std::vector<LinkId> path{0, 1, 2};
  const FlowId a = s.add_flow(path);
  s.solve();
  EXPECT_EQ(s.rate(a), 100);
}

TEST(MaxMinSolver, AFlowBottleneckedElsewhereLeavesItsShareToOthers) {
  // Link 0 (10) carries f1 and f2; f2 also crosses link 1 (2). Progressive filling
  // freezes f2 at 2 on link 1, then f1 takes the rest of link 0: 10 - 2 = 8.
  MaxMinSolver s({10, 2});
  const std::vector<LinkId> p1{0};
  const std::vector<LinkId> p2{0, 1};
  const FlowId f1 = s.add_flow(p1);
  const FlowId f2 = s.add_flow(p2);
  s.solve();
  EXPECT_EQ(s.rate(f2), 2);
  EXPECT_EQ(s.rate(f1), 8);
}

TEST(MaxMinSolver, ParkingLot) {
  // Links 0 (10) and 1 (20) in a chain; the long flow crosses both, one short flow per
  // link. Link 0 saturates first at share 10/2 = 5: long = short0 = 5. Link 1 then has
  // 20 - 5 = 15 left for short1.
  MaxMinSolver s({10, 20});
  const std::vector<LinkId> longp{0, 1};
  const std::vector<LinkId> p0{0};
  const std::vector<LinkId> p1{1};
  const FlowId lf = s.add_flow(longp);
  const FlowId s0 = s.add_flow(p0);
  const FlowId s1 = s.add_flow(p1);
  s.solve();
  EXPECT_EQ(s.rate(lf), 5);
  EXPECT_EQ(s.rate(s0), 5);
  EXPECT_EQ(s.rate(s1), 15);
}

TEST(MaxMinSolver, ParkingLotOfThreeEqualLinksGivesEveryFlowHalf) {
  // Classic parking lot: 3 links of 12, a flow across all of them and one flow per link:
  // every link has 2 flows, every rate is 6.
  MaxMinSolver s({12, 12, 12});
  const std::vector<LinkId> all{0, 1, 2};
  const std::vector<std::vector<LinkId>> one{{0}, {1}, {2}};
  const FlowId lf = s.add_flow(all);
  std::vector<FlowId> shorts;
  for (const auto& p : one) {
    shorts.push_back(s.add_flow(p));
  }
  s.solve();
  EXPECT_EQ(s.rate(lf), 6);
  for (FlowId f : shorts) {
    EXPECT_EQ(s.rate(f), 6);
  }
}

TEST(MaxMinSolver, KFlowsIntoOnePortEachGetOneKth) {
  // Incast: k senders with private 100 GB/s uplinks into one 100 GB/s downlink.
  for (std::uint32_t k = 1; k <= 8; ++k) {
    std::vector<std::int64_t> caps(k + 1, 100'000'000'000);
    MaxMinSolver s(caps);
    std::vector<std::vector<LinkId>> paths;
    for (LinkId i = 0; i < k; ++i) {
      paths.push_back({i, k});
    }
    std::vector<FlowId> flows;
    for (const auto& p : paths) {
      flows.push_back(s.add_flow(p));
    }
    s.solve();
    for (FlowId f : flows) {
      EXPECT_EQ(s.rate(f), 100'000'000'000 / k) << "k=" << k;  // rounded down to 1 B/s
    }
  }
}

TEST(MaxMinSolver, RemovalGivesTheBandwidthBackAndReportsOnlyChangedFlows) {
  MaxMinSolver s({90, 50});
  const std::vector<LinkId> p0{0};
  const std::vector<LinkId> p1{1};
  const FlowId a = s.add_flow(p0);
  const FlowId b = s.add_flow(p0);
  const FlowId c = s.add_flow(p0);
  const FlowId other = s.add_flow(p1);
  s.solve();
  EXPECT_EQ(s.rate(a), 30);
  s.remove_flow(c);
  const auto changed = s.solve();
  // Only a and b change; `other` shares no link with the change and is not even visited.
  EXPECT_EQ(std::vector<FlowId>(changed.begin(), changed.end()), (std::vector<FlowId>{a, b}));
  EXPECT_EQ(s.rate(a), 45);
  EXPECT_EQ(s.rate(b), 45);
  EXPECT_EQ(s.rate(other), 50);
  EXPECT_EQ(s.active_flows(), 3u);
  EXPECT_TRUE(s.solve().empty());
}

TEST(MaxMinSolver, ABottleneckTheCheckFindsElsewhereIsRememberedForALaterRemoval) {
  // g crosses X and Z, tied at 5 on both: a shares X with it, b shares Z; filling reaches
  // X first (lower id), so X is g's recorded bottleneck.
  constexpr LinkId X = 0;
  constexpr LinkId Z = 1;
  constexpr LinkId W = 2;
  MaxMinSolver s({10, 10, 6});
  const std::vector<LinkId> pg{X, Z};
  const std::vector<LinkId> pa{X, W};
  const std::vector<LinkId> pb{Z};
  const std::vector<LinkId> pd{W};
  const FlowId g = s.add_flow(pg);
  const FlowId a = s.add_flow(pa);
  const FlowId b = s.add_flow(pb);
  s.solve();
  EXPECT_EQ(s.rate(g), 5);
  EXPECT_EQ(s.rate(b), 5);
  // d squeezes a to 3 on W, which leaves X with room: g stays at 5, now held by Z alone,
  // without being re-filled itself.
  const FlowId d = s.add_flow(pd);
  s.solve();
  EXPECT_EQ(s.rate(a), 3);
  EXPECT_EQ(s.rate(d), 3);
  EXPECT_EQ(s.rate(g), 5);
  // Removing b frees Z: g must grow to X's remaining 7, which it does only if the solver
  // knows Z, not X, is what held it.
  s.remove_flow(b);
  s.solve();
  EXPECT_EQ(s.rate(g), 7);
  EXPECT_EQ(s.rate(a), 3);
}

TEST(MaxMinSolver, AFlowAloneOnItsLinksGetsItsBottleneckAtOnce) {
  MaxMinSolver s({30, 10});
  const std::vector<LinkId> p{0, 1};
  const FlowId a = s.add_flow(p);
  EXPECT_EQ(s.rate(a), 10);
  EXPECT_FALSE(s.needs_solve());
  EXPECT_TRUE(s.solve().empty());
  s.remove_flow(a);
  EXPECT_FALSE(s.needs_solve());  // nothing left on its links to speed up
}

TEST(MaxMinSolver, AnAloneFlowJoinedOnOneLinkSharesItAndGetsItsRateBack) {
  // a alone over links 0 (10) and 1 (10) has 10 at once. b joins on link 1: both 5, and a
  // is reported, its rate having moved. b ends: a alone again, back to 10.
  MaxMinSolver s({10, 10});
  const std::vector<LinkId> pa{0, 1};
  const std::vector<LinkId> pb{1};
  const FlowId a = s.add_flow(pa);
  EXPECT_EQ(s.rate(a), 10);
  const FlowId b = s.add_flow(pb);
  EXPECT_EQ(s.rate(b), 0);
  EXPECT_TRUE(s.needs_solve());
  auto changed = s.solve();
  std::vector<FlowId> got(changed.begin(), changed.end());
  std::sort(got.begin(), got.end());
  EXPECT_EQ(got, (std::vector<FlowId>{std::min(a, b), std::max(a, b)}));
  EXPECT_EQ(s.rate(a), 5);
  EXPECT_EQ(s.rate(b), 5);
  s.remove_flow(b);
  changed = s.solve();
  EXPECT_EQ(std::vector<FlowId>(changed.begin(), changed.end()), std::vector<FlowId>{a});
  EXPECT_EQ(s.rate(a), 10);
}

TEST(MaxMinSolver, AnAloneFlowJoinedOnTwoLinksAtOnceIsEnteredOnce) {
  // a alone over links 0 (12) and 1 (12); b joins it on both: 6 each. c then joins on
  // link 1 alone: a, b, c get 4 there, which leaves link 0 with 4 to spare.
  MaxMinSolver s({12, 12});
  const std::vector<LinkId> both{0, 1};
  const std::vector<LinkId> one{1};
  const FlowId a = s.add_flow(both);
  const FlowId b = s.add_flow(both);
  s.solve();
  EXPECT_EQ(s.rate(a), 6);
  EXPECT_EQ(s.rate(b), 6);
  const FlowId c = s.add_flow(one);
  s.solve();
  EXPECT_EQ(s.rate(a), 4);
  EXPECT_EQ(s.rate(b), 4);
  EXPECT_EQ(s.rate(c), 4);
  s.remove_flow(a);
  s.remove_flow(c);
  s.solve();
  EXPECT_EQ(s.rate(b), 12);
}

TEST(MaxMinSolver, AFlowOnTheLinkOfAnEndedAloneFlowIsAloneToo) {
  MaxMinSolver s({10, 20});
  const std::vector<LinkId> pa{0, 1};
  const std::vector<LinkId> pb{1};
  const FlowId a = s.add_flow(pa);
  s.remove_flow(a);
  const FlowId b = s.add_flow(pb);
  EXPECT_EQ(s.rate(b), 20);
  EXPECT_FALSE(s.needs_solve());
}

TEST(MaxMinSolver, ANewFlowWithTheIdOfAFinishedOneIsReported) {
  MaxMinSolver s({10});
  const std::vector<LinkId> p{0};
  const FlowId a = s.add_flow(p);
  const FlowId c = s.add_flow(p);
  s.solve();
  EXPECT_EQ(s.rate(a), 5);
  s.remove_flow(a);
  const FlowId b = s.add_flow(p);
  EXPECT_EQ(a, b);
  EXPECT_EQ(s.rate(b), 0);  // shares its link: no rate until solve()
  const auto changed = s.solve();
  // b is new (reported although it ends with the rate a had); c keeps 5.
  EXPECT_EQ(std::vector<FlowId>(changed.begin(), changed.end()), std::vector<FlowId>{b});
  EXPECT_EQ(s.rate(b), 5);
  EXPECT_EQ(s.rate(c), 5);
}

TEST(MaxMinSolver, WorkFollowsThePropagationNotTheComponentSize) {
  // A chain: flow i crosses links i and i+1, so all 1000 flows form one connected
  // component and every link but the first and last carries two flows at C/2.
  constexpr std::int64_t C = 1'000'000;
  constexpr LinkId N = 1000;
  MaxMinSolver s(std::vector<std::int64_t>(N + 1, C));
  std::vector<std::vector<LinkId>> paths;
  for (LinkId i = 0; i < N; ++i) {
    paths.push_back({i, i + 1});
  }
  std::vector<FlowId> ids;
  for (const auto& p : paths) {
    ids.push_back(s.add_flow(p));
  }
  s.solve();
  EXPECT_EQ(s.rate(ids[500]), C / 2);
  // Removing flow 500 frees half of links 500 and 501, but their other flows (499, 501)
  // stay at C/2, held by links 499 and 502: nothing changes. Filling sweeps equal shares
  // by link id, so flow i was frozen at link i: only flow 501, which the emptied link 501
  // held, is looked at; flow 499 keeps its recorded bottleneck, link 499.
  const std::uint64_t before = s.flows_recomputed();
  s.remove_flow(ids[500]);
  EXPECT_TRUE(s.solve().empty());
  EXPECT_EQ(s.flows_recomputed() - before, 1u);
  EXPECT_EQ(s.rate(ids[499]), C / 2);
  EXPECT_EQ(s.rate(ids[501]), C / 2);
}

// Reference: exact progressive filling on doubles, from scratch, over all flows.
std::vector<double> reference_rates(const std::vector<std::int64_t>& caps,
                                    const std::vector<std::vector<LinkId>>& paths) {
  std::vector<double> rate(paths.size(), 0);
  std::vector<bool> frozen(paths.size(), false);
  std::vector<double> residual(caps.begin(), caps.end());
  for (;;) {
    double best = 0;
    int best_link = -1;
    for (std::size_t l = 0; l < caps.size(); ++l) {
      int n = 0;
      for (std::size_t f = 0; f < paths.size(); ++f) {
        if (!frozen[f] && std::count(paths[f].begin(), paths[f].end(), l) > 0) {
          ++n;
        }
      }
      if (n > 0 && (best_link < 0 || residual[l] / n < best)) {
        best = residual[l] / n;
        best_link = static_cast<int>(l);
      }
    }
    if (best_link < 0) {
      return rate;
    }
    for (std::size_t f = 0; f < paths.size(); ++f) {
      if (!frozen[f] && std::count(paths[f].begin(), paths[f].end(), best_link) > 0) {
        frozen[f] = true;
        rate[f] = best;
        for (LinkId m : paths[f]) {
          residual[m] -= best;
        }
      }
    }
  }
}

// The solver's rates for the flows in `live` (solver id -> path) against the reference.
void expect_reference_rates(const MaxMinSolver& s, const std::vector<std::int64_t>& caps,
                            const std::map<FlowId, std::vector<LinkId>>& live, int trial,
                            int step) {
  std::vector<std::vector<LinkId>> paths;
  std::vector<FlowId> ids;
  for (const auto& [id, p] : live) {
    ids.push_back(id);
    paths.push_back(p);
  }
  const std::vector<double> want = reference_rates(caps, paths);
  std::vector<std::int64_t> load(caps.size(), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    // Rounding down once per freeze level: within a few B/s of the exact share.
    EXPECT_NEAR(static_cast<double>(s.rate(ids[i])), want[i], 8.0)
        << "trial " << trial << " step " << step;
    for (LinkId l : paths[i]) {
      load[l] += s.rate(ids[i]);
    }
  }
  for (std::size_t l = 0; l < caps.size(); ++l) {
    EXPECT_LE(load[l], caps[l]) << "link " << l << " oversubscribed";
  }
}

// The characterisation of max-min fairness the solver maintains, in integers (with rates
// within capacity, which expect_reference_rates checks): every flow has a bottleneck — a
// saturated link of its path (slack below the number of flows on it, what rounding down can
// leave) on which no flow is faster. Exact, unlike a comparison with the real-valued
// reference.
void expect_every_flow_has_a_bottleneck(const MaxMinSolver& s,
                                        const std::vector<std::int64_t>& caps,
                                        const std::map<FlowId, std::vector<LinkId>>& live,
                                        int trial, int step) {
  std::vector<std::int64_t> load(caps.size(), 0);
  std::vector<std::int64_t> fastest(caps.size(), 0);
  std::vector<std::int64_t> flows(caps.size(), 0);
  for (const auto& [id, path] : live) {
    for (LinkId l : path) {
      load[l] += s.rate(id);
      fastest[l] = std::max(fastest[l], s.rate(id));
      ++flows[l];
    }
  }
  for (const auto& [id, path] : live) {
    const bool has_bottleneck = std::any_of(path.begin(), path.end(), [&](LinkId l) {
      return caps[l] - load[l] < flows[l] && fastest[l] <= s.rate(id);
    });
    EXPECT_TRUE(has_bottleneck) << "trial " << trial << " step " << step << " flow " << id;
  }
}

TEST(MaxMinSolver, IncrementalRatesMatchAFromScratchReference) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t num_links = 3 + rng() % 18;
    std::vector<std::int64_t> caps(num_links);
    for (auto& c : caps) {
      c = 1'000'000 + static_cast<std::int64_t>(rng() % 9'000'000);
    }
    MaxMinSolver s(caps);
    std::map<FlowId, std::vector<LinkId>> live;  // solver id -> path (stable storage)
    std::vector<std::vector<LinkId>> storage;
    storage.reserve(200);
    for (int step = 0; step < 40; ++step) {
      if (!live.empty() && rng() % 3 == 0) {
        auto it = live.begin();
        std::advance(it, rng() % live.size());
        s.remove_flow(it->first);
        live.erase(it);
      } else {
        std::vector<LinkId> p;
        for (LinkId l = 0; l < num_links; ++l) {
          if (rng() % 4 == 0) {
            p.push_back(l);
          }
        }
        if (p.empty()) {
          p.push_back(static_cast<LinkId>(rng() % num_links));
        }
        storage.push_back(p);
        live[s.add_flow(storage.back())] = p;
      }
      s.solve();
      expect_reference_rates(s, caps, live, trial, step);
      expect_every_flow_has_a_bottleneck(s, caps, live, trial, step);
    }
  }
}

// Several adds and removes per solve over links of few distinct capacities, so that shares
// tie and flows sit on links that are not their recorded bottleneck: the case where a
// removal re-fills only the flows its links held.
TEST(MaxMinSolver, BatchedChangesWithTiedSharesMatchTheReference) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 80; ++trial) {
    const std::size_t num_links = 4 + rng() % 12;
    std::vector<std::int64_t> caps(num_links);
    for (auto& c : caps) {
      c = 1'200'000 * static_cast<std::int64_t>(1 + rng() % 3);
    }
    MaxMinSolver s(caps);
    std::map<FlowId, std::vector<LinkId>> live;
    std::vector<std::vector<LinkId>> storage;
    storage.reserve(2000);
    for (int step = 0; step < 30; ++step) {
      const int changes = 1 + static_cast<int>(rng() % 4);
      for (int c = 0; c < changes; ++c) {
        if (!live.empty() && rng() % 2 == 0) {
          auto it = live.begin();
          std::advance(it, rng() % live.size());
          s.remove_flow(it->first);
          live.erase(it);
          continue;
        }
        std::vector<LinkId> p;
        const LinkId from = static_cast<LinkId>(rng() % num_links);
        const LinkId hops = 1 + static_cast<LinkId>(rng() % 3);
        for (LinkId h = 0; h < hops && from + h < num_links; ++h) {
          p.push_back(from + h);
        }
        storage.push_back(p);
        live[s.add_flow(storage.back())] = p;
      }
      s.solve();
      expect_reference_rates(s, caps, live, trial, step);
      expect_every_flow_has_a_bottleneck(s, caps, live, trial, step);
    }
  }
}

}  // namespace
}  // namespace collsim::sim::solver
