#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "memory/huge_page_allocator.h"
#include "sim/solver/list_pool.h"

namespace collsim::sim::solver {

// MaxMinSolver: max-min fair sharing of link bandwidth among flows (the fluid model of
// sim/flow_model.h), kept up to date incrementally as flows come and go.
//
// The system. Links l with capacities C_l > 0 (bytes per second, integers); flows f, each
// crossing the links of path(f). A feasible allocation gives every flow a rate x_f > 0 with
// sum_{f ∋ l} x_f <= C_l on every link. The max-min fair allocation is the feasible one in
// which no rate can grow without shrinking a rate that is smaller or equal. It is unique,
// and characterised by bottlenecks: it is max-min fair iff every flow crosses a saturated
// link on which no flow has a larger rate (the flow's bottleneck).
//
// Progressive filling computes it: raise all rates together; when a link saturates,
// freeze the flows crossing it at the current level, its fair share
// (C_l - load of frozen flows) / (number of unfrozen flows); continue with the rest. Here
// it is a sweep over links in increasing order of fair share (a binary heap keyed by the
// exact rational share, ties broken by link id).
//
// Incremental update (solve()). After flows are added or removed on a set of "dirty"
// links, only flows near the change can move. The solver keeps a set A of flows to
// recompute, seeded with every flow on a link that gained a flow and, on a link that only
// lost flows, with the flows it bottlenecks (see Bottlenecks), and holds every other flow
// at its current rate: it runs progressive filling on A alone, with each link's capacity reduced
// by the load of the flows outside A. Then it checks the bottleneck condition where it
// could have broken: for every flow of A, no outside flow may have a larger rate on the
// link that froze it; for every outside flow on a link whose load changed, it must still
// have a bottleneck. Flows that fail join A and the filling is redone; when nothing fails,
// every flow has a bottleneck, so the allocation is max-min fair. A only grows, so this
// ends (at worst with A = the connected component, i.e. plain progressive filling). Cost
// follows how far the change actually propagates, not how many flows are in the network:
// a flow that ends next to flows bottlenecked elsewhere costs a few link visits.
//
// Bottlenecks. Every flow records one of its bottleneck links (frozen_at): the link that
// froze it in its last filling, or the one the check last found for it. That is what lets
// a removal seed A with fewer flows: a flow on the emptied link whose recorded bottleneck
// lies elsewhere keeps it, unless the re-filled flows change that link's load or rates,
// and then the check examines it. The record is updated from the final round's check only,
// the one whose rates are committed. The same record narrows the check: an outside flow
// whose recorded bottleneck kept its load and rates still has it, so only the flows a
// changed link bottlenecks are examined there (each link's entries carry the mark, so
// that neither a removal's seeding nor the check loads the record of a flow it passes).
//
// Integer rates. Rates are whole bytes per second: a fair share is rounded down (and is at
// least 1 B/s), so links are never oversubscribed and progress stays an exact integer; a
// link counts as saturated when its slack is below its number of flows (what rounding can
// leave). The error is under a few B/s per flow — 1e-9 of a 10 GB/s link — and a flow
// alone on its path gets exactly its bottleneck capacity.
//
// Flows alone on their links. A flow that shares none of its links at its start has the
// smallest capacity on its path as its max-min rate and keeps it while it stays alone
// (nothing else can change). Such a flow gets that rate at once and is not entered on its
// links: each link records it as its alone flow, and solve() never sees it. When a later
// flow comes onto one of its links, it is entered first (where it is alone, at the rate it
// has), so the system is exactly the one every flow entered from the start would have
// given: same entries in the same order, same solves. Most flows of a ring and many of a
// tree's are never shared, which spares each of them the links' entry arrays.
//
// Complexity per solve(): O(R · |A| · h · log L_A) for R filling rounds over the flows in
// A of at most h hops, plus O(h · d) per flow checked (d = flows per link). add/remove
// O(h). No allocation once buffers have grown.
class MaxMinSolver {
 public:
  using FlowId = std::uint32_t;
  using LinkId = std::uint32_t;
  static constexpr std::size_t MAX_HOPS = 16;
  // Up to this many links, filling scans for the smallest share instead of using a heap.
  static constexpr std::size_t SMALL_FILL = 16;

  explicit MaxMinSolver(std::vector<std::int64_t> capacities);

  // Adds a flow over `path` (ids < number of links, at most MAX_HOPS, no link twice). The
  // path's storage must outlive the flow. A flow that shares no link with another gets its
  // max-min rate, the smallest capacity on its path, at once (nothing else can change);
  // otherwise its rate is 0 until the next solve(). Ids are reused last-freed first, so a
  // caller that adds and removes a flow per transfer can index its own records by them.
  FlowId add_flow(std::span<const LinkId> path);
  // Removes a flow; its id may be reused by a later add_flow(). Only links that still carry
  // flows need a solve().
  void remove_flow(FlowId f);
  // Whether adds or removes since the last solve() may have moved any rate.
  bool needs_solve() const { return !dirty_.empty(); }
  // Brings the rates up to date after the adds and removes since the last call and
  // returns the flows whose rate changed (new flows included), in a deterministic order.
  std::span<const FlowId> solve();

  std::int64_t rate(FlowId f) const { return flows_[f].rate; }
  // Ahead of a remove_flow(f), in two stages: the records of f's links (reads f's record),
  // then f's entries on them and the entries that will take their place (reads the links').
  void prefetch_links(FlowId f) const { prefetch_links(flows_[f].path); }
  void prefetch_entries(FlowId f) const {
    const Flow& flow = flows_[f];
    for (std::uint32_t h = 0; h < flow.path.size(); ++h) {
      const Link& link = links_[flow.path[h]];
      const std::span<const Entry> entries = entries_.items(link.entries);
      if (link.alone != f && flow.position[h] < entries.size()) {
        __builtin_prefetch(entries.data() + flow.position[h]);
        __builtin_prefetch(entries.data() + entries.size() - 1);
      }
    }
  }
  // Asks the cache for the records of the links of `path`, ahead of an add_flow(path).
  void prefetch_links(std::span<const LinkId> path) const {
    for (LinkId l : path) {
      __builtin_prefetch(&links_[l]);
    }
  }
  // Asks the cache for flow f's record, ahead of a remove_flow(f).
  void prefetch_flow(FlowId f) const {
    __builtin_prefetch(&flows_[f]);
    __builtin_prefetch(reinterpret_cast<const char*>(&flows_[f]) + 64);
  }
  std::size_t active_flows() const { return active_; }
  std::size_t num_links() const { return links_.size(); }
  // The solver's work so far: solve() calls that had flows to re-fill, and the flows
  // recomputed, summed over filling rounds.
  std::uint64_t solves() const { return solves_; }
  std::uint64_t flows_recomputed() const { return recomputed_; }

 private:
  static constexpr LinkId NO_LINK = 0xffffffffu;
  static constexpr FlowId NO_FLOW = 0xffffffffu;
  // A flow's presence on a link. `bottleneck` is set on exactly the entry of the flow's
  // recorded bottleneck (frozen_at) once the flow has been filled or entered, so that a
  // solve can pick out the flows a link bottlenecks without loading their flow records.
  struct Entry {
    FlowId flow;
    std::uint16_t hop;
    std::uint16_t bottleneck;
    std::int64_t rate;  // the flow's rate: committed, or during a solve its tentative one
  };
  static_assert(sizeof(Entry) == 16);
  // Records are laid out by cache line (64 bytes): adding or removing a flow touches one
  // line of each link it crosses and the first of its own two; a solve's per-link scratch
  // lives apart, in a dense array of the links it touches. At 16k ranks these records are
  // tens of MB, far beyond the cache, so every line a send touches is a likely miss; links,
  // flows and every link's entries (one ListPool) lie in huge pages, so that the miss is
  // not also a TLB miss.
  struct alignas(64) Link {
    std::int64_t capacity = 0;
    std::int64_t load = 0;          // sum of the committed rates of its flows
    ListPool<Entry>::List entries;  // in entries_
    // 2 · dirty_epoch_ when last marked, plus 1 if a flow joined it in that epoch.
    std::uint64_t dirty = 0;
    std::uint64_t touched = 0;  // round_ when it was last given scratch_[scratch]
    std::uint32_t scratch = 0;
    FlowId alone = NO_FLOW;  // its one flow, if that flow is not entered (see above)
  };
  static_assert(sizeof(Link) == 64);
  struct Scratch {  // a link touched by this round's filling
    LinkId link;
    std::int64_t residual;
    std::int64_t delta;  // tentative change of load this round
    std::uint32_t unfrozen;
    std::uint32_t members;  // where its flows of A start in members_
    std::uint32_t member_count;
  };
  struct alignas(64) Flow {
    std::span<const LinkId> path;  // empty once removed
    std::int64_t rate = 0;         // committed
    // Index of this flow's Entry in each path link; the first ten share the first line.
    std::uint32_t position[MAX_HOPS];
    std::int64_t proposed = 0;  // this solve's tentative rate (flows in A)
    std::uint64_t in_set = 0;   // solve_ when it joined A
    std::uint64_t frozen = 0;   // round_ when filling froze it
    std::uint64_t checked = 0;  // round_ when its bottleneck was last checked
    LinkId frozen_at = 0;       // a bottleneck of it (see Bottlenecks above)
  };
  static_assert(sizeof(Flow) == 128);
  struct Share {  // a heap key: residual / unfrozen of `link` when pushed
    std::int64_t residual;
    std::uint32_t unfrozen;
    LinkId link;
  };

  struct Later {
    bool operator()(const Share& a, const Share& b) const;
  };
  struct MovedBottleneck {  // an outside flow whose bottleneck check() found elsewhere
    FlowId flow;
    LinkId link;
  };

  void mark_dirty(LinkId l, bool grown);
  void enter(FlowId f);
  void join(FlowId f);
  void fill();
  void fill_by_scan();
  void freeze_link(LinkId l);
  void freeze(FlowId f, std::int64_t rate, LinkId at);
  void set_bottleneck(FlowId f, LinkId at);
  bool check();
  LinkId find_bottleneck(FlowId g) const;
  Scratch& scratch(const Link& link) { return scratch_[link.scratch]; }
  const Scratch& scratch(const Link& link) const { return scratch_[link.scratch]; }

  memory::HugeVector<Link> links_;
  memory::HugeVector<Flow> flows_;
  ListPool<Entry> entries_;  // every link's entries
  std::vector<FlowId> free_flows_;
  std::size_t active_ = 0;
  std::uint64_t solve_ = 0;
  std::uint64_t round_ = 0;
  std::uint64_t dirty_epoch_ = 1;
  std::vector<LinkId> dirty_;
  std::vector<FlowId> set_;        // A
  std::size_t unfrozen_left_ = 0;  // flows of A the current fill has not frozen yet
  std::vector<Scratch> scratch_;   // this round's links, in the order filling touched them
  std::vector<FlowId> members_;
  std::vector<FlowId> joining_;  // flows about to join A (a solve's seeding, a check)
  std::vector<MovedBottleneck> moved_bottlenecks_;
  std::vector<Share> heap_;
  std::vector<FlowId> changed_;
  std::uint64_t solves_ = 0;
  std::uint64_t recomputed_ = 0;
};

}  // namespace collsim::sim::solver
