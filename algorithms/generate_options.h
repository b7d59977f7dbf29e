#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "algorithms/algorithm.h"
#include "algorithms/schedule.h"
#include "core/bandwidth.h"

namespace collsim::algorithms {

class RankLayout;

// GenerateOptions: how a generator cuts and orders the data.
// - channels: independent parallel instances of the algorithm, channel c carrying part c
//   of the message (parts differ by at most a byte); channel c's ops carry label.channel c
//   (the engine's ECMP flow label). Ring channels also rotate the ring inside each node.
// - chunks / chunk_size: each piece an algorithm moves in one step (a ring segment, a tree's
//   whole share) is cut into `chunks` chunks, or into ceil(piece / chunk_size) chunks; at
//   most one of the two may be set. Unset: 1 chunk for the unpipelined algorithms (ring,
//   binary and binomial trees, two-level's inter-node ring), and for the pipelined ones
//   (double binary tree, ring broadcast/reduce chains, two-level's inter-node tree)
//   ceil(piece / DEFAULT_PIPELINE_CHUNK) chunks, at least 1 and at most MAX_DEFAULT_CHUNKS.
// - pipeline: chunk j moves on as soon as chunk j arrived (true), or only once every chunk
//   of the previous step arrived (false, store-and-forward per step).
// - emit_reduce_ops: a reducing receive is followed by a REDUCE op on the receiver that
//   downstream ops wait for (the engine charges bytes / reduceBandwidth for it); false: no
//   REDUCE ops, the Combine::REDUCE send reduces on arrival.
// - inter: two_level's inter-node algorithm, RING or DOUBLE_BINARY_TREE.
// - root: the root rank of BROADCAST and REDUCE.
struct GenerateOptions {
  std::uint32_t channels = 1;
  std::uint32_t chunks = 0;
  core::Bytes chunk_size = 0;
  bool pipeline = true;
  bool emit_reduce_ops = false;
  Algorithm inter = Algorithm::RING;
  Rank root = 0;
};

// NCCL's default Simple slot: a 4 MiB buffer (DEFAULT_BUFFSIZE, src/init.cc) in
// NCCL_STEPS = 8 slots (src/include/device.h).
inline constexpr core::Bytes DEFAULT_PIPELINE_CHUNK = core::Bytes{512} * 1024;
inline constexpr std::uint32_t MAX_DEFAULT_CHUNKS = 256;
// The most channels a schedule may have: NCCL's MAXCHANNELS (64), the most it ever runs
// (its channel count after doubling is min(64, 2·nChannels)); more would model no real run.
inline constexpr std::uint32_t MAX_CHANNELS = 64;
// A schedule's leaf pieces are at most this many (the piece table is 8 bytes a leaf).
inline constexpr std::uint64_t MAX_LEAVES = std::uint64_t{1} << 26;

enum class ChunkDefault { WHOLE, PIPELINED };

// How the options cut pieces, as reports print it: "4 chunks per piece", "chunks of at most
// 256KiB" or "chunks: each algorithm's default".
std::string chunking_text(const GenerateOptions& options);

// The number of chunks a piece of (at most) `piece` bytes is cut into, by the rules above.
// Precondition: validate_request passed. O(1).
std::uint32_t chunks_per_piece(const GenerateOptions& options, core::Bytes piece,
                               ChunkDefault default_rule);

// Leaf sizes of a buffer of `total` bytes cut by nested even splits: the first split into
// fanout[0] parts, each of those into fanout[1] parts, and so on; leaves in lexicographic
// order of their indices (the first index slowest). Throws std::length_error past
// MAX_LEAVES. O(leaves).
std::vector<core::Bytes> nested_split(core::Bytes total, std::span<const std::uint64_t> fanout);

// Whether `algorithm` has a generator for `collective`: every algorithm for ALL_REDUCE;
// ring and nccl_ring for REDUCE_SCATTER and ALL_GATHER; ring and nccl_ring (pipelined
// chains), binary_tree and binomial_tree for BROADCAST and REDUCE.
bool supports(Algorithm algorithm, Collective collective);

// Throws std::invalid_argument naming the problem unless the request is one a generator
// accepts: supports(), bytes >= 0, 1 <= channels <= MAX_CHANNELS, not both chunks and chunk_size,
// chunk_size >= 0, root < ranks, inter is RING or DOUBLE_BINARY_TREE.
void validate_request(Algorithm algorithm, Collective collective, core::Bytes bytes,
                      const RankLayout& layout, const GenerateOptions& options);

}  // namespace collsim::algorithms
