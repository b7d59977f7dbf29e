#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <variant>

#include "topology/cluster_builder.h"
#include "topology/explicit_builder.h"
#include "topology/fabric.h"
#include "topology/fat_tree_builder.h"
#include "topology/island_builder.h"
#include "topology/pcie_builder.h"

namespace collsim::topology {

// TopologySpec: the parameters of one of the builders, i.e. a whole `topology:` section
// in typed form (docs/topology.md; `builder:` selects the alternative). A sweep edits it and
// builds again.
using TopologySpec =
    std::variant<IslandParams, ClusterParams, FatTreeParams, PcieParams, ExplicitParams>;

// Which builder a TopologySpec is for, in the order of its alternatives, and the names
// files write (island, cluster, fat_tree, pcie, explicit).
enum class BuilderKind : std::uint8_t { ISLAND, CLUSTER, FAT_TREE, PCIE, EXPLICIT };
std::string_view builder_kind_name(BuilderKind kind);
std::span<const BuilderKind> all_builder_kinds();
BuilderKind builder_kind(const TopologySpec& spec);

// builder_kind_name(builder_kind(spec)).
std::string_view builder_name(const TopologySpec& spec);

// Runs the builder; throws TopologyError as that builder documents.
Fabric build_fabric(const TopologySpec& spec);

// The vertices and links build_fabric builds, counted from the parameters (throws what the
// builder throws for them, the size limit aside). O(1), O(entries) for lists.
FabricSize fabric_size(const TopologySpec& spec);

}  // namespace collsim::topology
