#pragma once

#include <vector>

#include "algorithms/rank_layout.h"
#include "cost/nccl_tuner.h"
#include "scenarios/scenario.h"
#include "topology/fabric.h"

namespace collsim::study {

// The hardware NCCL's topology search sees on a fabric, in NCCL's own figures
// (cost::NcclHardware), read off the first rank's GPU and node:
// - NVLink: the GPU's NVLink links' total raw bandwidth counted as links of the generation's
//   raw rate (25 GB/s per direction up to Hopper, 50 on Blackwell) at NCCL's per-link figure
//   (SM70/SM80 20.0, SM90 20.6, SM100 40.1 GB/s, src/graph/topo.h): 450 GB/s on Hopper is 18
//   links, 370.8 GB/s; through NVSwitch when one of them ends at an NVSwitch;
// - PCIe: the GPU's fastest PCIe link at 3/4 of its raw rate, as NCCL rates lanes (Gen5 x16,
//   64 GB/s raw, is 48);
// - NICs: the layout's count, at the rate of the GPU's own NIC's network link (400 Gb/s:
//   50 GB/s);
// - nodes and GPUs per node from the layout; GPU, CPU and tree pattern from spec.model.nccl.
// O(links of one GPU and its NIC).
cost::NcclHardware nccl_hardware(const topology::Fabric& fabric,
                                 const std::vector<topology::VertexId>& gpus,
                                 const algorithms::RankLayout& layout,
                                 const scenarios::NcclSpec& spec);

}  // namespace collsim::study
