#include "sim/solver/max_min_solver.h"

#include <algorithm>
#include <cassert>

#include "core/bandwidth.h"
#include "memory/reused_slot.h"

namespace collsim::sim::solver {
namespace {

using Wide = core::Picobytes;  // a 128-bit product of a rate and a flow count

}  // namespace

// A min-heap on residual/unfrozen, compared exactly by cross-multiplying, ties broken by
// link id so that the sweep order, and hence every rounding, is deterministic. A function
// object, not a function pointer, so that the heap algorithms inline it.
bool MaxMinSolver::Later::operator()(const Share& a, const Share& b) const {
  const Wide lhs = static_cast<Wide>(a.residual) * b.unfrozen;
  const Wide rhs = static_cast<Wide>(b.residual) * a.unfrozen;
  return lhs > rhs || (lhs == rhs && a.link > b.link);
}

MaxMinSolver::MaxMinSolver(std::vector<std::int64_t> capacities) : links_(capacities.size()) {
  for (std::size_t l = 0; l < capacities.size(); ++l) {
    assert(capacities[l] > 0);
    links_[l].capacity = capacities[l];
  }
}

void MaxMinSolver::mark_dirty(LinkId l, bool grown) {
  Link& link = links_[l];
  if (link.dirty >> 1 != dirty_epoch_) {
    link.dirty = dirty_epoch_ << 1;
    dirty_.push_back(l);
  }
  if (grown) {
    link.dirty |= 1;
  }
}

MaxMinSolver::FlowId MaxMinSolver::add_flow(std::span<const LinkId> path) {
  assert(!path.empty() && path.size() <= MAX_HOPS);
  const FlowId f = memory::take_reused_slot(flows_, free_flows_);
  Flow& flow = flows_[f];
  flow.path = path;
  flow.rate = 0;
  bool alone = true;
  LinkId narrowest = path.front();
  for (LinkId l : path) {
    const Link& link = links_[l];
    alone = alone && link.entries.size == 0 && link.alone == NO_FLOW;
    if (link.capacity < links_[narrowest].capacity) {
      narrowest = l;
    }
  }
  ++active_;
  if (alone) {
    flow.rate = links_[narrowest].capacity;
    flow.frozen_at = narrowest;
    for (LinkId l : path) {
      links_[l].load = flow.rate;
      links_[l].alone = f;
    }
    return f;
  }
  for (LinkId l : path) {
    if (links_[l].alone != NO_FLOW) {
      enter(links_[l].alone);
    }
  }
  for (std::uint32_t h = 0; h < path.size(); ++h) {
    Link& link = links_[path[h]];
    flow.position[h] = link.entries.size;
    entries_.push_back(link.entries, Entry{f, static_cast<std::uint16_t>(h), 0, 0});
    mark_dirty(path[h], true);
  }
  return f;
}

// An alone flow about to be joined is entered on its links, where it is alone, at the rate
// it has: no solve is owed for it.
void MaxMinSolver::enter(FlowId f) {
  Flow& flow = flows_[f];
  for (std::uint32_t h = 0; h < flow.path.size(); ++h) {
    Link& link = links_[flow.path[h]];
    assert(link.entries.size == 0 && link.alone == f);
    link.alone = NO_FLOW;
    flow.position[h] = 0;
    entries_.push_back(link.entries, Entry{f, static_cast<std::uint16_t>(h),
                                           flow.path[h] == flow.frozen_at, flow.rate});
  }
}

void MaxMinSolver::remove_flow(FlowId f) {
  Flow& flow = flows_[f];
  assert(!flow.path.empty());
  // Alone, it is every path link's alone flow; entered, none of them has one (a link with
  // entries never does).
  if (links_[flow.path.front()].alone == f) {
    for (LinkId l : flow.path) {
      links_[l].load = 0;
      links_[l].alone = NO_FLOW;
    }
  } else {
    for (std::uint32_t h = 0; h < flow.path.size(); ++h) {
      Link& link = links_[flow.path[h]];
      link.load -= flow.rate;
      const std::uint32_t pos = flow.position[h];
      const std::span<Entry> entries = entries_.items(link.entries);
      const Entry moved = entries.back();
      entries[pos] = moved;
      flows_[moved.flow].position[moved.hop] = pos;
      entries_.pop_back(link.entries);
      if (link.entries.size > 0) {
        mark_dirty(flow.path[h], false);
      }
    }
  }
  flow.path = {};
  flow.rate = 0;
  --active_;
  free_flows_.push_back(f);
}

void MaxMinSolver::join(FlowId f) {
  if (flows_[f].in_set != solve_) {
    flows_[f].in_set = solve_;
    set_.push_back(f);
  }
}

void MaxMinSolver::freeze(FlowId f, std::int64_t rate, LinkId at) {
  Flow& flow = flows_[f];
  flow.frozen = round_;
  flow.frozen_at = at;
  flow.proposed = rate;
  --unfrozen_left_;
  for (std::uint32_t h = 0; h < flow.path.size(); ++h) {
    Link& link = links_[flow.path[h]];
    Scratch& sc = scratch(link);
    sc.residual -= rate;
    sc.delta += rate - flow.rate;
    --sc.unfrozen;
    Entry& e = entries_.items(link.entries)[flow.position[h]];
    e.rate = rate;
    e.bottleneck = flow.path[h] == at;
  }
}

// Moves a flow's recorded bottleneck, and its entries' marks with it.
void MaxMinSolver::set_bottleneck(FlowId f, LinkId at) {
  Flow& flow = flows_[f];
  for (std::uint32_t h = 0; h < flow.path.size(); ++h) {
    const LinkId l = flow.path[h];
    if (l == flow.frozen_at || l == at) {
      entries_.items(links_[l].entries)[flow.position[h]].bottleneck = l == at;
    }
  }
  flow.frozen_at = at;
}

// Progressive filling of the flows in A, every other flow held at its committed rate.
void MaxMinSolver::fill() {
  ++round_;
  recomputed_ += set_.size();
  unfrozen_left_ = set_.size();
  scratch_.clear();
  // The links' records are the misses of the pass below; asked for together, they overlap.
  for (FlowId f : set_) {
    for (LinkId l : flows_[f].path) {
      __builtin_prefetch(&links_[l]);
    }
  }
  for (FlowId f : set_) {
    for (LinkId l : flows_[f].path) {
      Link& link = links_[l];
      if (link.touched != round_) {
        link.touched = round_;
        link.scratch = static_cast<std::uint32_t>(scratch_.size());
        scratch_.push_back(Scratch{l, link.capacity - link.load, 0, 0, 0, 0});
      }
      Scratch& sc = scratch(link);
      sc.residual += flows_[f].rate;
      ++sc.unfrozen;
    }
  }
  // Each touched link's flows of A, contiguous in members_: freezing a link then visits
  // only them, not every flow on it (a spine link may carry hundreds).
  std::uint32_t offset = 0;
  for (Scratch& sc : scratch_) {
    sc.members = offset;
    offset += sc.unfrozen;
  }
  members_.resize(offset);
  for (FlowId f : set_) {
    for (LinkId l : flows_[f].path) {
      Scratch& sc = scratch(links_[l]);
      members_[sc.members + sc.member_count++] = f;
    }
  }
  if (scratch_.size() <= SMALL_FILL) {
    fill_by_scan();
    return;
  }
  heap_.clear();
  for (const Scratch& sc : scratch_) {
    heap_.push_back(Share{sc.residual, sc.unfrozen, sc.link});
  }
  std::make_heap(heap_.begin(), heap_.end(), Later{});
  // Once every flow of A is frozen, the links left in the heap have nothing to freeze.
  while (unfrozen_left_ > 0) {
    std::pop_heap(heap_.begin(), heap_.end(), Later{});
    const Share top = heap_.back();
    heap_.pop_back();
    const Scratch& sc = scratch(links_[top.link]);
    if (sc.unfrozen == 0) {
      continue;
    }
    if (top.residual != sc.residual || top.unfrozen != sc.unfrozen) {
      // Freezing a flow at the lowest share never lowers another link's share, so a stale
      // key is at most the true one: re-key the link now, when it reaches the top.
      heap_.push_back(Share{sc.residual, sc.unfrozen, top.link});
      std::push_heap(heap_.begin(), heap_.end(), Later{});
      continue;
    }
    freeze_link(top.link);
  }
}

// The same sweep for a handful of links: a scan for the smallest share beats a heap.
void MaxMinSolver::fill_by_scan() {
  while (unfrozen_left_ > 0) {
    const Scratch* best = nullptr;
    for (const Scratch& sc : scratch_) {
      if (sc.unfrozen > 0 &&
          (best == nullptr || Later{}(Share{best->residual, best->unfrozen, best->link},
                                      Share{sc.residual, sc.unfrozen, sc.link}))) {
        best = &sc;
      }
    }
    freeze_link(best->link);
  }
}

// Freezes the unfrozen flows of A on link l at l's fair share.
void MaxMinSolver::freeze_link(LinkId l) {
  const Scratch& sc = scratch(links_[l]);
  const std::int64_t share = std::max<std::int64_t>(1, sc.residual / sc.unfrozen);
  for (std::uint32_t i = sc.members; i < sc.members + sc.member_count; ++i) {
    const FlowId f = members_[i];
    if (flows_[f].frozen != round_) {
      freeze(f, share, l);
    }
  }
}

// A bottleneck of an outside flow under the tentative rates, or NO_LINK if it has none.
MaxMinSolver::LinkId MaxMinSolver::find_bottleneck(FlowId g) const {
  const std::int64_t x = flows_[g].rate;
  auto is_bottleneck = [&](LinkId l) {
    const Link& link = links_[l];
    const std::int64_t load = link.load + (link.touched == round_ ? scratch(link).delta : 0);
    if (link.capacity - load >= static_cast<std::int64_t>(link.entries.size)) {
      return false;  // not saturated: room for every flow on it to grow
    }
    for (const Entry& e : entries_.items(link.entries)) {
      if (e.rate > x) {
        return false;
      }
    }
    return true;
  };
  // The link that last froze it is by far the likeliest to still be its bottleneck.
  if (is_bottleneck(flows_[g].frozen_at)) {
    return flows_[g].frozen_at;
  }
  for (LinkId l : flows_[g].path) {
    if (l != flows_[g].frozen_at && is_bottleneck(l)) {
      return l;
    }
  }
  return NO_LINK;
}

// Finds the flows that break the bottleneck condition; returns true if there are none.
bool MaxMinSolver::check() {
  joining_.clear();
  moved_bottlenecks_.clear();
  // A touched link whose flows are all in A (member_count counts them) has no outside flow
  // to examine; links the solve started from are always so.
  auto all_in_set = [&](const Link& link) {
    return scratch(link).member_count == link.entries.size;
  };
  for (FlowId f : set_) {
    const Flow& flow = flows_[f];
    const Link& bottleneck = links_[flow.frozen_at];
    for (const Entry& e :
         all_in_set(bottleneck) ? std::span<const Entry>{} : entries_.items(bottleneck.entries)) {
      // e.rate first: most entries fail it without a load of their flow's record.
      if (e.rate > flow.proposed && flows_[e.flow].in_set != solve_) {
        joining_.push_back(e.flow);  // it takes more than its fair share of f's bottleneck
      }
    }
    if (flow.proposed == flow.rate) {
      continue;
    }
    for (LinkId l : flow.path) {
      const Link& link = links_[l];
      const auto n = static_cast<std::int64_t>(link.entries.size);
      if (all_in_set(link) || (link.capacity - link.load >= n &&
                               link.capacity - link.load - scratch(link).delta >= n)) {
        continue;  // no outside flow, or room to spare before and after: no one's bottleneck
      }
      // An outside flow whose bottleneck is another link keeps it unless that link's load
      // or rates change too, and then it is examined there: only the flows this link
      // bottlenecks need a look.
      for (const Entry& e : entries_.items(link.entries)) {
        if (e.bottleneck == 0) {
          continue;
        }
        Flow& g = flows_[e.flow];
        if (g.in_set == solve_ || g.checked == round_) {
          continue;
        }
        g.checked = round_;
        const LinkId b = find_bottleneck(e.flow);
        if (b == NO_LINK) {
          joining_.push_back(e.flow);
        } else if (b != g.frozen_at) {
          moved_bottlenecks_.push_back(MovedBottleneck{e.flow, b});
        }
      }
    }
  }
  for (FlowId g : joining_) {
    join(g);
  }
  if (!joining_.empty()) {
    return false;
  }
  // Only the last round's findings hold for the rates that get committed.
  for (const MovedBottleneck& m : moved_bottlenecks_) {
    set_bottleneck(m.flow, m.link);
  }
  return true;
}

std::span<const MaxMinSolver::FlowId> MaxMinSolver::solve() {
  changed_.clear();
  if (dirty_.empty()) {
    return changed_;
  }
  ++solve_;
  set_.clear();
  // A link that only lost flows can move only the flows it bottlenecks: every other flow on
  // it keeps its bottleneck elsewhere unless the re-filled flows change that link, which
  // check() examines. The joiners are listed first and their records prefetched as a
  // batch, so that join() does not take their misses one at a time.
  joining_.clear();
  for (LinkId l : dirty_) {
    const bool grown = links_[l].dirty == (dirty_epoch_ << 1 | 1);
    for (const Entry& e : entries_.items(links_[l].entries)) {
      assert(grown || (e.bottleneck != 0) == (flows_[e.flow].frozen_at == l));
      if (grown || e.bottleneck != 0) {
        prefetch_flow(e.flow);
        joining_.push_back(e.flow);
      }
    }
  }
  for (FlowId f : joining_) {
    join(f);
  }
  dirty_.clear();
  ++dirty_epoch_;
  if (set_.empty()) {
    return changed_;
  }
  ++solves_;
  do {
    fill();
  } while (!check());
  for (FlowId f : set_) {
    Flow& flow = flows_[f];
    if (flow.proposed == flow.rate) {
      continue;
    }
    for (LinkId l : flow.path) {
      links_[l].load += flow.proposed - flow.rate;
    }
    flow.rate = flow.proposed;
    changed_.push_back(f);
  }
  return changed_;
}

}  // namespace collsim::sim::solver
