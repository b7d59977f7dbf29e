#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "algorithms/schedule.h"

namespace collsim::algorithms {

// The ring of channel c: node-major, so that ring neighbours share a node except at the
// one hop from each node to the next (as NCCL builds its rings), and inside each node the
// GPUs in local order rotated to start at local index c mod g. Channel 0 is the identity
// 0, 1, ..., p−1 (the SimGrid peer's ring); channel c enters node x at GPU c mod g and
// leaves it from GPU (c−1) mod g, so g channels spread a node's network traffic over all
// its GPUs and NICs (on a rail-optimized fabric those hops cross rails). O(ranks).
std::vector<Rank> ring_order(const RankLayout& layout, std::uint32_t channel);

// The ring of channel c as NCCL's topology search lays it out on nodes whose GPUs reach
// each other through NVSwitch and the network through NICs (docs/algorithms.md, "NCCL's
// rings"). Node-major like ring_order. Inside a node of g GPUs and N NICs, channel c enters
// through NIC e = c mod min(N, g) at that NIC's first GPU and walks the GPU indices downwards,
// wrapping (NCCL tries the previous neighbour first on NVSwitch boxes), so it leaves through
// the same NIC when GPUs share NICs. With one NIC per GPU no walk returns to its entry NIC;
// NCCL pairs the channels instead: channel 2k walks down from GPU 2k and leaves from GPU
// 2k+1, channel 2k+1 walks up from GPU 2k+1 and leaves from GPU 2k, and odd-numbered nodes
// swap the two, so every hop node n -> n+1 enters through the NIC it left by: on a
// rail-optimized fabric it stays on one rail (with an odd node count, all hops but the
// wrap-around from the last node to node 0). Channels beyond min(N, g) repeat from 0, as
// NCCL's duplicated channels do. O(ranks).
std::vector<Rank> nccl_ring_order(const RankLayout& layout, std::uint32_t channel);

// Ring schedules, one independent ring per channel (ring_order(c)):
// - ALL_REDUCE: ring_reduce_scatter then ring_all_gather on the same ring, 2(p−1) steps; the
//   message is cut into channels × p segments × k chunks (k = 1 unless set), segment q of a
//   ring being part (q+1) mod p of its channel, as in the SimGrid peer (at reduce-scatter
//   step s rank r sends part (r−s) mod p). Sends: 2(p−1)·p·k per channel.
// - REDUCE_SCATTER / ALL_GATHER: one of the two halves; rank r owns part r of each channel.
// - BROADCAST / REDUCE: a pipelined chain along the ring starting at the root (k chunks,
//   pipelined default), (p−1)·k sends per channel.
// Throws std::invalid_argument for bad options (validate_request).
Schedule generate_ring(Collective collective, core::Bytes bytes, const RankLayout& layout,
                       const GenerateOptions& options);

// generate_ring's schedules on the rings of nccl_ring_order (nccl_ring): the same sends,
// steps and pieces, only the rank order of each channel differs.
Schedule generate_nccl_ring(Collective collective, core::Bytes bytes, const RankLayout& layout,
                            const GenerateOptions& options);

}  // namespace collsim::algorithms
