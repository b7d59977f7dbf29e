#pragma once

#include <optional>
#include <string>

namespace collsim::report {

// ExplainFlags: the flags of `collsim explain` as the user wrote them (empty = not given);
// names and dimensioned values are still text (sizes in core/units.h spelling).
struct ExplainFlags {
  std::optional<std::string> algorithm;   // --algo, as algorithm.h spells it
  std::optional<std::string> collective;  // --collective, default allreduce
  std::optional<int> ranks;               // --ranks
  std::optional<int> gpus_per_node;       // --gpus-per-node, default 1
  std::optional<std::string> node_sizes;  // --node-sizes "4,4,2" (instead of the two above)
  std::optional<int> nics_per_node;       // --nics-per-node, default one per GPU
  std::optional<std::string> bytes;       // --bytes
  std::optional<int> chunks;              // --chunks
  std::optional<std::string> chunk_size;  // --chunk-size
  std::optional<int> channels;            // --channels, default 1
  bool no_pipeline = false;               // --no-pipeline
  bool reduce_ops = false;                // --reduce-ops
  std::optional<std::string> inter;       // --inter (two_level), default ring
  std::optional<int> root;                // --root (broadcast, reduce), default 0
  std::optional<std::string> by;          // --by step|rank, default step
  std::optional<int> limit;               // --limit, default 200 (0 = counts only)
  bool json = false;                      // --json
};

inline constexpr int DEFAULT_EXPLAIN_LIMIT = 200;
// The most ranks explain builds a schedule for.
inline constexpr int MAX_EXPLAIN_RANKS = 1 << 16;

// The report of `collsim explain`: the schedule algorithms::generate() builds for the
// flags, listed op by op in the order --by asks for (ops grouped by their label's step, or
// by the rank that issues them; within a group in op order), at most --limit ops, then the
// counts: ops (sends, reduces), dependencies, bytes sent and received per rank (min/max),
// bytes each node sends across the network (min/max), the critical path in sends, the
// schedule's memory. --json: the same as one JSON object (ops as an array, per-rank and
// per-node byte arrays). Deterministic: same flags, same bytes.
// Throws core::InputError at "command line" naming the flag for a missing or bad flag, an
// algorithm that has no schedule for the collective, or a schedule too large to build.
std::string explain_report(const ExplainFlags& flags);

}  // namespace collsim::report
