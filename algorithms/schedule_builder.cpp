#include "algorithms/schedule_builder.h"

#include <stdexcept>

#include <fmt/format.h>

#include "algorithms/op_bound.h"

namespace collsim::algorithms {

namespace {

void canonicalise(DepList& deps) {
  // Insertion sort that drops NO_OP and duplicates: lists are a handful of entries, and this
  // runs once per op of schedules of tens of millions of ops.
  OpId* d = deps.data();
  std::size_t n = 0;
  for (std::size_t i = 0; i < deps.size(); ++i) {
    const OpId v = d[i];
    if (v == NO_OP) {
      continue;
    }
    std::size_t at = n;
    while (at > 0 && d[at - 1] > v) {
      --at;
    }
    if (at > 0 && d[at - 1] == v) {
      continue;
    }
    for (std::size_t j = n; j > at; --j) {
      d[j] = d[j - 1];
    }
    d[at] = v;
    ++n;
  }
  deps.resize(n);
}

}  // namespace

OpId ScheduleBuilder::send(Rank src, Rank dst, PieceId piece, Combine combine, const Label& label,
                           DepList& deps) {
  canonicalise(deps);
  const OpId id = target_.add_send(src, dst, piece, combine, label, {deps.data(), deps.size()});
  report(id);
  return id;
}

OpId ScheduleBuilder::reduce(Rank rank, PieceId piece, const Label& label, DepList& deps) {
  canonicalise(deps);
  const OpId id = target_.add_reduce(rank, piece, label, {deps.data(), deps.size()});
  report(id);
  return id;
}

void ScheduleBuilder::report(OpId id) {
  if (id % REPORT_EVERY == 0) {
    const std::array<std::size_t, 3> used = target_.storage_used();
    for (std::size_t i = 0; i < used.size(); ++i) {
      prefault_.advance(i, used[i]);
    }
  }
}

std::uint64_t require_op_budget(std::uint64_t ops) {
  if (ops > MAX_OPS) {
    throw std::length_error(
        fmt::format("the schedule needs {} ops, more than the 2^32 - 2 that fit", ops));
  }
  return ops;
}

Receipt reducing_receive(ScheduleBuilder& b, bool emit_reduce_ops, Rank src, Rank dst,
                         PieceId piece, const Label& label, DepList& send_deps,
                         const DepList& receiver_ready) {
  if (!emit_reduce_ops) {
    append(send_deps, receiver_ready);
    const OpId s = b.send(src, dst, piece, Combine::REDUCE, label, send_deps);
    return {s, s};
  }
  const OpId s = b.send(src, dst, piece, Combine::REDUCE, label, send_deps);
  DepList fold{s};
  append(fold, receiver_ready);
  return {s, b.reduce(dst, piece, label, fold)};
}

}  // namespace collsim::algorithms
