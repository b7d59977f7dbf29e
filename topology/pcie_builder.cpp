#include "topology/pcie_builder.h"

#include <vector>

#include <fmt/format.h>

#include "topology/fabric_builder.h"
#include "topology/parameter_checks.h"

namespace collsim::topology {

FabricSize pcie_size(const PcieParams& p) {
  check_at_least(p.gpus, 1, "gpus");
  check_at_most(p.gpus, MAX_GPUS, "gpus");
  check_at_least(p.gpus_per_switch, 1, "gpusPerSwitch");
  check_bandwidth(p.bandwidth, "bandwidth");
  check_bandwidth(p.uplink_bandwidth, "uplinkBandwidth");
  check_latency(p.latency, "latency");
  const auto g = static_cast<std::uint64_t>(p.gpus);
  const auto switches = (g + static_cast<std::uint64_t>(p.gpus_per_switch) - 1) /
                        static_cast<std::uint64_t>(p.gpus_per_switch);
  return {g + switches * (p.peer_to_peer ? 1 : 2) + 1, g + switches};
}

Fabric build_pcie_host(const PcieParams& p) {
  check_fabric_size(pcie_size(p), "gpus", "use fewer gpus");
  FabricBuilder builder;
  std::vector<VertexId> gpus;
  for (int i = 0; i < p.gpus; ++i) {
    gpus.push_back(
        builder.add_vertex({VertexKind::GPU, SwitchTier::NONE, fmt::format("gpu{}", i), 0, i}));
  }
  const int switches = (p.gpus + p.gpus_per_switch - 1) / p.gpus_per_switch;
  // Without P2P, `up` and `down` are the two halves of one switch.
  std::vector<VertexId> up;
  std::vector<VertexId> down;
  for (int j = 0; j < switches; ++j) {
    const auto add = [&](std::string name) {
      return builder.add_vertex(
          {VertexKind::PCIE_SWITCH, SwitchTier::NONE, std::move(name), 0, -1});
    };
    if (p.peer_to_peer) {
      up.push_back(add(fmt::format("pcie{}", j)));
      down.push_back(up.back());
    } else {
      up.push_back(add(fmt::format("pcie{}.up", j)));
      down.push_back(add(fmt::format("pcie{}.down", j)));
    }
  }
  const VertexId bridge =
      builder.add_vertex({VertexKind::HOST_BRIDGE, SwitchTier::NONE, "host_bridge", 0, -1});
  for (int i = 0; i < p.gpus; ++i) {
    const auto j = static_cast<std::size_t>(i / p.gpus_per_switch);
    const VertexId g = gpus[static_cast<std::size_t>(i)];
    builder.add_link({g, up[j]}, {down[j], g}, p.bandwidth, p.latency, LinkClass::PCIE);
  }
  for (std::size_t j = 0; j < up.size(); ++j) {
    builder.add_link({up[j], bridge}, {bridge, down[j]}, p.uplink_bandwidth, p.latency,
                     LinkClass::PCIE);
  }
  return builder.build();
}

}  // namespace collsim::topology
