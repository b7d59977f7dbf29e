#pragma once

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

// The builder's name as a file writes it: island, cluster, fat_tree, pcie, explicit.
std::string_view builder_name(const TopologySpec& spec);

// Runs the builder; throws TopologyError as that builder documents.
Fabric build_fabric(const TopologySpec& spec);

// The vertices and links build_fabric builds, counted from the parameters (throws what the
// builder throws for them, the size limit aside). O(1), O(entries) for lists.
FabricSize fabric_size(const TopologySpec& spec);

}  // namespace collsim::topology
