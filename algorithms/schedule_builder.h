#pragma once

#include <cstddef>
#include <limits>
#include <utility>

#include <boost/container/small_vector.hpp>

#include "algorithms/schedule.h"
#include "core/background_prefault.h"

namespace collsim::algorithms {

// "No op": an absent dependency (data held from the start, a connection not used yet).
inline constexpr OpId NO_OP = std::numeric_limits<OpId>::max();

// DepList: the few ops one op waits for; inline storage, no allocation up to 4 entries.
using DepList = boost::container::small_vector<OpId, 4>;

// ScheduleBuilder: the one way generators emit ops. A generator runs twice (build_schedule):
// first against a counting builder, which stores nothing and hands out the ids the real
// run will produce, to learn the exact numbers of ops and dependencies; then against the
// schedule reserved to exactly that size, so the vectors never reallocate.
// Dependency lists are canonicalised: NO_OP entries dropped, sorted, duplicates removed.
// Throws std::length_error past 2^32 − 1 ops (the counting run stops there early).
// Complexity: O(d log d) per op with d dependencies.
class ScheduleBuilder {
 public:
  ScheduleBuilder() = default;  // counting only
  explicit ScheduleBuilder(Schedule& target) : target_(&target) {}

  OpId send(Rank src, Rank dst, PieceId piece, Combine combine, const Label& label, DepList& deps);
  OpId reduce(Rank rank, PieceId piece, const Label& label, DepList& deps);

  std::size_t num_ops() const { return ops_; }
  std::size_t num_deps() const { return deps_; }

 private:
  OpId count(DepList& deps);

  Schedule* target_ = nullptr;
  std::size_t ops_ = 0;
  std::size_t deps_ = 0;
};

// Throws std::length_error unless a schedule of `ops` ops fits OpId. Generators call it
// with their op count (an upper bound for two-level) computed from their shape before the
// counting run, so that an impossible request fails at once instead of after counting
// four billion ops. O(1).
void require_op_budget(std::uint64_t ops);

// Runs `emit(ScheduleBuilder&)` twice, counting then for real, into `shape` (a schedule
// with its pieces and collective set and no ops) and returns it.
template <class Emit>
Schedule build_schedule(Schedule shape, Emit&& emit) {
  ScheduleBuilder counter;
  emit(counter);
  shape.reserve(counter.num_ops(), counter.num_deps());
  {
    const core::BackgroundPrefault prefault(shape.spare_capacity());
    ScheduleBuilder builder(shape);
    emit(builder);
  }
  return shape;
}

// What a reducing receive produced: the send, and the op after which the receiver holds
// the combined piece (the REDUCE op that folds it, or the send itself without REDUCE ops).
struct Receipt {
  OpId send = NO_OP;
  OpId data = NO_OP;
};

// Emits a Combine::REDUCE send src -> dst of `piece` and, with `emit_reduce_ops`, the
// REDUCE op on dst that folds it (same label). `receiver_ready` are the ops after which
// dst's own copy of the piece is valid: the fold must come after them, so they are
// dependencies of the REDUCE op, or of the send itself when it reduces on arrival.
Receipt reducing_receive(ScheduleBuilder& b, bool emit_reduce_ops, Rank src, Rank dst,
                         PieceId piece, const Label& label, DepList& send_deps,
                         const DepList& receiver_ready);

// Appends `more` to `deps`.
inline void append(DepList& deps, const DepList& more) {
  deps.insert(deps.end(), more.begin(), more.end());
}

}  // namespace collsim::algorithms
