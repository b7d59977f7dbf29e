#pragma once

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"
#include "topology/fabric_size.h"

namespace collsim::topology {

// A PCIe-only host: `gpus` GPUs "gpu<i>" (node 0) under PCIe switches, `gpus_per_switch`
// each (the last one may hold fewer), the switches under one host bridge "host_bridge"
// (the CPU's root complex).
// With peer-to-peer, switch "pcie<j>" forwards between its GPUs directly, so two GPUs on one
// switch are 2 hops apart and others 4 (through the host bridge). Without it (e.g. ACS
// redirecting peer traffic to the root complex, or a platform that stages copies through
// host memory) every GPU-to-GPU transfer goes up to the host bridge and back down: each
// switch is then two vertices, "pcie<j>.up" (GPUs -> host bridge) and "pcie<j>.down" (host
// bridge -> GPUs), and each of its physical links has one direction on each half, so the
// shortest path between any two GPUs is GPU -> up -> host bridge -> down -> GPU.
// Vertices: gpus + switches (x2 without P2P) + 1; physical links: gpus + switches.
struct PcieParams {
  int gpus = 8;
  int gpus_per_switch = 2;
  bool peer_to_peer = true;
  // Each GPU's link to its switch, per direction: PCIe Gen5 x16, 64 GB/s (NVIDIA's H100
  // datasheet: 128 GB/s for both directions). A Gen4 x16 box is 32 GB/s.
  core::Bandwidth bandwidth = core::Bandwidth::from_bytes_per_second(64'000'000'000);
  // Each switch's uplink to the host bridge, per direction (one x16 link shared by its GPUs).
  core::Bandwidth uplink_bandwidth = core::Bandwidth::from_bytes_per_second(64'000'000'000);
  core::Time latency = core::Time::from_ps(100'000);  // 100 ns, each link
};

// Throws TopologyError (fields gpus, gpusPerSwitch, bandwidth, uplinkBandwidth, latency)
// for gpus outside 1..2^20, gpusPerSwitch < 1, a bandwidth <= 0 or a negative latency.
// O(gpus).
Fabric build_pcie_host(const PcieParams& params);

// The vertices and links build_pcie_host builds; throws what it throws for the parameters.
// O(1).
FabricSize pcie_size(const PcieParams& params);

}  // namespace collsim::topology
