#include "algorithms/dataflow_checker.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <boost/dynamic_bitset.hpp>
#include <fmt/format.h>

#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {
namespace {

using Set = boost::dynamic_bitset<std::uint64_t>;

constexpr std::uint32_t NO_CHAIN = std::numeric_limits<std::uint32_t>::max();
constexpr std::uint32_t NO_SLOT = std::numeric_limits<std::uint32_t>::max();

enum class Access : std::uint8_t { NONE, READ, FOLD, COPY };

constexpr std::uint32_t NIL = std::numeric_limits<std::uint32_t>::max();

// The accesses to one copy that a new access must be ordered after: the last epoch (a
// group of reads, a group of folds, or one copy) and, for joining a group, the one before;
// each a list in Checker::epoch_ops_.
struct History {
  Access last_kind = Access::NONE;
  Access before_kind = Access::NONE;
  std::uint32_t last = NIL;
  std::uint32_t before_last = NIL;
};

struct EpochOp {
  OpId op;
  std::uint32_t next;
};

std::string set_text(const Set& s) {
  if (s.none()) {
    return "nothing";
  }
  const std::size_t n = s.count();
  if (n > 8) {
    return fmt::format("{} ranks", n);
  }
  std::string out = "{";
  for (auto i = s.find_first(); i != Set::npos; i = s.find_next(i)) {
    out += fmt::format("{}{}", out.size() > 1 ? ", " : "", i);
  }
  return out + "}";
}

class Checker {
 public:
  explicit Checker(const Schedule& s)
      : s_(s),
        p_(s.num_ranks()),
        leaves_(s.num_leaves()),
        n_(s.size()),
        words_((std::size_t{s.num_ranks()} + 63) / 64) {}

  DataflowResult run() {
    DataflowResult result;
    if (!check_structure()) {
      result.violation = std::move(violation_);
      return result;
    }
    index_dependencies();
    init_state();
    for (OpId i = 0; i < n_ && !violation_; ++i) {
      step(i);
    }
    if (!violation_) {
      check_final_state();
    }
    result.violation = std::move(violation_);
    return result;
  }

 private:
  void fail(OpId op, Rank rank, PieceId piece, std::string what) {
    if (!violation_) {
      violation_ = DataflowViolation{op, rank, piece, std::move(what)};
    }
  }

  std::string op_text(OpId id) const {
    const Op& o = s_.op(id);
    if (o.kind == OpKind::REDUCE) {
      return fmt::format("op {} (reduce on rank {}, piece {})", id, o.src, o.piece);
    }
    return fmt::format("op {} ({} {} -> {}, piece {})", id,
                       o.combine == Combine::COPY ? "copy" : "reducing send", o.src, o.dst,
                       o.piece);
  }

  bool check_structure() {
    for (OpId i = 0; i < n_; ++i) {
      const Op& o = s_.op(i);
      if (o.src >= p_ || o.dst >= p_) {
        fail(i, o.src, o.piece,
             fmt::format("rank {} -> {} out of range ({} ranks)", o.src, o.dst, p_));
        return false;
      }
      if (o.piece >= s_.num_pieces()) {
        fail(i, o.src, o.piece, fmt::format("piece {} does not exist", o.piece));
        return false;
      }
      if (o.kind == OpKind::SEND && o.src == o.dst) {
        fail(i, o.src, o.piece, "a send from a rank to itself");
        return false;
      }
      if (o.kind == OpKind::REDUCE && o.src != o.dst) {
        fail(i, o.src, o.piece, "a reduce op on two ranks");
        return false;
      }
      for (OpId d : s_.deps(i)) {
        if (d >= i) {
          fail(i, o.src, o.piece,
               fmt::format("dependency {} is not an earlier op (cycle or forward reference)", d));
          return false;
        }
      }
    }
    return true;
  }

  // Successor lists, the last op waiting for each op, and which REDUCE op folds each send.
  void index_dependencies() {
    last_use_.assign(n_, 0);
    succ_offsets_.assign(n_ + 1, 0);
    folded_by_.assign(n_, NO_OP);
    folds_.assign(n_, 0);
    for (OpId i = 0; i < n_; ++i) {
      const Op& o = s_.op(i);
      for (OpId d : s_.deps(i)) {
        last_use_[d] = i;
        ++succ_offsets_[d + 1];
        const Op& dep = s_.op(d);
        if (o.kind == OpKind::REDUCE && dep.kind == OpKind::SEND &&
            dep.combine == Combine::REDUCE && dep.dst == o.src && dep.piece == o.piece) {
          if (folded_by_[d] == NO_OP) {
            folded_by_[d] = i;
            ++folds_[i];
          } else if (!double_fold_.contains(i)) {
            double_fold_.emplace(i, d);
          }
        }
      }
    }
    for (OpId i = 0; i < n_; ++i) {
      succ_offsets_[i + 1] += succ_offsets_[i];
    }
    succ_.resize(succ_offsets_[n_]);
    std::vector<std::uint32_t> fill(succ_offsets_.begin(), succ_offsets_.end() - 1);
    for (OpId i = 0; i < n_; ++i) {
      for (OpId d : s_.deps(i)) {
        succ_[fill[d]++] = i;
      }
    }
    connections_.assign(p_, {});
    chain_.assign(n_, NO_CHAIN);
    pos_.assign(n_, 0);
    slot_.assign(n_, NO_SLOT);
    visited_.assign(n_, 0);
    grow_clocks(1);
  }

  std::size_t loc(Rank r, PieceId leaf) const { return std::size_t{r} * leaves_ + leaf; }

  void init_state() {
    state_.assign(std::size_t{p_} * leaves_ * words_, 0);
    history_.assign(std::size_t{p_} * leaves_, History{});
    const Collective c = s_.collective();
    const bool owner_only = c == Collective::ALL_GATHER || c == Collective::BROADCAST;
    for (Rank r = 0; r < p_; ++r) {
      for (PieceId x = 0; x < leaves_; ++x) {
        if (!owner_only || s_.leaf_owner(x) == r) {
          set_at(r, x)[r / 64] |= std::uint64_t{1} << (r % 64);
        }
      }
    }
  }

  // --- happens-before -------------------------------------------------------------------

  void grow_clocks(std::uint32_t width) {
    if (width <= stride_) {
      return;
    }
    std::uint32_t stride = std::max<std::uint32_t>(16, stride_);
    while (stride < width) {
      stride *= 2;
    }
    std::vector<std::uint32_t> pool(std::size_t{slots_} * stride, 0);
    for (std::uint32_t sl = 0; sl < slots_; ++sl) {
      std::copy_n(pool_.begin() + std::size_t{sl} * stride_, slot_width_[sl],
                  pool.begin() + std::size_t{sl} * stride);
    }
    pool_ = std::move(pool);
    stride_ = stride;
    clock_.resize(stride_, 0);
  }

  std::uint32_t* slot_data(std::uint32_t sl) { return pool_.data() + std::size_t{sl} * stride_; }

  // clock_ := the vector clock of op i (over ancestors and i itself); puts a send on a chain.
  void compute_clock(OpId i) {
    // Plain loops over raw pointers: this is the checker's hot path, and test builds are
    // unoptimised (no inlining of std::max) and sanitised.
    std::uint32_t* clock = clock_.data();
    const auto deps = s_.deps(i);
    std::uint32_t filled = 0;
    if (!deps.empty()) {
      filled = slot_width_[slot_[deps[0]]];
      std::memcpy(clock, slot_data(slot_[deps[0]]), filled * sizeof(std::uint32_t));
    }
    std::memset(clock + filled, 0, (stride_ - filled) * sizeof(std::uint32_t));
    for (std::size_t e = 1; e < deps.size(); ++e) {
      const std::uint32_t sl = slot_[deps[e]];
      const std::uint32_t* dc = slot_data(sl);
      for (std::uint32_t c = 0; c < slot_width_[sl]; ++c) {
        if (dc[c] > clock[c]) {
          clock[c] = dc[c];
        }
      }
    }
    const Op& o = s_.op(i);
    if (o.kind != OpKind::SEND) {
      return;
    }
    auto& connections = connections_[o.src];
    auto conn = std::find_if(connections.begin(), connections.end(), [&](const Connection& k) {
      return k.dst == o.dst && k.channel == o.label.channel && k.tree == o.label.tree;
    });
    if (conn == connections.end()) {
      connections.push_back({o.dst, o.label.channel, o.label.tree, {}});
      conn = connections.end() - 1;
    }
    auto& chains = conn->chains;
    for (std::uint32_t c : chains) {
      const OpId tail = tail_[c];
      if (clock_[c] == pos_[tail] + 1) {
        chain_[i] = c;
        pos_[i] = pos_[tail] + 1;
        tail_[c] = i;
        clock_[c] = pos_[i] + 1;
        return;
      }
    }
    const std::uint32_t c = width_++;
    grow_clocks(width_);
    chains.push_back(c);
    tail_.push_back(i);
    chain_[i] = c;
    pos_[i] = 0;
    clock_[c] = 1;
  }

  void keep_clock(OpId i) {
    if (last_use_[i] > i) {
      std::uint32_t sl;
      if (!free_slots_.empty()) {
        sl = free_slots_.back();
        free_slots_.pop_back();
      } else {
        sl = slots_++;
        pool_.resize(std::size_t{slots_} * stride_, 0);
        slot_width_.push_back(0);
      }
      std::memcpy(slot_data(sl), clock_.data(), width_ * sizeof(std::uint32_t));
      slot_width_[sl] = width_;
      slot_[i] = sl;
    }
    for (OpId d : s_.deps(i)) {
      if (last_use_[d] == i && slot_[d] != NO_SLOT) {
        free_slots_.push_back(slot_[d]);
        slot_[d] = NO_SLOT;
      }
    }
  }

  // Whether x ends before the current op y starts on every timing: a dependency path x ~> y.
  bool precedes(OpId x, OpId y) {
    if (x == y) {
      return true;
    }
    if (chain_[x] != NO_CHAIN) {
      return clock_[chain_[x]] > pos_[x];
    }
    // A REDUCE op is on no chain: it precedes y iff one of its successors does.
    ++stamp_;
    std::vector<OpId> stack{x};
    while (!stack.empty()) {
      const OpId v = stack.back();
      stack.pop_back();
      for (std::uint32_t e = succ_offsets_[v]; e < succ_offsets_[v + 1]; ++e) {
        const OpId z = succ_[e];
        if (z == y) {
          return true;
        }
        if (z > y || visited_[z] == stamp_) {
          continue;
        }
        visited_[z] = stamp_;
        if (chain_[z] != NO_CHAIN) {
          if (clock_[chain_[z]] > pos_[z]) {
            return true;
          }
        } else {
          stack.push_back(z);
        }
      }
    }
    return false;
  }

  // Records access `kind` by op y to copy (r, x), after checking it is ordered after the
  // conflicting accesses before it.
  void access(OpId y, Access kind, Rank r, PieceId x) {
    History& h = history_[loc(r, x)];
    const bool joins = kind == h.last_kind && kind != Access::COPY;
    for (std::uint32_t e = joins ? h.before_last : h.last; e != NIL; e = epoch_ops_[e].next) {
      const OpId earlier = epoch_ops_[e].op;
      if (precedes(earlier, y)) {
        continue;
      }
      const Access earlier_kind = joins ? h.before_kind : h.last_kind;
      if (kind == Access::READ) {
        fail(y, r, x,
             fmt::format("{} reads rank {}'s copy of piece {} written by {} without a dependency "
                         "path from it",
                         op_text(y), r, x, op_text(earlier)));
      } else if (earlier_kind == Access::READ) {
        fail(y, r, x,
             fmt::format("{} writes rank {}'s copy of piece {} while {} may still be reading it "
                         "(no dependency path from it)",
                         op_text(y), r, x, op_text(earlier)));
      } else {
        fail(y, r, x,
             fmt::format("{} writes rank {}'s copy of piece {} unordered with the access of {} "
                         "(no dependency path from it)",
                         op_text(y), r, x, op_text(earlier)));
      }
      return;
    }
    const auto added = static_cast<std::uint32_t>(epoch_ops_.size());
    if (joins) {
      epoch_ops_.push_back({y, h.last});
    } else {
      epoch_ops_.push_back({y, NIL});
      h.before_last = h.last;
      h.before_kind = h.last_kind;
      h.last_kind = kind;
    }
    h.last = added;
  }

  // --- data -----------------------------------------------------------------------------

  std::uint64_t* set_at(Rank r, PieceId x) { return state_.data() + loc(r, x) * words_; }

  bool none(const std::uint64_t* a) const {
    for (std::size_t w = 0; w < words_; ++w) {
      if (a[w] != 0) {
        return false;
      }
    }
    return true;
  }

  bool intersects(const std::uint64_t* a, const std::uint64_t* b) const {
    for (std::size_t w = 0; w < words_; ++w) {
      if ((a[w] & b[w]) != 0) {
        return true;
      }
    }
    return false;
  }

  void unite(std::uint64_t* into, const std::uint64_t* from) const {
    for (std::size_t w = 0; w < words_; ++w) {
      into[w] |= from[w];
    }
  }

  Set as_set(const std::uint64_t* a) const {
    Set out(a, a + words_);
    out.resize(p_);
    return out;
  }

  void fold(OpId y, Rank r, PieceId x, const std::uint64_t* incoming) {
    access(y, Access::FOLD, r, x);
    std::uint64_t* have = set_at(r, x);
    if (violation_) {
      return;
    }
    if (none(have)) {
      fail(y, r, x,
           fmt::format("{} reduces into rank {}'s copy of piece {}, which holds no data",
                       op_text(y), r, x));
    } else if (intersects(have, incoming)) {
      const Set h = as_set(have);
      const Set in = as_set(incoming);
      fail(y, r, x,
           fmt::format("{}: double reduction: rank {}'s copy of piece {} already holds {} and the "
                       "incoming data holds {} (overlap {})",
                       op_text(y), r, x, set_text(h), set_text(in), set_text(h & in)));
    } else {
      unite(have, incoming);
    }
  }

  void step(OpId i) {
    compute_clock(i);
    const Op& o = s_.op(i);
    const PieceId first = s_.first_leaf(o.piece);
    const PieceId count = s_.leaf_count(o.piece);
    if (o.kind == OpKind::SEND) {
      // What the send carries, read when it starts.
      values_.resize(std::size_t{count} * words_);
      for (PieceId e = 0; e < count && !violation_; ++e) {
        access(i, Access::READ, o.src, first + e);
        const std::uint64_t* v = set_at(o.src, first + e);
        std::copy(v, v + words_, values_.data() + e * words_);
        if (!violation_ && none(v)) {
          fail(i, o.src, first + e,
               fmt::format("{} sends rank {}'s copy of piece {}, which holds no data (nothing "
                           "has arrived)",
                           op_text(i), o.src, first + e));
        }
      }
      if (violation_) {
        return;
      }
      if (folded_by_[i] != NO_OP) {
        stash_.emplace(i, values_);
      } else {
        for (PieceId e = 0; e < count && !violation_; ++e) {
          const std::uint64_t* v = values_.data() + e * words_;
          if (o.combine == Combine::COPY) {
            access(i, Access::COPY, o.dst, first + e);
            std::copy(v, v + words_, set_at(o.dst, first + e));
          } else {
            fold(i, o.dst, first + e, v);
          }
        }
      }
    } else {
      reduce_step(i, o, first, count);
    }
    keep_clock(i);
  }

  void reduce_step(OpId i, const Op& o, PieceId first, PieceId count) {
    if (const auto it = double_fold_.find(i); it != double_fold_.end()) {
      fail(i, o.src, first,
           fmt::format("{} folds {}, which {} already folds", op_text(i), op_text(it->second),
                       op_text(folded_by_[it->second])));
      return;
    }
    if (folds_[i] == 0) {
      fail(i, o.src, first,
           fmt::format("{} folds nothing: it depends on no reducing send of piece {} to rank {}",
                       op_text(i), o.piece, o.src));
      return;
    }
    values_.assign(std::size_t{count} * words_, 0);
    for (OpId d : s_.deps(i)) {
      if (folded_by_[d] != i) {
        continue;
      }
      const auto it = stash_.find(d);
      for (PieceId e = 0; e < count; ++e) {
        std::uint64_t* in = values_.data() + e * words_;
        const std::uint64_t* more = it->second.data() + e * words_;
        if (intersects(in, more)) {
          fail(i, o.src, first + e,
               fmt::format("{}: double reduction: the sends it folds both hold {}", op_text(i),
                           set_text(as_set(in) & as_set(more))));
          return;
        }
        unite(in, more);
      }
      stash_.erase(it);
    }
    for (PieceId e = 0; e < count && !violation_; ++e) {
      fold(i, o.src, first + e, values_.data() + e * words_);
    }
  }

  void check_final_state() {
    const Collective c = s_.collective();
    const bool owner_only = c == Collective::REDUCE_SCATTER || c == Collective::REDUCE;
    const bool owner_data = c == Collective::ALL_GATHER || c == Collective::BROADCAST;
    std::vector<std::uint64_t> all(words_, 0);
    for (Rank r = 0; r < p_; ++r) {
      all[r / 64] |= std::uint64_t{1} << (r % 64);
    }
    std::vector<std::uint64_t> want(words_);
    for (Rank r = 0; r < p_; ++r) {
      for (PieceId x = 0; x < leaves_; ++x) {
        if (owner_only && s_.leaf_owner(x) != r) {
          continue;
        }
        if (owner_data) {
          std::fill(want.begin(), want.end(), 0);
          const Rank owner = s_.leaf_owner(x);
          want[owner / 64] |= std::uint64_t{1} << (owner % 64);
        } else {
          want = all;
        }
        const std::uint64_t* got = set_at(r, x);
        if (std::equal(want.begin(), want.end(), got)) {
          continue;
        }
        const Set have = as_set(got);
        const Set expected = as_set(want.data());
        fail(NO_OP, r, x,
             fmt::format(
                 "rank {} ends with piece {} holding {} instead of {} (missing {}, extra {})", r, x,
                 set_text(have), set_text(expected), set_text(expected - have),
                 set_text(have - expected)));
        return;
      }
    }
  }

  const Schedule& s_;
  const Rank p_;
  const std::size_t leaves_;
  const std::size_t n_;
  std::optional<DataflowViolation> violation_;

  std::vector<OpId> last_use_;
  std::vector<std::uint32_t> succ_offsets_;
  std::vector<OpId> succ_;
  std::vector<OpId> folded_by_;
  std::vector<std::uint32_t> folds_;
  std::unordered_map<OpId, OpId> double_fold_;  // REDUCE op -> a send already folded

  // By (rank, leaf): the ranks whose contribution the copy holds, a bitset of words_ words.
  std::size_t words_;
  std::vector<std::uint64_t> state_;
  std::vector<std::uint64_t> values_;  // scratch: what the current op carries, by leaf
  std::vector<History> history_;
  std::vector<EpochOp> epoch_ops_;  // the lists of History, appended to, never freed
  // Send -> what it carries, until the REDUCE op that folds it.
  std::unordered_map<OpId, std::vector<std::uint64_t>> stash_;

  std::vector<std::uint32_t> chain_;
  std::vector<std::uint32_t> pos_;
  std::vector<OpId> tail_;
  // By source rank: its connections (dst, channel, tree) and their chains, so a chain is
  // found by a scan of the few connections of one rank.
  struct Connection {
    Rank dst;
    std::uint16_t channel;
    std::uint8_t tree;
    std::vector<std::uint32_t> chains;
  };
  std::vector<std::vector<Connection>> connections_;
  std::uint32_t width_ = 0;
  std::uint32_t stride_ = 0;
  std::uint32_t slots_ = 0;
  std::vector<std::uint32_t> pool_;
  std::vector<std::uint32_t> slot_width_;  // by slot: the entries it holds (the rest are 0)
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::uint32_t> slot_;
  std::vector<std::uint32_t> clock_;
  std::vector<std::uint32_t> visited_;
  std::uint32_t stamp_ = 0;
};

}  // namespace

std::string DataflowResult::describe() const {
  if (!violation) {
    return "ok";
  }
  if (violation->op == NO_OP) {
    return "final state: " + violation->what;
  }
  return fmt::format("op {}: {}", violation->op, violation->what);
}

DataflowResult check_dataflow(const Schedule& schedule) {
  return Checker(schedule).run();
}

}  // namespace collsim::algorithms
