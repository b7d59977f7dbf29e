#include "topology/topology_spec.h"

#include "topology/fabric_builder.h"
#include "topology/parameter_checks.h"

namespace collsim::topology {
namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

std::string_view builder_name(const TopologySpec& spec) {
  return std::visit(Overloaded{
                        [](const IslandParams&) { return std::string_view("island"); },
                        [](const ClusterParams&) { return std::string_view("cluster"); },
                        [](const FatTreeParams&) { return std::string_view("fat_tree"); },
                        [](const PcieParams&) { return std::string_view("pcie"); },
                        [](const ExplicitParams&) { return std::string_view("explicit"); },
                    },
                    spec);
}

Fabric build_fabric(const TopologySpec& spec) {
  return std::visit(Overloaded{
                        [](const IslandParams& p) { return build_island(p); },
                        [](const ClusterParams& p) { return build_cluster(p); },
                        [](const FatTreeParams& p) { return build_fat_tree(p); },
                        [](const PcieParams& p) { return build_pcie_host(p); },
                        [](const ExplicitParams& p) { return build_explicit(p); },
                    },
                    spec);
}

FabricSize fabric_size(const TopologySpec& spec) {
  return std::visit(Overloaded{
                        [](const IslandParams& p) {
                          check_at_least(p.gpus, 1, "gpus");
                          check_at_most(p.gpus, MAX_GPUS, "gpus");
                          return island_size(p.gpus, p.nvlink, "");
                        },
                        [](const ClusterParams& p) { return cluster_size(p); },
                        [](const FatTreeParams& p) { return fat_tree_size(p); },
                        [](const PcieParams& p) { return pcie_size(p); },
                        [](const ExplicitParams& p) { return explicit_size(p); },
                    },
                    spec);
}

}  // namespace collsim::topology
