#include "topology/topology_spec.h"

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

}  // namespace collsim::topology
