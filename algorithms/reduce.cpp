#include "algorithms/reduce.h"

#include <algorithm>
#include <utility>

#include "memory/huge_page_allocator.h"

namespace collsim::algorithms {

std::vector<DepList> tree_reduce(ScheduleBuilder& b, TreeRun& run, const GenerateOptions& options,
                                 std::span<const DepList> ready) {
  const RankTree& tree = run.tree;
  const std::size_t k = run.chunks.size();
  const DepList none;
  auto ready_of = [&](std::uint32_t v) -> const DepList& {
    return ready.empty() ? none : ready[v];
  };
  // By (chunk, child vertex): the send into its parent and the op after which the parent
  // holds the combined chunk. (Tens of MB at 16k ranks: huge pages spare the page faults.)
  const std::size_t n = tree.size();
  memory::HugeVector<OpId> recv_send(n * k, NO_OP);
  memory::HugeVector<OpId> recv_data(n * k, NO_OP);
  // Reverse BFS: children before parents, and siblings in reverse send order, which is the
  // order serial receives take them in. First each vertex's step and the sibling its parent
  // receives before it.
  const std::vector<std::uint32_t> up(tree.bfs_order().rbegin(), tree.bfs_order().rend());
  std::vector<std::uint32_t> before(n, NO_VERTEX);
  for (const std::uint32_t v : up) {
    const std::uint32_t parent = tree.parent(v);
    if (parent == NO_VERTEX) {
      continue;
    }
    std::uint32_t level = 0;
    for (std::uint32_t c : tree.children(v)) {
      level = std::max(level, run.up_step[c] + 1);
    }
    if (run.discipline.serial_receives) {
      const auto siblings = tree.children(parent);
      const auto pos = std::find(siblings.begin(), siblings.end(), v);
      if (pos + 1 != siblings.end()) {
        before[v] = *(pos + 1);
        level = std::max(level, run.up_step[before[v]] + 1);
      }
    }
    run.up_step[v] = level;
  }
  // Then the sends (see for_each_send).
  for_each_send(up, k, options.pipeline, [&](std::uint32_t v, std::size_t j) {
    const std::uint32_t parent = tree.parent(v);
    if (parent == NO_VERTEX) {
      return;
    }
    DepList deps;
    if (tree.children(v).empty()) {
      deps = ready_of(v);
    }
    for (std::uint32_t c : tree.children(v)) {
      deps.push_back(recv_data[j * n + c]);
      if (!options.pipeline) {
        deps.push_back(recv_send[(k - 1) * n + c]);
      }
    }
    deps.push_back(run.last_send[v]);
    if (before[v] != NO_VERTEX) {
      deps.push_back(recv_send[j * n + before[v]]);
    }
    Label label = run.label;
    label.step = run.next_step + run.up_step[v];
    label.chunk = static_cast<std::uint32_t>(j);
    // Later chunks on the connection wait for chunk 0 (FIFO), which already waited for the
    // receiver; a REDUCE op has no such chain and waits itself.
    const bool receiver = j == 0 || options.emit_reduce_ops;
    const Receipt r =
        reducing_receive(b, options.emit_reduce_ops, tree.rank(v), tree.rank(parent), run.chunks[j],
                         label, deps, receiver ? ready_of(parent) : none);
    recv_send[j * n + v] = r.send;
    recv_data[j * n + v] = r.data;
    run.last_send[v] = r.send;
  });

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
      reduced[j].push_back(recv_data[j * n + c]);
    }
  }
  run.next_step += root_level;
  return reduced;
}

}  // namespace collsim::algorithms
