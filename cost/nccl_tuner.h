#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "algorithms/algorithm.h"
#include "core/bandwidth.h"
#include "cost/protocol.h"

namespace collsim::cost {

// NCCL's own AllReduce cost model and choice, as its tuner computes them: the topology
// search's per-channel figures (nccl_search), then per (algorithm, protocol) a latency and a
// bandwidth (src/graph/tuning.cc ncclTopoTuneModel), a time lat + S / bw
// (ncclTopoGetAlgoTime) and the argmin over them (src/enqueue.cc topoGetAlgoInfo), with the
// per-call channel count. Constants of NCCL 2.30.7, as docs/cost-models.md lists them with
// their sources. Ring and Tree only: NVLS and CollNet need switches that reduce, which the
// fabric cannot express yet; NcclVersion selects 2.22's constants instead. Units: µs and GB/s (=
// bytes per ns), as NCCL's own tables, so that its printed figures can be compared digit for digit.
// Everything here is O(1).

// The GPU generation, which selects NCCL's per-architecture constants.
enum class GpuGeneration : std::uint8_t { VOLTA, AMPERE, HOPPER, BLACKWELL };
std::string_view gpu_generation_name(GpuGeneration g);  // volta, ampere, hopper, blackwell
std::optional<GpuGeneration> parse_gpu_generation(std::string_view name);
std::span<const GpuGeneration> all_gpu_generations();

// The NCCL release whose constants the tuner uses (reference Part A §1.8): 2.22 (2.21.x and
// 2.22.x) or 2.30 (2.23 and later through 2.30.7). 2.22 differs in Tree/Simple's latencies (no
// base, 28 µs per hop of every class), in the Ring's inter-node step count (2·nodes, not
// 2(nodes−1)), in the Ring/LL128 factor (0.7 with one GPU per node) and in not pricing a
// one-GPU-per-node ring's network hops at the Tree's figure.
enum class NcclVersion : std::uint8_t { V2_22, V2_30 };
std::string_view nccl_version_name(NcclVersion v);  // "2.22", "2.30"
std::optional<NcclVersion> parse_nccl_version(std::string_view name);
std::span<const NcclVersion> all_nccl_versions();

// The host CPU's vendor: NCCL's multi-node LL bandwidth cap and network overhead follow it.
enum class CpuVendor : std::uint8_t { INTEL, AMD };
std::string_view cpu_vendor_name(CpuVendor c);  // intel, amd
std::optional<CpuVendor> parse_cpu_vendor(std::string_view name);
std::span<const CpuVendor> all_cpu_vendors();

// The tree graph's pattern: BALANCED_TREE spreads the network links of a node over its
// chain's first two GPUs; TREE keeps them on the first, and NCCL then derates Tree
// bandwidth by 0.85.
enum class TreePattern : std::uint8_t { BALANCED_TREE, TREE };
std::string_view tree_pattern_name(TreePattern t);  // balanced_tree, tree
std::optional<TreePattern> parse_tree_pattern(std::string_view name);
std::span<const TreePattern> all_tree_patterns();

// The hardware NCCL's topology search sees, in NCCL's own figures (GB/s per direction):
// NVLink as links × NCCL's per-link figure (Hopper 20.6 GB/s: 18 links are 370.8), a NIC as
// its line rate / 8, PCIe as NCCL computes it (Gen5 x16 48 GB/s).
struct NcclHardware {
  GpuGeneration gpu = GpuGeneration::HOPPER;
  CpuVendor cpu = CpuVendor::INTEL;
  NcclVersion version = NcclVersion::V2_30;
  int nodes = 1;
  int gpus_per_node = 1;
  double nvlink_gbs = 0;  // a GPU's total NVLink bandwidth; 0: GPUs talk over PCIe
  bool nvswitch = true;   // NVLink through NVSwitches (every GPU pair at full rate)
  double pcie_gbs = 0;    // a GPU's PCIe link (to its NIC, or to its peers without NVLink)
  int nics_per_node = 0;  // 0 on one node
  double nic_gbs = 0;
  TreePattern tree_pattern = TreePattern::BALANCED_TREE;
};

// The topology search's ring and tree graphs (each after the search's own duplication) and
// the communicator's channel count.
struct NcclGraph {
  int search_channels = 0;  // the ring graph's nChannels
  double bw_intra = 0;      // per channel, GB/s
  double bw_inter = 0;
  int tree_channels = 0;  // the tree graph's
  double tree_bw_intra = 0;
  double tree_bw_inter = 0;
  bool nvlink_intra = true;
  // comm->nChannels: 2 × min(tree, ring channels) in Postset, the Hopper multi-node ×2, ≤ 64.
  int coll_channels = 0;
};

// The search as NCCL runs it on a symmetric box (reference Part B §1.2, simplified to what
// such a box decides): per-channel speeds from the generation's speed list, starting at the
// best GPU-to-network (or, on one node, GPU-to-GPU) path; at each speed the channels the
// NICs (one channel per NIC per multiple of the speed) and each GPU's NVLink egress (every
// GPU sends on NVLink in (g−1) of every g channels) can carry, at most 32; the best
// channels × speed over the speeds tried, stopping once that reaches the GPU's NVLink total
// or the next speed falls below 0.49 of the best. The tree graph starts from the same
// channels and speed; between nodes its second pass raises the intra-node speed to the
// fastest listed speed up to twice the network's that the GPU's NVLink carries on every
// channel. Then each graph's ×2 unless its intra bw < 25 or (Hopper and later, bw < 50, more
// than 4 channels), Postset's 2 × min(tree, ring) and Hopper's multi-node ×2.
NcclGraph nccl_search(const NcclHardware& hw);

// What the tuner holds for one (algorithm, protocol): NCCL's latency (µs) and algorithm
// bandwidth (user bytes per ns, GB/s); bandwidth 0 means disabled.
struct NcclEntry {
  double latency_us = 0;
  double bandwidth_gbs = 0;
};

// ncclTopoTuneModel's AllReduce entry for algorithm NCCL_RING or NCCL_TREE and protocol p on
// `ranks` ranks of hardware `hw` with search result `graph`.
NcclEntry nccl_entry(const NcclHardware& hw, const NcclGraph& graph, algorithms::Algorithm a,
                     Protocol p);

// ncclTopoGetAlgoTime for one AllReduce of `bytes` (one op per launch): latency (×1.4 for a
// multi-node Ring/Simple past 64 B per channel and rank, ×1.9 before Ampere) + bytes /
// bandwidth, the Tree bandwidth scaled by NCCL's correction factor for the size. nullopt
// when the entry is disabled.
std::optional<double> nccl_time_us(const NcclHardware& hw, const NcclGraph& graph,
                                   algorithms::Algorithm a, Protocol p, core::Bytes bytes);

// NCCL's pick for one AllReduce of `bytes`: the least time over Tree and Ring × LL, LL128 and
// Simple (ties to Tree, then the lower protocol, NCCL's enum order), and the channels the
// call runs on (coll_channels reduced while bytes < channels × threads × threshold).
struct NcclChoice {
  algorithms::Algorithm algorithm = algorithms::Algorithm::NCCL_RING;
  Protocol protocol = Protocol::SIMPLE;
  int channels = 1;
  double predicted_us = 0;
};
NcclChoice nccl_choose(const NcclHardware& hw, const NcclGraph& graph, core::Bytes bytes);

// The channels one AllReduce of `bytes` runs on with (a, p): coll_channels, dropped one at a
// time while bytes < channels × threads × threshold (threads LL 512, LL128 640, Simple 512 or
// 256 for a Ring/Simple at ≤ 12 GB/s in all; thresholds LL 8 (Ring/LL ×ranks), LL128 8,
// Simple 64 bytes per thread).
int nccl_call_channels(const NcclHardware& hw, const NcclGraph& graph, algorithms::Algorithm a,
                       Protocol p, core::Bytes bytes);

// Whether NCCL enables LL128 on this search result: NVLink inside nodes (every generation
// here is Volta or later, and the "auto" rule's path conditions hold on NVLink boxes with
// PCIe-local NICs).
bool nccl_ll128_enabled(const NcclGraph& graph);

}  // namespace collsim::cost
