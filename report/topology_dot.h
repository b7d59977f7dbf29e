#pragma once

#include <string>
#include <string_view>

#include "topology/fabric.h"

namespace collsim::report {

// The fabric as a Graphviz graph: one vertex per fabric vertex (shaped by kind, GPUs and
// NVSwitches and NICs grouped in one box per node), one edge per physical link labelled
// with its bandwidth and coloured by class (NVLink green, PCIe blue, network grey).
// A link whose two directions join different vertices (a PCIe switch without peer-to-peer,
// modelled as up and down halves) is drawn as its two directions, with arrows. Vertices
// and edges in id order, so the output is deterministic. O(V + E).
std::string render_topology_dot(const topology::Fabric& fabric, std::string_view name);

}  // namespace collsim::report
