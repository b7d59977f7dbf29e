#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "algorithms/schedule.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

inline constexpr std::uint32_t NO_VERTEX = std::numeric_limits<std::uint32_t>::max();

// RankTree: a rooted tree whose vertices are ranks, the shape a tree reduce or broadcast
// follows. Vertex v is rank rank(v); children(v) lists v's children in the order v sends
// to them in a broadcast. bfs_order() lists parents before children (siblings together, in
// send order). Invariant (checked by the constructor, std::invalid_argument otherwise):
// every vertex is reached from the root exactly once. Complexity: O(vertices) to build.
class RankTree {
 public:
  RankTree(std::vector<Rank> ranks, const std::vector<std::vector<std::uint32_t>>& children,
           std::uint32_t root);

  std::uint32_t size() const { return static_cast<std::uint32_t>(ranks_.size()); }
  std::uint32_t root() const { return root_; }
  Rank rank(std::uint32_t v) const { return ranks_[v]; }
  std::uint32_t parent(std::uint32_t v) const { return parent_[v]; }
  std::span<const std::uint32_t> children(std::uint32_t v) const {
    return {children_.data() + child_offsets_[v], children_.data() + child_offsets_[v + 1]};
  }
  std::span<const std::uint32_t> bfs_order() const { return bfs_; }

 private:
  std::vector<Rank> ranks_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> child_offsets_;
  std::vector<std::uint32_t> children_;
  std::vector<std::uint32_t> bfs_;
  std::uint32_t root_;
};

// How a tree's ranks talk. Default: every (sender, receiver) connection is a FIFO with
// one message in flight, and a parent takes its children's data as it comes (both children
// of a binary tree send at once). single_port: all of a rank's sends form one FIFO, whatever
// their destination (a binomial broadcast sends to one child after the other).
// serial_receives: a parent takes its children's data one at a time, in the reverse of its
// send order (binomial: the smallest subtree first, one partner per step).
struct TreeDiscipline {
  bool single_port = false;
  bool serial_receives = false;
};

// TreeRun: one tree instance carrying `chunks` (pieces, in pipeline order) and the state
// its reduce and broadcast share: each vertex's last send (the single-port FIFO) and the
// step labels. `label` holds the channel, tree and phase stamped on the ops.
struct TreeRun {
  TreeRun(const RankTree& run_tree, std::vector<PieceId> run_chunks, Label run_label,
          TreeDiscipline run_discipline);

  const RankTree& tree;
  std::vector<PieceId> chunks;
  Label label;
  TreeDiscipline discipline;
  std::vector<OpId> last_send;         // by vertex
  std::vector<std::uint32_t> up_step;  // by vertex: the step label of its send to its parent
  std::uint32_t next_step = 0;         // the first step of the next phase
};

// Calls emit(v, j) for each vertex v of `vertices` (in that order) and chunk j < k, in the
// order a tree block emits its sends: pipelined, chunk by chunk (every vertex's chunk 0,
// then chunk 1: ops in about the order they can run, the executor's run order, so its
// set-up walks the schedule and its own state in step); unpipelined, vertex by vertex (a
// vertex waits for the last chunk from its side of the tree).
template <class Emit>
void for_each_send(std::span<const std::uint32_t> vertices, std::size_t k, bool pipeline,
                   Emit&& emit) {
  if (pipeline) {
    for (std::size_t j = 0; j < k; ++j) {
      for (const std::uint32_t v : vertices) {
        emit(v, j);
      }
    }
    return;
  }
  for (const std::uint32_t v : vertices) {
    for (std::size_t j = 0; j < k; ++j) {
      emit(v, j);
    }
  }
}

}  // namespace collsim::algorithms
