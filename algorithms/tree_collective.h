#pragma once

#include <vector>

#include "algorithms/generate_options.h"
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

}  // namespace collsim::algorithms
