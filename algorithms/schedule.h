#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/algorithm.h"
#include "core/bandwidth.h"
#include "memory/huge_page_allocator.h"

namespace collsim::algorithms {

using Rank = std::uint32_t;
using OpId = std::uint32_t;
using PieceId = std::uint32_t;

enum class OpKind : std::uint8_t { SEND, REDUCE };

// What the receiver of a Send does with the piece: overwrite its copy, or combine it with
// its own partial result (the reduction itself may be a separate Reduce op, see Schedule).
enum class Combine : std::uint8_t { COPY, REDUCE };

// Which part of a collective an op belongs to; for reports and traces only.
enum class Phase : std::uint8_t {
  REDUCE_SCATTER,
  ALL_GATHER,
  REDUCE,
  BROADCAST,
  INTRA_REDUCE_SCATTER,
  INTER_ALL_REDUCE,
  INTRA_ALL_GATHER,
};

// Label: where an op sits in its algorithm (phase, step, chunk, channel, tree).
struct Label {
  std::uint32_t step = 0;
  std::uint32_t chunk = 0;
  std::uint16_t channel = 0;
  std::uint8_t tree = 0;
  Phase phase = Phase::REDUCE_SCATTER;
};

// Op: one operation of a schedule. A SEND moves piece `piece` from rank `src` to rank
// `dst`; a REDUCE is the compute step at rank `src` (== dst) that folds a received piece
// into the rank's partial result. The size of an op is the size of its piece
// (Schedule::bytes), so an op is 28 bytes and holds no pointer.
struct Op {
  Rank src = 0;
  Rank dst = 0;
  PieceId piece = 0;
  Label label;
  OpKind kind = OpKind::SEND;
  Combine combine = Combine::COPY;
};

// Schedule: a DAG of ops over `num_ranks` ranks and a buffer cut into pieces
// (docs/algorithms.md). It knows nothing of links or time.
//
// Pieces: the buffer is cut into leaf pieces 0..num_leaves()-1, in buffer order (the
// constructor's piece sizes). A piece id >= num_leaves() is a composite: a run of
// consecutive leaves moved by one op (add_composite), so that a phase that moves a whole
// shard needs one send where a later phase cuts the shard finer. A composite's size is the
// sum of its leaves; bytes(i) is O(1) for both kinds.
// Collective: what the schedule computes (set_collective), the data-flow checker's
// postcondition. For REDUCE_SCATTER and ALL_GATHER every leaf has an owner (the rank that
// ends with it reduced / whose data it is); for BROADCAST and REDUCE the owner of every
// leaf is the root. Default: ALL_REDUCE, no owners.
//
// Layout: ops in one vector, their dependencies in one flat array indexed by offsets
// (CSR), piece sizes in a table: about 28 + 4 + 4·deps bytes per op, no allocation per op;
// large schedules in huge pages (memory/huge_page_allocator.h).
// Invariants (checked by validate()): ops are stored in a topological order — every
// dependency of op i has an id < i — so the DAG is acyclic by construction; ranks are
// < num_ranks; pieces exist; a REDUCE has src == dst.
// Semantics (the contract of the data-flow checker): a SEND reads the sender's current
// copy of the piece when it starts; with Combine::COPY the receiver's copy becomes that
// data when the send ends; with Combine::REDUCE it is combined with the receiver's own —
// at the end of the send, or, if a REDUCE op on (dst, piece) depends on that send, at the
// end of that REDUCE op. Initially every rank holds its own contribution to every piece
// (for ALL_GATHER and BROADCAST only the owner holds valid data; see the checker).
// A composite op acts on each of its leaves.
// Complexity: add_* amortised O(deps); accessors O(1).
class Schedule {
 public:
  Schedule(Rank num_ranks, std::vector<core::Bytes> piece_bytes);

  OpId add_send(Rank src, Rank dst, PieceId piece, Combine combine, const Label& label,
                std::span<const OpId> deps);
  OpId add_reduce(Rank rank, PieceId piece, const Label& label, std::span<const OpId> deps);
  // Storage for `ops` ops and `deps` dependencies in all, so that adds up to those numbers
  // never reallocate; more stays correct, the vectors grow. Address space: what no add
  // writes is never backed by memory.
  void reserve(std::size_t ops, std::size_t deps);
  // The whole reserved storage of the ops, their dependencies and offsets, in that order
  // (see TrailingPrefault), and the bytes of each that adds have written so far.
  std::vector<std::span<std::byte>> storage();
  std::array<std::size_t, 3> storage_used() const;

  Rank num_ranks() const { return num_ranks_; }
  std::size_t size() const { return ops_.size(); }
  std::size_t num_dependencies() const { return deps_.size(); }
  const Op& op(OpId id) const { return ops_[id]; }
  std::span<const Op> ops() const { return ops_; }
  std::span<const OpId> deps(OpId id) const {
    return {deps_.data() + dep_offsets_[id], deps_.data() + dep_offsets_[id + 1]};
  }
  // Leaves and composites together; piece ids run over [0, num_pieces()).
  std::size_t num_pieces() const { return piece_bytes_.size(); }
  std::size_t num_leaves() const { return num_leaves_; }
  // Adds a composite of leaves [first_leaf, first_leaf + count); throws
  // std::invalid_argument if that range is empty or not inside the leaves.
  PieceId add_composite(PieceId first_leaf, PieceId count);
  // The leaves piece `p` stands for: [first_leaf(p), first_leaf(p) + leaf_count(p)).
  PieceId first_leaf(PieceId p) const {
    return p < num_leaves_ ? p : composites_[p - num_leaves_].first;
  }
  PieceId leaf_count(PieceId p) const {
    return p < num_leaves_ ? 1 : composites_[p - num_leaves_].count;
  }

  // leaf_owner: one rank per leaf (see Collective above); throws std::invalid_argument if
  // its size or a rank is wrong, or if it is not empty for ALL_REDUCE.
  void set_collective(Collective collective, std::vector<Rank> leaf_owner);
  Collective collective() const { return collective_; }
  Rank leaf_owner(PieceId leaf) const { return leaf_owner_[leaf]; }

  core::Bytes piece_bytes(PieceId p) const { return piece_bytes_[p]; }
  core::Bytes bytes(OpId id) const { return piece_bytes_[ops_[id].piece]; }
  // Sum of the leaf sizes: the message size S the schedule reduces.
  core::Bytes total_bytes() const;

  // Structural checks (see Invariants); throws std::logic_error naming the first bad op.
  void validate() const;

  // Bytes of memory the schedule's ops, dependencies and pieces take (for benchmarks); not
  // the address space reserve() set aside beyond them.
  std::size_t memory_bytes() const;

 private:
  OpId add(const Op& op, std::span<const OpId> deps);

  struct Composite {
    PieceId first;
    PieceId count;
  };

  Rank num_ranks_;
  std::vector<core::Bytes> piece_bytes_;
  std::size_t num_leaves_;
  std::vector<Composite> composites_;
  Collective collective_ = Collective::ALL_REDUCE;
  std::vector<Rank> leaf_owner_;
  memory::HugeVector<Op> ops_;
  memory::HugeVector<std::uint32_t> dep_offsets_;
  memory::HugeVector<OpId> deps_;
};

static_assert(sizeof(Op) == 28, "an op is 28 bytes; see Schedule");

// reduce_scatter, all_gather, ...: the names `collsim explain` prints, and every phase.
std::string_view phase_name(Phase p);
std::span<const Phase> all_phases();

}  // namespace collsim::algorithms
