#pragma once

#include <vector>

#include "algorithms/algorithm.h"
#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/rank_tree.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// A tree collective over `trees` (one per channel; trees[c] is channel c's): REDUCE
// (tree_reduce, phase REDUCE), BROADCAST (tree_broadcast, phase BROADCAST) or ALL_REDUCE
// (the reduce, then a broadcast of the root's result: chunk j goes down as soon as the root
// has reduced it). The message is cut into channels, each channel's share into k chunks
// (chunks_per_piece of the share, with `chunk_default`); channel c moves leaves
// [c·k, (c+1)·k) and labels its ops channel c. For REDUCE and BROADCAST every tree's root
// is options.root and every leaf's owner. Throws std::invalid_argument for other collectives.
Schedule tree_collective(Collective collective, core::Bytes bytes, Rank num_ranks,
                         const GenerateOptions& options, ChunkDefault chunk_default,
                         TreeDiscipline discipline, const std::vector<RankTree>& trees);

// A generator of one tree shape (binary_tree, binomial_tree): validates the request for
// `algorithm`, builds shape(ranks, root) with root 0 for ALL_REDUCE and options.root
// otherwise, and runs tree_collective on that tree in every channel, whole pieces per step.
Schedule single_tree_collective(Algorithm algorithm, Collective collective, core::Bytes bytes,
                                const RankLayout& layout, const GenerateOptions& options,
                                RankTree (*shape)(Rank num_ranks, Rank root),
                                TreeDiscipline discipline);

}  // namespace collsim::algorithms
