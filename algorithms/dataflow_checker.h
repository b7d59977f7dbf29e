#pragma once

#include <optional>
#include <string>

#include "algorithms/schedule.h"

namespace collsim::algorithms {

// One way a schedule fails to compute its collective. `op` is the op at which the checker
// found it (NO_OP-valued, i.e. the maximum OpId, for a wrong final state); `rank` and
// `piece` (a leaf) the copy concerned; `what` a sentence saying what went wrong.
struct DataflowViolation {
  OpId op = 0;
  Rank rank = 0;
  PieceId piece = 0;
  std::string what;
};

struct DataflowResult {
  std::optional<DataflowViolation> violation;  // the first one, by op id

  bool ok() const { return !violation.has_value(); }
  // "ok", or "op 12: <what>" / "final state: <what>".
  std::string describe() const;
};

// check_dataflow: proves, without timing, that `schedule` computes its collective under
// the semantics of schedule.h, or names the first violation. It runs the ops symbolically
// in id order (a topological order) with, for every (rank, leaf), the set of ranks whose
// contribution that copy holds (initially {rank}; for ALL_GATHER and BROADCAST only the
// owner holds data, everyone else holds nothing), and checks:
// - structure: ranks and pieces exist, dependencies are earlier ops, a REDUCE op folds at
//   least one send (a Combine::REDUCE send to its rank of its piece that it depends on
//   directly) and no send is folded twice;
// - no data used before it arrives: a send reads its source copy when it starts, a write
//   lands when its send (or the REDUCE op that folds it) ends; every access to a copy must
//   be ordered by a dependency path with every earlier conflicting access — a read after
//   the write it reads, a write after the reads and writes before it. Two folds into the
//   same copy may be unordered (a reduction is commutative and associative: an
//   implementation receives into separate buffers); two reads may too. A send of a copy
//   that holds nothing is an error;
// - nothing is reduced twice: every fold's incoming set is disjoint from the copy's;
// - the postcondition: ALL_REDUCE every rank holds every leaf reduced over all ranks;
//   REDUCE_SCATTER each leaf's owner does; REDUCE the root does; ALL_GATHER and
//   BROADCAST every rank holds exactly the owner's (root's) data of every leaf.
// Method: ordering is decided exactly with vector clocks over chains of sends — the sends
// of one (src, dst, channel, tree) connection that follow each other (a FIFO), split into
// more chains only where they do not — and, for REDUCE ops, which are on no chain, through
// their successors. Complexity: O(ops · dependencies · chains) time, O(ranks · leaves ·
// ranks / 8) bytes of state plus the clocks of ops still awaited; meant for test-sized
// schedules (a ring on 256 ranks takes a fraction of a second).
DataflowResult check_dataflow(const Schedule& schedule);

}  // namespace collsim::algorithms
