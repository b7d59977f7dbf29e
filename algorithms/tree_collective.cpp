#include "algorithms/tree_collective.h"

#include <cassert>
#include <stdexcept>
#include <utility>

#include "algorithms/broadcast.h"
#include "algorithms/op_bound.h"
#include "algorithms/piece_split.h"
#include "algorithms/reduce.h"
#include "algorithms/schedule_builder.h"

namespace collsim::algorithms {

Schedule tree_collective(Collective collective, core::Bytes bytes, Rank num_ranks,
                         const GenerateOptions& options, ChunkDefault chunk_default,
                         TreeDiscipline discipline, const std::vector<RankTree>& trees) {
  if (collective != Collective::ALL_REDUCE && collective != Collective::REDUCE &&
      collective != Collective::BROADCAST) {
    throw std::invalid_argument("a tree runs reduce, broadcast or allreduce");
  }
  assert(trees.size() == options.channels);
  const std::uint32_t channels = options.channels;
  const std::uint32_t k = chunks_per_piece(options, largest_part(bytes, channels), chunk_default);
  const std::uint64_t fanout[] = {channels, k};
  const std::uint64_t ops_bound =
      require_op_budget(tree_op_bound(collective, bytes, num_ranks, options, chunk_default));
  Schedule shape(num_ranks, nested_split(bytes, fanout));
  if (collective != Collective::ALL_REDUCE) {
    assert(trees[0].rank(trees[0].root()) == options.root);
    shape.set_collective(collective, std::vector<Rank>(shape.num_leaves(), options.root));
  }
  return build_schedule(std::move(shape), ops_bound, [&](ScheduleBuilder& b) {
    for (std::uint32_t c = 0; c < channels; ++c) {
      std::vector<PieceId> chunks(k);
      for (std::uint32_t j = 0; j < k; ++j) {
        chunks[j] = c * k + j;
      }
      Label label;
      label.channel = static_cast<std::uint16_t>(c);
      TreeRun run(trees[c], std::move(chunks), label, discipline);
      std::vector<DepList> reduced;
      if (collective != Collective::BROADCAST) {
        run.label.phase = Phase::REDUCE;
        reduced = tree_reduce(b, run, options, {});
      }
      if (collective != Collective::REDUCE) {
        run.label.phase = Phase::BROADCAST;
        tree_broadcast(b, run, options, reduced);
      }
    }
  });
}

Schedule single_tree_collective(Algorithm algorithm, Collective collective, core::Bytes bytes,
                                const RankLayout& layout, const GenerateOptions& options,
                                RankTree (*shape)(Rank num_ranks, Rank root),
                                TreeDiscipline discipline) {
  validate_request(algorithm, collective, bytes, layout, options);
  const Rank root = collective == Collective::ALL_REDUCE ? 0 : options.root;
  const std::vector<RankTree> trees(options.channels, shape(layout.num_ranks(), root));
  return tree_collective(collective, bytes, layout.num_ranks(), options, ChunkDefault::WHOLE,
                         discipline, trees);
}

}  // namespace collsim::algorithms
