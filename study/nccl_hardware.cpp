#include "study/nccl_hardware.h"

#include <algorithm>
#include <cmath>

namespace collsim::study {
namespace {

using cost::GpuGeneration;

double gbs(core::Bandwidth b) {
  return static_cast<double>(b.bytes_per_second()) / 1e9;
}

// One NVLink's raw rate per direction and NCCL's figure for it (GB/s).
double raw_nvlink_gbs(GpuGeneration g) {
  return g == GpuGeneration::BLACKWELL ? 50.0 : 25.0;
}
double nccl_nvlink_gbs(GpuGeneration g) {
  switch (g) {
    case GpuGeneration::VOLTA:
    case GpuGeneration::AMPERE:
      return 20.0;
    case GpuGeneration::HOPPER:
      return 20.6;
    case GpuGeneration::BLACKWELL:
      return 40.1;
  }
  return 20.0;
}

}  // namespace

cost::NcclHardware nccl_hardware(const topology::Fabric& fabric,
                                 const std::vector<topology::VertexId>& gpus,
                                 const algorithms::RankLayout& layout,
                                 const scenarios::NcclSpec& spec) {
  cost::NcclHardware hw;
  hw.gpu = spec.gpu;
  hw.cpu = spec.cpu;
  hw.tree_pattern = spec.tree_pattern;
  hw.version = spec.version;
  hw.nodes = static_cast<int>(layout.num_nodes());
  hw.gpus_per_node = static_cast<int>(layout.max_node_size());
  const topology::VertexId gpu = gpus.front();
  double nvlink = 0;
  bool nvswitch = false;
  double pcie = 0;
  for (const topology::EdgeId e : fabric.links_of(gpu)) {
    const topology::Link& l = fabric.link(e);
    if (l.link_class == topology::LinkClass::NVLINK) {
      nvlink += gbs(l.bandwidth);
      nvswitch = nvswitch || fabric.vertex(l.to).kind == topology::VertexKind::NVSWITCH;
    } else if (l.link_class == topology::LinkClass::PCIE) {
      pcie = std::max(pcie, 0.75 * gbs(l.bandwidth));
      if (fabric.vertex(l.to).kind == topology::VertexKind::NIC) {  // the GPU's own NIC
        for (const topology::EdgeId n : fabric.links_of(l.to)) {
          if (fabric.link(n).link_class == topology::LinkClass::NETWORK) {
            hw.nic_gbs = std::max(hw.nic_gbs, gbs(fabric.link(n).bandwidth));
          }
        }
      }
    }
  }
  if (nvlink > 0) {
    const double links = std::max(1.0, std::round(nvlink / raw_nvlink_gbs(spec.gpu)));
    hw.nvlink_gbs = links * nccl_nvlink_gbs(spec.gpu);
  }
  hw.nvswitch = nvswitch;
  hw.nics_per_node = static_cast<int>(layout.nics_per_node());  // placement_layout counts them
  hw.pcie_gbs = pcie > 0 ? pcie : hw.nic_gbs;
  if (hw.nodes == 1) {
    hw.nics_per_node = 0;
    hw.nic_gbs = 0;
  }
  return hw;
}

}  // namespace collsim::study
