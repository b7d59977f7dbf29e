#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "algorithms/schedule.h"
#include "memory/trailing_prefault.h"

namespace collsim::algorithms {

// "No op": an absent dependency (data held from the start, a connection not used yet).
inline constexpr OpId NO_OP = std::numeric_limits<OpId>::max();

// DepList: the few ops one op waits for; inline storage, no allocation up to 4 entries.
using DepList = boost::container::small_vector<OpId, 4>;

// ScheduleBuilder: the one way generators emit ops into a schedule (build_schedule makes
// it). Every REPORT_EVERY ops it tells the schedule's TrailingPrefault how much of the
// storage it has written.
// Dependency lists are canonicalised: NO_OP entries dropped, sorted, duplicates removed.
// Throws std::length_error past 2^32 − 1 ops (Schedule::add).
// Complexity: O(d log d) per op with d dependencies.
class ScheduleBuilder {
 public:
  ScheduleBuilder(Schedule& target, memory::TrailingPrefault& prefault)
      : target_(target), prefault_(prefault) {}

  OpId send(Rank src, Rank dst, PieceId piece, Combine combine, const Label& label, DepList& deps);
  OpId reduce(Rank rank, PieceId piece, const Label& label, DepList& deps);

  static constexpr std::size_t REPORT_EVERY = 4096;

 private:
  void report(OpId id);

  Schedule& target_;
  memory::TrailingPrefault& prefault_;
};

// Throws std::length_error unless a schedule of `ops` ops fits OpId, and returns `ops`.
// Generators call it with an upper bound of their op count computed from their shape, so
// that an impossible request fails at once, and hand the same bound to build_schedule. O(1).
std::uint64_t require_op_budget(std::uint64_t ops);

// A bound on dependencies per op for build_schedule's reservation: the generators here
// average between 1 and 2.3; a schedule past it
// stays correct, its dependency array grows.
inline constexpr std::size_t RESERVED_DEPS_PER_OP = 4;

// Runs `emit(ScheduleBuilder&)` once into `shape` (a schedule with its pieces and
// collective set and no ops) and returns it. The storage is reserved for `ops_bound` ops
// (require_op_budget's bound) — address space, which only what the ops write turns into
// memory — and a helper thread backs it with pages a little ahead of the writes
// (TrailingPrefault), handing back at the end what it backed beyond them. One pass: running the
// generator twice, counting first, would cost the generation time again to save address space.
template <class Emit>
Schedule build_schedule(Schedule shape, std::uint64_t ops_bound, Emit&& emit) {
  shape.reserve(ops_bound, ops_bound * RESERVED_DEPS_PER_OP);
  const std::vector<std::span<std::byte>> storage = shape.storage();
  memory::TrailingPrefault prefault(storage);
  ScheduleBuilder builder(shape, prefault);
  emit(builder);
  // An array that outgrew its reservation has moved: its old range is not the owner's to
  // give back, so it counts as wholly used.
  std::array<std::size_t, 3> used = shape.storage_used();
  const std::vector<std::span<std::byte>> now = shape.storage();
  for (std::size_t i = 0; i < used.size(); ++i) {
    if (now[i].data() != storage[i].data()) {
      used[i] = storage[i].size();
    }
  }
  prefault.finish(used);
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
