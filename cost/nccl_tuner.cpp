#include "cost/nccl_tuner.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "core/name_table.h"

namespace collsim::cost {
namespace {

using algorithms::Algorithm;

constexpr core::NameTable<GpuGeneration, 4> GPU_GENERATIONS{{
    {GpuGeneration::VOLTA, "volta"},
    {GpuGeneration::AMPERE, "ampere"},
    {GpuGeneration::HOPPER, "hopper"},
    {GpuGeneration::BLACKWELL, "blackwell"},
}};
constexpr auto GPU_GENERATION_ORDER = core::values_of(GPU_GENERATIONS);
constexpr core::NameTable<CpuVendor, 2> CPU_VENDORS{{
    {CpuVendor::INTEL, "intel"},
    {CpuVendor::AMD, "amd"},
}};
constexpr auto CPU_VENDOR_ORDER = core::values_of(CPU_VENDORS);
constexpr core::NameTable<NcclVersion, 2> NCCL_VERSIONS{{
    {NcclVersion::V2_22, "2.22"},
    {NcclVersion::V2_30, "2.30"},
}};
constexpr auto NCCL_VERSION_ORDER = core::values_of(NCCL_VERSIONS);
constexpr core::NameTable<TreePattern, 2> TREE_PATTERNS{{
    {TreePattern::BALANCED_TREE, "balanced_tree"},
    {TreePattern::TREE, "tree"},
}};
constexpr auto TREE_PATTERN_ORDER = core::values_of(TREE_PATTERNS);

// NCCL 2.30.7 src/graph/tuning.cc (ncclTunerConstantsDefaults) and src/graph/search.cc, as
// docs/cost-models.md cites them. Rows [Tree, Ring]; columns [LL, LL128, Simple].
using ByProtocol = std::array<double, 3>;
constexpr std::array<ByProtocol, 2> BASE_LATENCY_US{{{6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}}};
// [NVLink, PCI, NET][Tree, Ring].
constexpr std::array<std::array<ByProtocol, 2>, 3> HW_LATENCY_US{{
    {{{0.6, 1.25, 4.0}, {0.6, 1.9, 3.4}}},
    {{{1.0, 1.9, 4.0}, {1.0, 2.5, 5.7}}},
    {{{5.0, 8.5, 14.0}, {2.7, 4.0, 14.0}}},
}};
// Per-channel caps [generation][1 node, 2 nodes, more].
using ByScale = std::array<double, 3>;
constexpr std::array<ByScale, 4> LL_MAX_BW{
    {{39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {282.0, 90.0, 70.0}}};
constexpr std::array<ByScale, 4> RING_LL128_MAX_BW{
    {{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 36.7}, {40, 40, 40}}};
constexpr std::array<ByScale, 4> TREE_LL128_MAX_BW{
    {{20, 20, 20}, {20, 20, 20}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}}};
constexpr std::array<ByScale, 4> TREE_MAX_BW{
    {{26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}}};
// [LL, LL128, Simple][log2(bytes / 64)], applied to Tree for indices 0..22.
constexpr std::array<std::array<double, 24>, 3> TREE_CORRECTION{{
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7,  .7,  .7,  .6,  .5,
     .4,  .4,  .5,  .6,  .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7,  .6,  .6,
     .6,  .6,  .6,  .6,  .8,  .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5,
     .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9},
}};
constexpr std::size_t TREE_CORRECTED_SIZES = 23;
// NCCL_NET_OVERHEAD by CPU (µs).
constexpr std::array<double, 2> NET_OVERHEAD_US{1.0, 2.0};
// Per-channel search speeds (GB/s): Hopper, Blackwell, and the default list for older GPUs.
constexpr double SM90_INTRA[] = {60, 50, 40, 30, 24, 20, 15, 12, 11, 6, 3};
constexpr double SM90_INTER[] = {48, 45, 42, 40, 30,  24,  22,   20,  17.5,
                                 15, 12, 6,  3,  2.4, 1.2, 0.24, 0.12};
constexpr double SM100_INTRA[] = {90, 80, 70, 60, 50, 45, 40, 30, 24, 20, 19, 18};
constexpr double SM100_INTER[] = {96, 86,   80, 48, 45.1, 42, 40,  30,  24,   22,
                                  20, 17.5, 15, 12, 6,    3,  2.4, 1.2, 0.24, 0.12};
constexpr double DEFAULT_INTRA[] = {40, 30, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3};
constexpr double DEFAULT_INTER[] = {48, 30, 28, 24, 20, 18,  15,  12,   10,  9,
                                    7,  6,  5,  4,  3,  2.4, 1.2, 0.24, 0.12};
constexpr int MAX_SEARCH_CHANNELS = 32;  // MAXCHANNELS / 2 for the ring graph
constexpr int MAX_CHANNELS = 64;
constexpr double PCI_BW = 12.0;  // NCCL's PCI_BW, the Ring/Simple thread-count switch
// Thread counts and bytes per thread before a call drops a channel ([LL, LL128, Simple]).
constexpr std::array<int, 3> MAX_THREADS{512, 640, 512};
constexpr std::array<int, 3> THREAD_THRESHOLD{8, 8, 64};

std::size_t idx(Protocol p) {
  return static_cast<std::size_t>(p);
}
std::size_t idx(GpuGeneration g) {
  return static_cast<std::size_t>(g);
}
std::size_t algo_index(Algorithm a) {
  return a == Algorithm::NCCL_TREE ? 0 : 1;
}
std::size_t scale_index(int nodes) {
  return nodes <= 2 ? static_cast<std::size_t>(nodes - 1) : 2;
}
int log2i(std::int64_t x) {
  int l = -1;
  while (x > 0) {
    x >>= 1;
    ++l;
  }
  return l;
}

std::span<const double> speeds(GpuGeneration g, bool inter) {
  switch (g) {
    case GpuGeneration::HOPPER:
      return inter ? std::span<const double>(SM90_INTER) : std::span<const double>(SM90_INTRA);
    case GpuGeneration::BLACKWELL:
      return inter ? std::span<const double>(SM100_INTER) : std::span<const double>(SM100_INTRA);
    default:
      return inter ? std::span<const double>(DEFAULT_INTER)
                   : std::span<const double>(DEFAULT_INTRA);
  }
}

// A GPU's way to its peers: `count` links of `gbs` each — one per peer on an NVLink mesh,
// else the whole NVLink through NVSwitches, or PCIe without NVLink.
struct PeerLinks {
  double gbs = 0;
  double count = 1;
};
PeerLinks peer_links(const NcclHardware& hw) {
  const double g = hw.gpus_per_node;
  if (hw.nvlink_gbs <= 0) {
    return {hw.pcie_gbs, 1};
  }
  if (hw.nvswitch || g < 2) {
    return {hw.nvlink_gbs, 1};
  }
  return {hw.nvlink_gbs / (g - 1), g - 1};
}

// The channels of speed s the hardware carries (0 if none).
int channels_at(const NcclHardware& hw, double s) {
  const double g = hw.gpus_per_node;
  const PeerLinks peers = peer_links(hw);
  const double peer = peers.gbs;
  const double links = peers.count;
  double limit = MAX_SEARCH_CHANNELS;
  if (hw.nodes > 1) {
    // A channel leaves each node through one NIC and enters through one: per direction,
    // each NIC carries one channel per multiple of s its path (NIC, PCIe) holds.
    const double nic_path = std::min(hw.nic_gbs, hw.pcie_gbs);
    limit = std::min(limit, hw.nics_per_node * std::floor(nic_path / s));
    // Every GPU but the channel's exit sends on a peer link.
    if (g >= 2) {
      limit = std::min(limit, std::floor(links * std::floor(peer / s) * g / (g - 1)));
    }
  } else {
    limit = std::min(limit, links * std::floor(peer / s));
  }
  return static_cast<int>(std::max(0.0, limit));
}

}  // namespace

std::string_view gpu_generation_name(GpuGeneration g) {
  return core::name_in(GPU_GENERATIONS, g);
}
std::optional<GpuGeneration> parse_gpu_generation(std::string_view name) {
  return core::parse_in(GPU_GENERATIONS, name);
}
std::span<const GpuGeneration> all_gpu_generations() {
  return GPU_GENERATION_ORDER;
}
std::string_view cpu_vendor_name(CpuVendor c) {
  return core::name_in(CPU_VENDORS, c);
}
std::optional<CpuVendor> parse_cpu_vendor(std::string_view name) {
  return core::parse_in(CPU_VENDORS, name);
}
std::span<const CpuVendor> all_cpu_vendors() {
  return CPU_VENDOR_ORDER;
}

std::string_view nccl_version_name(NcclVersion v) {
  return core::name_in(NCCL_VERSIONS, v);
}
std::optional<NcclVersion> parse_nccl_version(std::string_view name) {
  return core::parse_in(NCCL_VERSIONS, name);
}
std::span<const NcclVersion> all_nccl_versions() {
  return NCCL_VERSION_ORDER;
}

std::string_view tree_pattern_name(TreePattern t) {
  return core::name_in(TREE_PATTERNS, t);
}
std::optional<TreePattern> parse_tree_pattern(std::string_view name) {
  return core::parse_in(TREE_PATTERNS, name);
}
std::span<const TreePattern> all_tree_patterns() {
  return TREE_PATTERN_ORDER;
}

NcclGraph nccl_search(const NcclHardware& hw) {
  const bool inter = hw.nodes > 1;
  const double peer = peer_links(hw).gbs;
  const double total = hw.nvlink_gbs > 0 ? hw.nvlink_gbs : hw.pcie_gbs;
  const double max_bw = inter ? std::min(hw.nic_gbs, hw.pcie_gbs) : peer;
  NcclGraph best;
  double best_speed = 0;
  const std::span<const double> list = speeds(hw.gpu, inter);
  std::size_t i = 0;
  while (i < list.size() && (list[i] > max_bw || list[i] > total)) {
    ++i;
  }
  for (; i < list.size(); ++i) {
    const double s = list[i];
    if (best_speed > 0 && s / best_speed <= 0.49) {
      break;
    }
    const int ch = channels_at(hw, s);
    if (ch >= 1 && ch * s > best.search_channels * best_speed) {
      best.search_channels = ch;
      best_speed = s;
    }
    if (ch * s >= total) {
      break;
    }
  }
  if (best.search_channels == 0) {  // NCCL's fallback: one channel at 0.1 GB/s
    best.search_channels = 1;
    best_speed = 0.1;
  }
  best.bw_intra = best.bw_inter = best_speed;
  best.tree_channels = best.search_channels;
  best.tree_bw_intra = best.tree_bw_inter = best_speed;
  best.nvlink_intra = hw.nvlink_gbs > 0;
  if (inter) {                     // the tree's second pass: a faster chain inside the nodes
    for (const double s : list) {  // fastest first
      if (s > best_speed && s <= 2 * best_speed && best.tree_channels * s <= total) {
        best.tree_bw_intra = s;
        break;
      }
    }
  }
  const bool hopper_or_later = hw.gpu >= GpuGeneration::HOPPER;
  const auto duplicate = [&](int& channels, double& intra, double& inter_bw) {
    if (!(intra < 25 || (hopper_or_later && intra < 50 && channels > 4)) &&
        channels * 2 <= MAX_CHANNELS) {
      channels *= 2;
      intra /= 2;
      inter_bw /= 2;
    }
  };
  duplicate(best.search_channels, best.bw_intra, best.bw_inter);
  duplicate(best.tree_channels, best.tree_bw_intra, best.tree_bw_inter);
  best.coll_channels =
      std::min(MAX_CHANNELS, 2 * std::min(best.search_channels, best.tree_channels));
  if (hopper_or_later && inter && best.bw_intra > 45 && best.coll_channels < 16) {
    best.coll_channels = std::min(MAX_CHANNELS, 2 * best.coll_channels);
  }
  return best;
}

bool nccl_ll128_enabled(const NcclGraph& graph) {
  return graph.nvlink_intra;
}

NcclEntry nccl_entry(const NcclHardware& hw, const NcclGraph& graph, Algorithm a, Protocol p) {
  const bool tree = a == Algorithm::NCCL_TREE;
  const int ranks = hw.nodes * hw.gpus_per_node;
  const int nsteps = 2 * (ranks - 1);
  const std::size_t scale = scale_index(hw.nodes);
  const std::size_t gen = idx(hw.gpu);
  const double ll_max =
      hw.nodes == 1 ? LL_MAX_BW[gen][0] : LL_MAX_BW[static_cast<std::size_t>(hw.cpu)][scale];
  const double nch = tree ? graph.tree_channels : graph.search_channels;
  const double intra = tree ? graph.tree_bw_intra : graph.bw_intra;
  const double inter = tree ? graph.tree_bw_inter : graph.bw_inter;
  double bus = nch * (hw.nodes <= 2 ? intra : inter);
  if (!tree && p == Protocol::LL) {
    bus = std::min(ll_max, 0.5 * bus);
  }
  const bool v2_22 = hw.version == NcclVersion::V2_22;
  const int ppn = ranks / hw.nodes;
  if (!tree && p == Protocol::LL128) {
    const double factor = v2_22 && ppn < 2 ? 0.7 : 0.92;
    bus = std::min(factor * bus, nch * RING_LL128_MAX_BW[gen][scale]);
  }
  if (tree) {
    bus = std::min(0.92 * bus, nch * TREE_MAX_BW[gen][scale]);
    if (p == Protocol::LL) {
      bus = std::min(bus / 3.8, ll_max);
    }
    if (p == Protocol::LL128) {
      bus = std::min(bus * (hw.nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0),
                     nch * TREE_LL128_MAX_BW[gen][scale]);
    }
    if (hw.tree_pattern == TreePattern::TREE) {
      bus *= 0.85;
    }
  }
  if (p == Protocol::LL128 && !nccl_ll128_enabled(graph)) {
    bus = 0;
  }
  NcclEntry e;
  e.bandwidth_gbs = bus * (tree ? 0.5 : static_cast<double>(ranks) / nsteps);

  const std::size_t ai = algo_index(a);
  const std::size_t pi = idx(p);
  // 2.22's Tree/Simple: no base latency, 28 µs per hop of every class.
  const bool tree_simple_2_22 = v2_22 && tree && p == Protocol::SIMPLE;
  double intra_lat = tree_simple_2_22 ? 28.0 : HW_LATENCY_US[graph.nvlink_intra ? 0 : 1][ai][pi];
  const double inter_lat =
      tree_simple_2_22 ? 28.0 : HW_LATENCY_US[2][ppn == 1 && !v2_22 ? 0 : ai][pi];
  double lat = tree_simple_2_22 ? 0.0 : BASE_LATENCY_US[ai][pi];
  if (tree) {
    lat += 2 * ((ppn - 1) * intra_lat + log2i(hw.nodes) * inter_lat);
  } else {
    const double overhead = hw.nodes > 1 ? NET_OVERHEAD_US[static_cast<std::size_t>(hw.cpu)] *
                                               (p == Protocol::SIMPLE ? 3 : 1)
                                         : 0;
    intra_lat = std::max(intra_lat, overhead);
    const int inter_steps = hw.nodes == 1 ? 0 : v2_22 ? 2 * hw.nodes : 2 * (hw.nodes - 1);
    lat += (nsteps - inter_steps) * intra_lat + inter_steps * inter_lat;
  }
  e.latency_us = lat;
  return e;
}

std::optional<double> nccl_time_us(const NcclHardware& hw, const NcclGraph& graph, Algorithm a,
                                   Protocol p, core::Bytes bytes) {
  const NcclEntry e = nccl_entry(hw, graph, a, p);
  double bw = e.bandwidth_gbs;
  if (bw <= 0) {
    return std::nullopt;
  }
  double lat = e.latency_us;
  const int ranks = hw.nodes * hw.gpus_per_node;
  if (a == Algorithm::NCCL_TREE) {
    const int k = log2i(bytes >> 6);
    if (k >= 0 && static_cast<std::size_t>(k) < TREE_CORRECTED_SIZES) {
      bw *= TREE_CORRECTION[idx(p)][static_cast<std::size_t>(k)];
    }
  }
  if (a == Algorithm::NCCL_RING && p == Protocol::SIMPLE && hw.nodes > 1 &&
      bytes / (static_cast<std::int64_t>(graph.coll_channels) * ranks) >= 64) {
    lat *= hw.gpu >= GpuGeneration::AMPERE ? 1.4 : 1.9;
  }
  return lat + static_cast<double>(bytes) / (1000 * bw);
}

NcclChoice nccl_choose(const NcclHardware& hw, const NcclGraph& graph, core::Bytes bytes) {
  NcclChoice best;
  bool found = false;
  for (const Algorithm a : {Algorithm::NCCL_TREE, Algorithm::NCCL_RING}) {
    for (const Protocol p : all_protocols()) {
      const std::optional<double> t = nccl_time_us(hw, graph, a, p, bytes);
      if (t && (!found || *t < best.predicted_us)) {
        best.algorithm = a;
        best.protocol = p;
        best.predicted_us = *t;
        found = true;
      }
    }
  }
  best.channels = nccl_call_channels(hw, graph, best.algorithm, best.protocol, bytes);
  return best;
}

int nccl_call_channels(const NcclHardware& hw, const NcclGraph& graph, Algorithm a, Protocol p,
                       core::Bytes bytes) {
  const int ranks = hw.nodes * hw.gpus_per_node;
  const std::size_t pi = idx(p);
  std::int64_t threads = MAX_THREADS[pi];
  std::int64_t threshold = THREAD_THRESHOLD[pi];
  if (a == Algorithm::NCCL_RING && p == Protocol::SIMPLE &&
      graph.bw_intra * graph.search_channels <= PCI_BW) {
    threads = 256;
  }
  if (a == Algorithm::NCCL_RING && p == Protocol::LL) {
    threshold *= ranks;
  }
  int nc = graph.coll_channels;
  while (bytes < nc * threads * threshold && nc >= 2) {
    --nc;
  }
  return nc;
}

}  // namespace collsim::cost
