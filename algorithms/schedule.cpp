#include "algorithms/schedule.h"

#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "core/name_table.h"

namespace collsim::algorithms {

Schedule::Schedule(Rank num_ranks, std::vector<core::Bytes> piece_bytes)
    : num_ranks_(num_ranks),
      piece_bytes_(std::move(piece_bytes)),
      num_leaves_(piece_bytes_.size()),
      dep_offsets_{0} {}

PieceId Schedule::add_composite(PieceId first_leaf, PieceId count) {
  if (count == 0 || first_leaf >= num_leaves_ || count > num_leaves_ - first_leaf) {
    throw std::invalid_argument(
        fmt::format("composite of leaves [{}, {}) is not inside the {} leaves", first_leaf,
                    std::uint64_t{first_leaf} + count, num_leaves_));
  }
  if (piece_bytes_.size() >= std::numeric_limits<PieceId>::max()) {
    throw std::length_error("schedule exceeds 2^32 pieces");
  }
  const auto begin = piece_bytes_.begin() + first_leaf;
  piece_bytes_.push_back(std::accumulate(begin, begin + count, core::Bytes{0}));
  composites_.push_back({first_leaf, count});
  return static_cast<PieceId>(piece_bytes_.size() - 1);
}

void Schedule::set_collective(Collective collective, std::vector<Rank> leaf_owner) {
  const bool needs_owners = collective != Collective::ALL_REDUCE;
  if (leaf_owner.size() != (needs_owners ? num_leaves_ : 0)) {
    throw std::invalid_argument(fmt::format("{} needs {} leaf owners, got {}",
                                            collective_name(collective),
                                            needs_owners ? num_leaves_ : 0, leaf_owner.size()));
  }
  for (Rank r : leaf_owner) {
    if (r >= num_ranks_) {
      throw std::invalid_argument(
          fmt::format("leaf owner {} out of range ({} ranks)", r, num_ranks_));
    }
  }
  collective_ = collective;
  leaf_owner_ = std::move(leaf_owner);
}

void Schedule::reserve(std::size_t ops, std::size_t deps) {
  ops_.reserve(ops);
  dep_offsets_.reserve(ops + 1);
  deps_.reserve(deps);
}

std::vector<std::span<std::byte>> Schedule::storage() {
  auto whole = [](auto& v) {
    return std::span<std::byte>(reinterpret_cast<std::byte*>(v.data()),
                                v.capacity() * sizeof(v[0]));
  };
  return {whole(ops_), whole(deps_), whole(dep_offsets_)};
}

std::array<std::size_t, 3> Schedule::storage_used() const {
  return {ops_.size() * sizeof(Op), deps_.size() * sizeof(OpId),
          dep_offsets_.size() * sizeof(std::uint32_t)};
}

OpId Schedule::add(const Op& op, std::span<const OpId> deps) {
  if (ops_.size() >= std::numeric_limits<OpId>::max() ||
      deps_.size() + deps.size() >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("schedule exceeds 2^32 ops or dependencies");
  }
  const auto id = static_cast<OpId>(ops_.size());
  ops_.push_back(op);
  deps_.insert(deps_.end(), deps.begin(), deps.end());
  dep_offsets_.push_back(static_cast<std::uint32_t>(deps_.size()));
  return id;
}

OpId Schedule::add_send(Rank src, Rank dst, PieceId piece, Combine combine, const Label& label,
                        std::span<const OpId> deps) {
  return add(Op{src, dst, piece, label, OpKind::SEND, combine}, deps);
}

OpId Schedule::add_reduce(Rank rank, PieceId piece, const Label& label,
                          std::span<const OpId> deps) {
  return add(Op{rank, rank, piece, label, OpKind::REDUCE, Combine::REDUCE}, deps);
}

core::Bytes Schedule::total_bytes() const {
  return std::accumulate(piece_bytes_.begin(), piece_bytes_.begin() + num_leaves_, core::Bytes{0});
}

void Schedule::validate() const {
  for (OpId i = 0; i < ops_.size(); ++i) {
    const Op& o = ops_[i];
    if (o.src >= num_ranks_ || o.dst >= num_ranks_) {
      throw std::logic_error(fmt::format("op {}: rank {} -> {} out of range (ranks: {})", i, o.src,
                                         o.dst, num_ranks_));
    }
    if (o.piece >= piece_bytes_.size()) {
      throw std::logic_error(fmt::format("op {}: piece {} does not exist ({} pieces)", i, o.piece,
                                         piece_bytes_.size()));
    }
    if (o.kind == OpKind::REDUCE && o.src != o.dst) {
      throw std::logic_error(fmt::format("op {}: a reduce runs on one rank", i));
    }
    if (o.kind == OpKind::SEND && o.src == o.dst) {
      throw std::logic_error(fmt::format("op {}: a send from rank {} to itself", i, o.src));
    }
    for (OpId d : deps(i)) {
      if (d >= i) {
        throw std::logic_error(fmt::format(
            "op {}: dependency {} is not an earlier op (cycle or forward reference)", i, d));
      }
    }
  }
}

std::size_t Schedule::memory_bytes() const {
  const std::array<std::size_t, 3> used = storage_used();
  return used[0] + used[1] + used[2] + piece_bytes_.size() * sizeof(core::Bytes) +
         composites_.size() * sizeof(Composite) + leaf_owner_.size() * sizeof(Rank);
}

namespace {

constexpr core::NameTable<Phase, 7> PHASES{{
    {Phase::REDUCE_SCATTER, "reduce_scatter"},
    {Phase::ALL_GATHER, "all_gather"},
    {Phase::REDUCE, "reduce"},
    {Phase::BROADCAST, "broadcast"},
    {Phase::INTRA_REDUCE_SCATTER, "intra_reduce_scatter"},
    {Phase::INTER_ALL_REDUCE, "inter_all_reduce"},
    {Phase::INTRA_ALL_GATHER, "intra_all_gather"},
}};
constexpr auto PHASE_ORDER = core::values_of(PHASES);

}  // namespace

std::string_view phase_name(Phase p) {
  return core::name_in(PHASES, p);
}

std::span<const Phase> all_phases() {
  return PHASE_ORDER;
}

}  // namespace collsim::algorithms
