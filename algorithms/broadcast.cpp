#include "algorithms/broadcast.h"

#include <algorithm>
#include <utility>

#include "memory/huge_page_allocator.h"

namespace collsim::algorithms {

std::vector<DepList> tree_broadcast(ScheduleBuilder& b, TreeRun& run,
                                    const GenerateOptions& options,
                                    std::span<const DepList> root_ready) {
  const RankTree& tree = run.tree;
  const std::size_t k = run.chunks.size();
  const std::uint32_t root = tree.root();
  const DepList none;
  auto root_has = [&](std::size_t j) -> const DepList& {
    return root_ready.empty() ? none : root_ready[j];
  };
  // By (chunk, vertex): the send that brought the chunk to the vertex.
  const std::size_t n = tree.size();
  memory::HugeVector<OpId> received(n * k, NO_OP);
  // By vertex: the level at which it received from its parent.
  std::vector<std::uint32_t> level(n, 0);
  std::uint32_t deepest = 0;
  // BFS: parents before children, in the order of for_each_send.
  for_each_send(tree.bfs_order(), k, options.pipeline, [&](std::uint32_t v, std::size_t j) {
    const auto children = tree.children(v);
    if (children.empty()) {
      return;
    }
    const std::uint32_t base = v == root ? 0 : level[v] + 1;
    DepList data = v == root ? root_has(j) : DepList{received[j * n + v]};
    if (!options.pipeline) {
      if (v == root) {
        append(data, root_has(k - 1));
      } else {
        data.push_back(received[(k - 1) * n + v]);
      }
    }
    for (std::size_t i = 0; i < children.size(); ++i) {
      const std::uint32_t c = children[i];
      DepList deps = data;
      if (run.discipline.single_port) {
        deps.push_back(run.last_send[v]);
      } else if (j > 0) {
        deps.push_back(received[(j - 1) * n + c]);
      }
      const auto at = base + (run.discipline.single_port ? static_cast<std::uint32_t>(i) : 0);
      Label label = run.label;
      label.step = run.next_step + at;
      label.chunk = static_cast<std::uint32_t>(j);
      const OpId s = b.send(tree.rank(v), tree.rank(c), run.chunks[j], Combine::COPY, label, deps);
      received[j * n + c] = s;
      run.last_send[v] = s;
      level[c] = at;
      deepest = std::max(deepest, at + 1);
    }
  });
  run.next_step += deepest;

  std::vector<DepList> done(tree.size());
  for (std::uint32_t v = 0; v < tree.size(); ++v) {
    if (v != root) {
      done[v] = {received[(k - 1) * n + v]};
    } else if (!tree.children(root).empty()) {
      done[v] = {received[(k - 1) * n + tree.children(root)[0]]};
    } else {
      for (std::size_t j = 0; j < k; ++j) {
        append(done[v], root_has(j));
      }
    }
  }
  return done;
}

}  // namespace collsim::algorithms
