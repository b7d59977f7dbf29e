#include "report/topology_dot.h"

#include <map>
#include <vector>

#include <fmt/format.h>

#include "core/units.h"

namespace collsim::report {
namespace {

using topology::LinkClass;
using topology::VertexKind;

// The text of a DOT string, with its quotes and backslashes escaped.
std::string escaped(std::string_view s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
    }
    out += c;
  }
  return out;
}

std::string quoted(std::string_view s) {
  return '"' + escaped(s) + '"';
}

std::string_view shape(VertexKind k) {
  switch (k) {
    case VertexKind::GPU:
      return "box";
    case VertexKind::NVSWITCH:
      return "hexagon";
    case VertexKind::NIC:
      return "component";
    case VertexKind::PCIE_SWITCH:
      return "trapezium";
    case VertexKind::HOST_BRIDGE:
      return "house";
    case VertexKind::SWITCH:
      return "ellipse";
  }
  return "ellipse";
}

std::string_view colour(LinkClass c) {
  switch (c) {
    case LinkClass::NVLINK:
      return "#76b900";
    case LinkClass::PCIE:
      return "#1f77b4";
    case LinkClass::NETWORK:
      return "#555555";
  }
  return "black";
}

std::string vertex_line(const topology::Vertex& v) {
  std::string label = escaped(v.name);
  if (v.kind == VertexKind::SWITCH && v.tier != topology::SwitchTier::NONE) {
    label += fmt::format("\\n{}", topology::switch_tier_name(v.tier));  // DOT's line break
  }
  return fmt::format("{} [shape={}, label=\"{}\"];", quoted(v.name), shape(v.kind), label);
}

}  // namespace

std::string render_topology_dot(const topology::Fabric& fabric, std::string_view name) {
  std::string out = fmt::format("graph {} {{\n", quoted(name));
  out += "  graph [rankdir=BT, fontname=\"Helvetica\"];\n";
  out += "  node [fontname=\"Helvetica\", fontsize=10];\n";
  out += "  edge [fontname=\"Helvetica\", fontsize=8];\n";
  std::map<int, std::vector<topology::VertexId>> by_node;
  std::vector<topology::VertexId> outside;
  for (topology::VertexId v = 0; v < fabric.num_vertices(); ++v) {
    const int node = fabric.vertex(v).node;
    if (node >= 0 && fabric.num_nodes() > 1) {
      by_node[node].push_back(v);
    } else {
      outside.push_back(v);
    }
  }
  for (const auto& [node, members] : by_node) {
    out += fmt::format("  subgraph {} {{\n    label={};\n",
                       quoted(fmt::format("cluster_node{}", node)),
                       quoted(fmt::format("node {}", node)));
    for (const topology::VertexId v : members) {
      out += fmt::format("    {}\n", vertex_line(fabric.vertex(v)));
    }
    out += "  }\n";
  }
  for (const topology::VertexId v : outside) {
    out += fmt::format("  {}\n", vertex_line(fabric.vertex(v)));
  }
  for (topology::EdgeId e = 0; e < fabric.num_links(); ++e) {
    const topology::Link& l = fabric.link(e);
    if (e > l.reverse) {
      continue;
    }
    const topology::Link& r = fabric.link(l.reverse);
    const std::string attrs =
        fmt::format("label={}, color={}", quoted(core::format_bandwidth(l.bandwidth)),
                    quoted(colour(l.link_class)));
    const std::string& a = fabric.vertex(l.from).name;
    const std::string& b = fabric.vertex(l.to).name;
    if (r.from == l.to && r.to == l.from) {
      out += fmt::format("  {} -- {} [{}];\n", quoted(a), quoted(b), attrs);
    } else {
      out += fmt::format("  {} -- {} [{}, dir=forward];\n", quoted(a), quoted(b), attrs);
      out += fmt::format("  {} -- {} [{}, dir=forward];\n", quoted(fabric.vertex(r.from).name),
                         quoted(fabric.vertex(r.to).name), attrs);
    }
  }
  out += "}\n";
  return out;
}

}  // namespace collsim::report
