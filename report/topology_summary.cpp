#include "report/topology_summary.h"

#include <cmath>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/units.h"
#include "report/topology_dot.h"
#include "scenarios/topology_loader.h"

namespace collsim::report {
namespace {
using scenarios::TopologyFile;
using scenarios::load_topology_file;

using topology::switch_tier_name;

constexpr int LABEL = 22;  // width of the first column

std::string vertex_label(const topology::VertexCount& c) {
  if (c.kind == topology::VertexKind::SWITCH) {
    return fmt::format("switch ({})", switch_tier_name(c.tier));
  }
  return std::string(topology::vertex_kind_name(c.kind));
}

std::string ratio(double r) {
  if (std::fabs(r - std::round(r)) < 1e-9) {
    return fmt::format("{}:1", std::llround(r));
  }
  return fmt::format("{:.2f}:1", r);
}

std::string bandwidth_range(const topology::Injection& i) {
  if (i.min == i.max) {
    return core::format_bandwidth(i.min);
  }
  return fmt::format("{} .. {}", core::format_bandwidth(i.min), core::format_bandwidth(i.max));
}

std::string plural(std::size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

}  // namespace

TopologySummary summarize_topology(const topology::Fabric& fabric, std::string name,
                                   std::string builder) {
  TopologySummary s;
  s.name = std::move(name);
  s.builder = std::move(builder);
  s.nodes = fabric.num_nodes();
  s.gpus = fabric.gpus().size();
  s.directed_links = fabric.num_links();
  s.counts = topology::count_fabric(fabric);
  s.injection = topology::gpu_injection(fabric);
  s.bisection = topology::bisection_bandwidth(fabric);
  s.diameter = topology::gpu_diameter(fabric);
  s.tiers = topology::tier_oversubscription(fabric);
  return s;
}

std::string render_topology_text(const TopologySummary& s) {
  std::string out;
  const auto line = [&](std::string_view label, std::string_view rest) {
    out += fmt::format("{:<{}}{}\n", label, LABEL, rest);
  };
  line("topology", s.name);
  line("builder", fmt::format("{}: {}, {}", s.builder,
                              plural(static_cast<std::size_t>(s.nodes), "node", "nodes"),
                              plural(s.gpus, "GPU", "GPUs")));

  out += fmt::format("\n{:<{}}{:>10}\n", "vertices", LABEL, "count");
  std::size_t total = 0;
  for (const topology::VertexCount& c : s.counts.vertices) {
    out += fmt::format("  {:<{}}{:>10}\n", vertex_label(c), LABEL - 2, c.count);
    total += c.count;
  }
  out += fmt::format("  {:<{}}{:>10}\n", "total", LABEL - 2, total);

  out += fmt::format("\n{:<{}}{:>10}{:>10}\n", "links", LABEL, "physical", "directed");
  std::size_t physical = 0;
  for (const topology::LinkCount& c : s.counts.links) {
    out += fmt::format("  {:<{}}{:>10}{:>10}\n", topology::link_class_name(c.link_class), LABEL - 2,
                       c.physical, 2 * c.physical);
    physical += c.physical;
  }
  out += fmt::format("  {:<{}}{:>10}{:>10}\n", "total", LABEL - 2, physical, s.directed_links);

  out += fmt::format("\n{:<{}}{}\n", "injection per GPU", LABEL,
                     "per direction: all of one GPU's links of a class at once");
  for (const topology::Injection& i : s.injection) {
    out += fmt::format("  {:<{}}{:>10}{}\n", topology::link_class_name(i.link_class), LABEL - 2,
                       bandwidth_range(i),
                       i.link_class == topology::LinkClass::NETWORK
                           ? "   (its share of its NICs' ports, or its own network links)"
                           : "");
  }
  out += '\n';
  if (s.bisection) {
    const topology::Bisection& b = *s.bisection;
    line("bisection", fmt::format("{} per direction", core::format_bandwidth(b.bandwidth)));
    line("", fmt::format("max-flow between GPUs 0-{} and {}-{} in (node, local) order,",
                         b.first_half - 1, b.first_half, s.gpus - 1));
    line("", fmt::format("the smaller direction ({} forward, {} back)",
                         core::format_bandwidth(b.forward), core::format_bandwidth(b.backward)));
  } else {
    line("bisection", "none (a single GPU)");
  }
  std::string diameter =
      fmt::format("{} between GPUs (the most links on a shortest path)",
                  plural(static_cast<std::size_t>(s.diameter.hops), "hop", "hops"));
  line("diameter", diameter);
  if (s.diameter.unreachable_pairs > 0) {
    line("", fmt::format(
                 "{} have no route (a path may not pass through another GPU)",
                 plural(s.diameter.unreachable_pairs, "ordered GPU pair", "ordered GPU pairs")));
  }

  if (!s.tiers.empty()) {
    out += fmt::format("\n{:<{}}{:>10}{:>14}{:>14}   {}\n", "oversubscription", LABEL, "switches",
                       "down", "up", "down:up");
    for (const topology::TierOversubscription& t : s.tiers) {
      std::string r = "top tier";
      if (!t.up.is_zero()) {
        r = ratio(t.ratio);
        if (std::fabs(t.max_ratio - t.ratio) > 1e-9) {
          r += fmt::format(" (at most {})", ratio(t.max_ratio));
        }
      }
      out += fmt::format("  {:<{}}{:>10}{:>14}{:>14}   {}\n", switch_tier_name(t.tier), LABEL - 2,
                         t.switches, core::format_bandwidth(t.down),
                         t.up.is_zero() ? std::string("-") : core::format_bandwidth(t.up), r);
    }
  }
  return out;
}

std::string render_topology_json(const TopologySummary& s) {
  using nlohmann::ordered_json;
  ordered_json j;
  j["name"] = s.name;
  j["builder"] = s.builder;
  j["nodes"] = s.nodes;
  j["gpus"] = s.gpus;
  ordered_json vertices = ordered_json::array();
  for (const topology::VertexCount& c : s.counts.vertices) {
    ordered_json v;
    v["kind"] = topology::vertex_kind_name(c.kind);
    if (c.kind == topology::VertexKind::SWITCH) {
      v["tier"] = switch_tier_name(c.tier);
    }
    v["count"] = c.count;
    vertices.push_back(v);
  }
  j["vertices"] = vertices;
  ordered_json links = ordered_json::array();
  for (const topology::LinkCount& c : s.counts.links) {
    links.push_back({{"class", topology::link_class_name(c.link_class)},
                     {"physical", c.physical},
                     {"directed", 2 * c.physical}});
  }
  j["links"] = links;
  ordered_json injection = ordered_json::array();
  for (const topology::Injection& i : s.injection) {
    injection.push_back({{"class", topology::link_class_name(i.link_class)},
                         {"min_bytes_per_second", i.min.bytes_per_second()},
                         {"max_bytes_per_second", i.max.bytes_per_second()}});
  }
  j["injection_per_gpu"] = injection;
  if (s.bisection) {
    j["bisection"] = {
        {"bytes_per_second", s.bisection->bandwidth.bytes_per_second()},
        {"forward_bytes_per_second", s.bisection->forward.bytes_per_second()},
        {"backward_bytes_per_second", s.bisection->backward.bytes_per_second()},
        {"first_half_gpus", s.bisection->first_half},
        {"definition",
         "max-flow between the first half of the GPUs in (node, local) order and the rest, "
         "per direction; the smaller direction"}};
  } else {
    j["bisection"] = nullptr;
  }
  j["diameter"] = {{"hops", s.diameter.hops},
                   {"unreachable_gpu_pairs", s.diameter.unreachable_pairs}};
  ordered_json tiers = ordered_json::array();
  for (const topology::TierOversubscription& t : s.tiers) {
    ordered_json x = {{"tier", switch_tier_name(t.tier)},
                      {"switches", t.switches},
                      {"down_bytes_per_second", t.down.bytes_per_second()},
                      {"up_bytes_per_second", t.up.bytes_per_second()}};
    x["ratio"] = t.up.is_zero() ? ordered_json(nullptr) : ordered_json(t.ratio);
    x["max_ratio"] = t.up.is_zero() ? ordered_json(nullptr) : ordered_json(t.max_ratio);
    tiers.push_back(x);
  }
  j["oversubscription"] = tiers;
  return j.dump(2) + "\n";
}

std::string topo_report(const TopoRequest& request) {
  const TopologyFile file = load_topology_file(request.file);
  if (request.format == TopoFormat::DOT) {
    return render_topology_dot(file.fabric, file.name);
  }
  const TopologySummary s =
      summarize_topology(file.fabric, file.name, std::string(topology::builder_name(file.spec)));
  return request.format == TopoFormat::JSON ? render_topology_json(s) : render_topology_text(s);
}

}  // namespace collsim::report
