#include "algorithms/reduce.h"

#include <algorithm>
#include <utility>

#include "core/huge_page_allocator.h"

namespace collsim::algorithms {

std::vector<DepList> tree_reduce(ScheduleBuilder& b, TreeRun& run, const GenerateOptions& options,
                                 std::span<const DepList> ready) {
  const RankTree& tree = run.tree;
  const std::size_t k = run.chunks.size();
  const DepList none;
  auto ready_of = [&](std::uint32_t v) -> const DepList& {
    return ready.empty() ? none : ready[v];
  };
  // By (child vertex, chunk): the send into its parent and the op after which the parent
  // holds the combined chunk. (Tens of MB at 16k ranks: huge pages spare the page faults.)
  core::HugeVector<OpId> recv_send(tree.size() * k, NO_OP);
  core::HugeVector<OpId> recv_data(tree.size() * k, NO_OP);
  const auto order = tree.bfs_order();
  // Reverse BFS: children before parents, and siblings in reverse send order, which is the
  // order serial receives take them in.
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    const std::uint32_t v = *it;
    const std::uint32_t parent = tree.parent(v);
    if (parent == NO_VERTEX) {
      continue;
    }
    std::uint32_t level = 0;
    for (std::uint32_t c : tree.children(v)) {
      level = std::max(level, run.up_step[c] + 1);
    }
    // The sibling the parent receives before v: the next one in the parent's send order.
    std::uint32_t before = NO_VERTEX;
    if (run.discipline.serial_receives) {
      const auto siblings = tree.children(parent);
      const auto pos = std::find(siblings.begin(), siblings.end(), v);
      if (pos + 1 != siblings.end()) {
        before = *(pos + 1);
        level = std::max(level, run.up_step[before] + 1);
      }
    }
    run.up_step[v] = level;
    for (std::size_t j = 0; j < k; ++j) {
      DepList deps;
      if (tree.children(v).empty()) {
        deps = ready_of(v);
      }
      for (std::uint32_t c : tree.children(v)) {
        deps.push_back(recv_data[c * k + j]);
        if (!options.pipeline) {
          deps.push_back(recv_send[c * k + k - 1]);
        }
      }
      deps.push_back(run.last_send[v]);
      if (before != NO_VERTEX) {
        deps.push_back(recv_send[before * k + j]);
      }
      Label label = run.label;
      label.step = run.next_step + level;
      label.chunk = static_cast<std::uint32_t>(j);
      // Later chunks on the connection wait for chunk 0 (FIFO), which already waited for
      // the receiver; a REDUCE op has no such chain and waits itself.
      const bool receiver = j == 0 || options.emit_reduce_ops;
      const Receipt r =
          reducing_receive(b, options.emit_reduce_ops, tree.rank(v), tree.rank(parent),
                           run.chunks[j], label, deps, receiver ? ready_of(parent) : none);
      recv_send[v * k + j] = r.send;
      recv_data[v * k + j] = r.data;
      run.last_send[v] = r.send;
    }
  }

  const std::uint32_t root = tree.root();
  std::vector<DepList> reduced(k);
  std::uint32_t root_level = 0;
  for (std::uint32_t c : tree.children(root)) {
    root_level = std::max(root_level, run.up_step[c] + 1);
  }
  for (std::size_t j = 0; j < k; ++j) {
    if (tree.children(root).empty()) {
      reduced[j] = ready_of(root);
    }
    for (std::uint32_t c : tree.children(root)) {
      reduced[j].push_back(recv_data[c * k + j]);
    }
  }
  run.next_step += root_level;
  return reduced;
}

}  // namespace collsim::algorithms
