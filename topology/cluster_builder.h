#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"
#include "topology/island_builder.h"

namespace collsim::topology {

// The NICs of every node. GPU i of a node uses NIC i * perNode / gpusPerNode (so perNode
// must divide gpusPerNode), over its own PCIe link; NIC r is on rail r.
struct NicParams {
  int per_node = 8;
  // The NIC's network port, per direction (ConnectX-7 NDR InfiniBand: 400 Gb/s), and the
  // latency of its link to the leaf switch.
  core::Bandwidth bandwidth = core::Bandwidth::from_bytes_per_second(50'000'000'000);
  core::Time latency = core::Time::from_ps(1'000'000);  // 1 us
  // Each GPU's PCIe link to its NIC, per direction. PCIe Gen5 x16: 32 GT/s x 16 lanes with
  // 128b/130b encoding is 63 GB/s; NVIDIA's H100 datasheet quotes it as 128 GB/s for both
  // directions, 64 GB/s each, the figure used here.
  core::Bandwidth pcie_bandwidth = core::Bandwidth::from_bytes_per_second(64'000'000'000);
  // An order-of-magnitude figure for a PCIe switch hop (a few hundred ns at most).
  core::Time pcie_latency = core::Time::from_ps(100'000);  // 100 ns
};

enum class NetworkFabric : std::uint8_t {
  RAIL_OPTIMIZED,  // NIC r of every node on a rail-r leaf
  FAT_TREE,        // NICs packed onto leaves in (node, rail) order
};
// rail_optimized, fat_tree: the names topology files use, and every value in that order.
std::string_view network_fabric_name(NetworkFabric f);
std::span<const NetworkFabric> all_network_fabrics();

// The scale-out network: leaves of `radix` ports, radix/2 of them down to NICs, joined by
// spines (2 tiers) or by per-pod spines and cores (3 tiers), as in topology/switch_tree.h.
// RAIL_OPTIMIZED: a scalable unit (SU) is radix/2 consecutive nodes (32 with 64-port
// switches, as in NVIDIA's DGX SuperPOD), and has one leaf per rail, "su<s>.rail<r>",
// holding NIC r of each of its nodes; a 3-tier pod holds floor((radix/2) / rails) SUs, all
// rails of each. FAT_TREE: leaf "leaf<l>" holds NICs l*radix/2 .. in (node, rail) order; a
// 3-tier pod holds radix/2 leaves.
// Every leaf has ceil(NICs on the fullest leaf / oversubscription) uplinks, one to each
// spine of its pod: the oversubscription (downlink : uplink bandwidth) at the leaves is at
// most `oversubscription`, exactly it when that divides; above the leaves it is 1.
// 2 tiers connect at most `radix` leaves, 3 tiers at most `radix` pods.
struct NetworkParams {
  NetworkFabric fabric = NetworkFabric::RAIL_OPTIMIZED;
  int tiers = 2;
  double oversubscription = 1.0;
  int radix = 64;  // NVIDIA Quantum-2 QM9700: 64 ports of 400 Gb/s
  // Each switch-to-switch link, per direction; nullopt: the NICs' bandwidth.
  std::optional<core::Bandwidth> bandwidth;
  core::Time latency = core::Time::from_ps(600'000);  // 0.6 us, each switch-to-switch link
};

// n nodes x g GPUs: node n's GPUs "node<n>.gpu<i>" form an NVLink island (with
// "node<n>.nvswitch"), its NICs are "node<n>.nic<r>". NICs and a network come together; a
// cluster without them is a single node's island. Defaults: one node of 8 GPUs on an
// NVSwitch, no NICs, no network.
struct ClusterParams {
  int nodes = 1;
  int gpus_per_node = 8;
  NvlinkParams island;
  std::optional<NicParams> nics;
  std::optional<NetworkParams> network;
};

// Throws TopologyError (fields nodes, gpusPerNode, island.*, nics, nics.*, network,
// network.*) for: nodes or gpusPerNode < 1, or more than 2^20 GPUs; NICs per node < 1 or
// not dividing gpusPerNode; several nodes without a network; a network without NICs or
// NICs without a network; tiers other than 2 or 3; an oversubscription below 1; an odd
// radix or one outside 2..1024; a bandwidth <= 0 or a negative latency; a network too
// large for its tiers and radix; a 3-tier rail-optimized pod whose spines cannot take
// every rail of an SU; a fabric beyond MAX_FABRIC_BYTES (topology/fabric_size.h), before
// building. O(V + E).
Fabric build_cluster(const ClusterParams& params);

// The vertices and links build_cluster builds; throws what it throws for the parameters.
// O(|island pairs|).
FabricSize cluster_size(const ClusterParams& params);

}  // namespace collsim::topology
