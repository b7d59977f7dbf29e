#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "topology/bisection.h"
#include "topology/diameter.h"
#include "topology/fabric.h"
#include "topology/fabric_stats.h"

namespace collsim::report {

// TopologySummary: what `collsim topo` reports about a fabric. Every figure is per
// direction. Bisection: max-flow between the two halves of the GPUs in (node, local)
// order, the smaller direction (topology/bisection.h). Diameter: the most links on a
// shortest GPU-to-GPU path (topology/diameter.h).
struct TopologySummary {
  std::string name;
  std::string builder;
  int nodes = 0;
  std::size_t gpus = 0;
  std::size_t directed_links = 0;
  topology::FabricCounts counts;
  std::vector<topology::Injection> injection;
  std::optional<topology::Bisection> bisection;
  topology::GpuDiameter diameter;
  std::vector<topology::TierOversubscription> tiers;
};

// O(G/64 x D x (V + E)) for the diameter plus two max-flows.
TopologySummary summarize_topology(const topology::Fabric& fabric, std::string name,
                                   std::string builder);

// An aligned, readable report, and the same as JSON (bandwidths in B/s).
std::string render_topology_text(const TopologySummary& summary);
std::string render_topology_json(const TopologySummary& summary);

enum class TopoFormat : std::uint8_t { TEXT, JSON, DOT };

// What `collsim topo` was asked for.
struct TopoRequest {
  std::string file;
  TopoFormat format = TopoFormat::TEXT;
};

// Loads the file (a Topology or Scenario), builds the fabric and renders it: the summary
// as text or JSON, or the graph as Graphviz DOT. Throws core::InputError for a bad file.
std::string topo_report(const TopoRequest& request);

}  // namespace collsim::report
