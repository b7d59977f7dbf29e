#include "topology/topology_spec.h"

#include "core/name_table.h"
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

// In the order of TopologySpec's alternatives, which builder_kind relies on.
constexpr core::NameTable<BuilderKind, 5> BUILDER_KINDS{{
    {BuilderKind::ISLAND, "island"},
    {BuilderKind::CLUSTER, "cluster"},
    {BuilderKind::FAT_TREE, "fat_tree"},
    {BuilderKind::PCIE, "pcie"},
    {BuilderKind::EXPLICIT, "explicit"},
}};
constexpr auto BUILDER_KIND_ORDER = core::values_of(BUILDER_KINDS);
static_assert(std::variant_size_v<TopologySpec> == BUILDER_KINDS.size());
static_assert(std::is_same_v<std::variant_alternative_t<4, TopologySpec>, ExplicitParams>);

}  // namespace

std::string_view builder_kind_name(BuilderKind kind) {
  return core::name_in(BUILDER_KINDS, kind);
}

std::span<const BuilderKind> all_builder_kinds() {
  return BUILDER_KIND_ORDER;
}

BuilderKind builder_kind(const TopologySpec& spec) {
  return static_cast<BuilderKind>(spec.index());
}

std::string_view builder_name(const TopologySpec& spec) {
  return builder_kind_name(builder_kind(spec));
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
