#include "report/model_report.h"

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "cost/bus_bandwidth.h"
#include "cost/chooser.h"
#include "cost/crossover.h"
#include "cost/protocol.h"
#include "core/units.h"
#include "report/text_table.h"

namespace collsim::report {
namespace {
using cost::Choice;
using cost::CostModel;
using cost::DbtChunking;
using cost::DbtLoads;
using cost::Estimate;
using cost::ModelParams;
using cost::algorithm_bandwidth;
using cost::bus_bandwidth;
using cost::choose_algorithm;
using cost::crossover;
using cost::protocol_mode_name;
using cost::protocol_name;
using scenarios::ReportFormat;

using algorithms::Algorithm;
using cost::AllReduceModels;
using cost::Crossover;
using cost::CrossoverKind;
using cost::ProtocolMode;
using Json = nlohmann::ordered_json;

struct Row {
  core::Bytes bytes = 0;
  cost::Choice choice;
  std::optional<double> algbw_gbps;  // absent when the winner takes no time (S = 0, α = 0)
  std::optional<double> busbw_gbps;
};

// Where ring meets `other` (ring is the first curve).
struct CrossoverLine {
  Algorithm other = Algorithm::RING;
  Crossover crossover;
};

struct Report {
  const ModelRequest& request;
  const AllReduceModels& models;
  std::vector<Row> rows;
  std::vector<CrossoverLine> crossovers;
};

std::string name(Algorithm a) {
  return std::string(algorithms::algorithm_name(a));
}

std::string faster_name(const CrossoverLine& line) {
  return line.crossover.faster == cost::Faster::FIRST ? name(Algorithm::RING)
                                                            : name(line.other);
}

std::string_view kind_name(CrossoverKind k) {
  switch (k) {
    case CrossoverKind::AT:
      return "at";
    case CrossoverKind::NEVER:
      return "never";
    case CrossoverKind::ALWAYS_EQUAL:
      return "always_equal";
  }
  return "unknown";
}

// A real byte count in decimal units, two decimals: "5.68 MB".
std::string readable_bytes(double bytes) {
  constexpr std::string_view UNITS[] = {"B", "KB", "MB", "GB", "TB", "PB"};
  std::size_t u = 0;
  while (bytes >= 1000 && u + 1 < std::size(UNITS)) {
    bytes /= 1000;
    ++u;
  }
  return fmt::format("{:.2f} {}", bytes, UNITS[u]);
}

std::string percent(double fraction) {
  return fmt::format("{:g}%", fraction * 100);
}

Report build(const ModelRequest& request, const AllReduceModels& models) {
  Report r{request, models, {}, {}};
  for (core::Bytes bytes : request.sizes) {
    Row row{bytes, cost::choose_algorithm(models, bytes), std::nullopt, std::nullopt};
    const double t = row.choice.best().seconds;
    if (t > 0) {
      const double algbw = cost::algorithm_bandwidth(static_cast<double>(bytes), t);
      row.algbw_gbps = algbw / 1e9;
      row.busbw_gbps = cost::bus_bandwidth(algorithms::Collective::ALL_REDUCE,
                                                 models.params().world, algbw) /
                       1e9;
    }
    r.rows.push_back(std::move(row));
  }
  const cost::CostModel& ring = models.model(Algorithm::RING);
  for (Algorithm a : models.algorithms()) {
    if (a != Algorithm::RING) {
      r.crossovers.push_back({a, cost::crossover(ring, models.model(a))});
    }
  }
  return r;
}

// --- table ---------------------------------------------------------------------------

std::string hop_text(core::Time alpha, core::Bandwidth bw) {
  return fmt::format("alpha {} at {}", core::format_time(alpha), core::format_bandwidth(bw));
}

std::string chunking_text(const cost::DbtChunking& c) {
  return c.is_fixed_count() ? fmt::format("{} chunks per tree", c.count())
                            : fmt::format("chunks of {} per tree", core::format_size(c.size()));
}

// The protocol's header lines.
std::vector<std::string> protocol_lines(ProtocolMode mode) {
  using cost::LinkType;
  std::optional<cost::Protocol> p;
  switch (mode) {
    case ProtocolMode::NONE:
      return {"protocol: none (the plain alpha-beta model)"};
    case ProtocolMode::AUTO:
      return {
          "protocol: auto, the fastest of ll, ll128 and simple per algorithm and size (named "
          "after each time)"};
    case ProtocolMode::LL:
      p = cost::Protocol::LL;
      break;
    case ProtocolMode::LL128:
      p = cost::Protocol::LL128;
      break;
    case ProtocolMode::SIMPLE:
      p = cost::Protocol::SIMPLE;
      break;
  }
  const auto nvlink = cost::protocol_cost(*p, LinkType::NVLINK);
  const auto net = cost::protocol_cost(*p, LinkType::NET);
  return {fmt::format("protocol: {}, payload {} of the bandwidth, {} launch latency",
                      cost::protocol_name(*p), percent(net.payload_fraction),
                      core::format_duration(net.launch_latency)),
          fmt::format("  step latency +{} inside a node, +{} between nodes (NCCL 2.20.3 tuning "
                      "model)",
                      core::format_duration(nvlink.step_latency),
                      core::format_duration(net.step_latency))};
}

std::vector<std::string> header_lines(const Report& r) {
  const cost::ModelParams& p = r.models.params();
  const cost::DbtLoads& dbt = r.models.dbt_loads();
  const int n = r.models.nodes();
  const int g = r.models.gpus_per_node();
  const core::Time inter_alpha = p.inter_alpha.value_or(p.alpha);
  std::vector<std::string> lines{
      "collsim model: AllReduce, closed-form alpha-beta estimates (no contention)",
      fmt::format("world {} ranks; alpha {} per step; bandwidth per direction: ring {}, trees {}",
                  p.world, core::format_time(p.alpha), core::format_bandwidth(p.ring_bw),
                  core::format_bandwidth(p.tree_bw))};
  const std::string layout =
      fmt::format("{} node{} x {} GPU{}", n, n == 1 ? "" : "s", g, g == 1 ? "" : "s");
  if (p.gpus_per_node) {
    lines.push_back(fmt::format("two_level: {}; in a node {}, between nodes {}", layout,
                                hop_text(p.alpha, p.intra_bw.value_or(p.ring_bw)),
                                hop_text(inter_alpha, p.inter_bw.value_or(p.ring_bw))));
  }
  lines.push_back(fmt::format("double_binary_tree: {}, {}", layout, chunking_text(p.chunking)));
  if (p.gpus_per_node) {
    lines.push_back(fmt::format("  chains {}, node trees {}",
                                hop_text(p.alpha, p.intra_bw.value_or(p.tree_bw)),
                                hop_text(inter_alpha, p.inter_bw.value_or(p.tree_bw))));
  }
  const double load = std::max(dbt.net_steady_load, dbt.chain_steady_load) / 2.0;
  lines.push_back(fmt::format(
      "  depth {} hops each way{}; busiest port moves {:g} S each way", dbt.tree_depth + g - 1,
      g == 1 ? "" : fmt::format(" ({} in a node + {} between nodes)", g - 1, dbt.tree_depth),
      load));
  for (std::string& line : protocol_lines(p.protocol)) {
    lines.push_back(std::move(line));
  }
  lines.push_back(
      "binary_tree and binomial_tree share the naive-tree formula; a tie goes to the leftmost");
  return lines;
}

std::string time_cell(const cost::Estimate& e, bool show_protocol) {
  std::string cell = core::format_seconds(e.seconds);
  if (show_protocol && e.protocol) {
    cell += fmt::format(" {}", cost::protocol_name(*e.protocol));
  }
  return cell;
}

std::string bandwidth_cell(const std::optional<double>& gbps) {
  return gbps ? fmt::format("{:.2f}", *gbps) : "-";
}

std::string crossover_line(const CrossoverLine& line) {
  const Crossover& c = line.crossover;
  const std::string pair = fmt::format("ring vs {}", name(line.other));
  const std::string method = c.method == cost::CrossoverMethod::NUMERIC ? " (numeric)" : "";
  switch (c.kind) {
    case CrossoverKind::AT: {
      const std::string below = faster_name(line);
      const std::string above =
          below == name(Algorithm::RING) ? name(line.other) : name(Algorithm::RING);
      return fmt::format("{}: equal at {}{}; {} faster below, {} above", pair,
                         readable_bytes(c.bytes), method, below, above);
    }
    case CrossoverKind::NEVER:
      return fmt::format("{}: never cross{}; {} is never slower", pair, method, faster_name(line));
    case CrossoverKind::ALWAYS_EQUAL:
      return fmt::format("{}: equal at every size{}", pair, method);
  }
  return "";
}

std::string render_table(const Report& r) {
  const bool show_protocol = r.models.params().protocol == ProtocolMode::AUTO;
  TextTable table;
  table.add_column("size");
  for (Algorithm a : r.models.algorithms()) {
    table.add_column(name(a));
  }
  table.add_column("winner", TextTable::Align::LEFT);
  table.add_column("algbw GB/s");
  table.add_column("busbw GB/s");
  for (const Row& row : r.rows) {
    std::vector<std::string> cells{core::format_size(row.bytes)};
    for (const cost::Estimate& e : row.choice.estimates) {
      cells.push_back(time_cell(e, show_protocol));
    }
    cells.push_back(name(row.choice.best().algorithm));
    cells.push_back(bandwidth_cell(row.algbw_gbps));
    cells.push_back(bandwidth_cell(row.busbw_gbps));
    table.add_row(std::move(cells));
  }
  std::string out;
  for (const std::string& line : header_lines(r)) {
    out += "# " + line + '\n';
  }
  out += table.render();
  for (const CrossoverLine& line : r.crossovers) {
    out += "# " + crossover_line(line) + '\n';
  }
  return out;
}

// --- CSV and JSON ----------------------------------------------------------------------

std::string optional_number(const std::optional<double>& v) {
  return v ? fmt::format("{}", *v) : "";
}

std::string render_csv(const Report& r) {
  const bool protocols = r.models.params().protocol != ProtocolMode::NONE;
  std::string out = "bytes";
  for (Algorithm a : r.models.algorithms()) {
    out += fmt::format(",{}_s", name(a));
  }
  out += ",winner,algbw_GBps,busbw_GBps";
  if (protocols) {
    for (Algorithm a : r.models.algorithms()) {
      out += fmt::format(",{}_protocol", name(a));
    }
  }
  out += '\n';
  for (const Row& row : r.rows) {
    out += fmt::format("{}", row.bytes);
    for (const cost::Estimate& e : row.choice.estimates) {
      out += fmt::format(",{}", e.seconds);
    }
    out += fmt::format(",{},{},{}", name(row.choice.best().algorithm),
                       optional_number(row.algbw_gbps), optional_number(row.busbw_gbps));
    if (protocols) {
      for (const cost::Estimate& e : row.choice.estimates) {
        out += fmt::format(",{}", cost::protocol_name(*e.protocol));
      }
    }
    out += '\n';
  }
  return out;
}

Json optional_json(const std::optional<double>& v) {
  return v ? Json(*v) : Json(nullptr);
}

Json parameters_json(const Report& r) {
  const cost::ModelParams& p = r.models.params();
  const cost::DbtLoads& dbt = r.models.dbt_loads();
  Json j;
  j["world"] = p.world;
  j["alpha_ps"] = p.alpha.ps();
  j["ring_bandwidth_Bps"] = p.ring_bw.bytes_per_second();
  j["tree_bandwidth_Bps"] = p.tree_bw.bytes_per_second();
  j["nodes"] = r.models.nodes();
  j["gpus_per_node"] = r.models.gpus_per_node();
  j["inter_alpha_ps"] = p.inter_alpha ? Json(p.inter_alpha->ps()) : Json(nullptr);
  j["intra_bandwidth_Bps"] = p.intra_bw ? Json(p.intra_bw->bytes_per_second()) : Json(nullptr);
  j["inter_bandwidth_Bps"] = p.inter_bw ? Json(p.inter_bw->bytes_per_second()) : Json(nullptr);
  Json d;
  if (p.chunking.is_fixed_count()) {
    d["chunks"] = p.chunking.count();
  } else {
    d["chunk_bytes"] = p.chunking.size();
    if (p.chunking.max_count() > 0) {
      d["max_chunks"] = p.chunking.max_count();
    }
  }
  d["tree_depth"] = dbt.tree_depth;
  d["net_fill_load"] = dbt.net_fill_load;
  d["net_steady_load"] = dbt.net_steady_load;
  d["chain_fill_load"] = dbt.chain_fill_load;
  d["chain_steady_load"] = dbt.chain_steady_load;
  j["double_binary_tree"] = std::move(d);
  j["protocol"] = cost::protocol_mode_name(p.protocol);
  return j;
}

std::string render_json(const Report& r) {
  const bool protocols = r.models.params().protocol != ProtocolMode::NONE;
  Json j;
  j["collective"] = algorithms::collective_name(algorithms::Collective::ALL_REDUCE);
  j["parameters"] = parameters_json(r);
  Json names = Json::array();
  for (Algorithm a : r.models.algorithms()) {
    names.push_back(name(a));
  }
  j["algorithms"] = std::move(names);
  Json results = Json::array();
  for (const Row& row : r.rows) {
    Json res;
    res["bytes"] = row.bytes;
    Json seconds;
    Json used;
    for (const cost::Estimate& e : row.choice.estimates) {
      seconds[name(e.algorithm)] = e.seconds;
      if (protocols) {
        used[name(e.algorithm)] = cost::protocol_name(*e.protocol);
      }
    }
    res["seconds"] = std::move(seconds);
    if (protocols) {
      res["protocols"] = std::move(used);
    }
    res["winner"] = name(row.choice.best().algorithm);
    res["algbw_GBps"] = optional_json(row.algbw_gbps);
    res["busbw_GBps"] = optional_json(row.busbw_gbps);
    results.push_back(std::move(res));
  }
  j["results"] = std::move(results);
  Json crossovers = Json::array();
  for (const CrossoverLine& line : r.crossovers) {
    const Crossover& c = line.crossover;
    Json x;
    x["first"] = name(Algorithm::RING);
    x["second"] = name(line.other);
    x["kind"] = kind_name(c.kind);
    x["bytes"] = c.kind == CrossoverKind::AT ? Json(c.bytes) : Json(nullptr);
    x["faster"] = c.kind == CrossoverKind::ALWAYS_EQUAL ? Json(nullptr) : Json(faster_name(line));
    x["method"] = c.method == cost::CrossoverMethod::NUMERIC ? "numeric" : "closed_form";
    crossovers.push_back(std::move(x));
  }
  j["crossovers"] = std::move(crossovers);
  return j.dump(2) + '\n';
}

}  // namespace

std::string render_model_report(const ModelRequest& request) {
  const AllReduceModels models(request.params);
  const Report report = build(request, models);
  switch (request.format) {
    case ReportFormat::TABLE:
      return render_table(report);
    case ReportFormat::CSV:
      return render_csv(report);
    case ReportFormat::JSON:
      return render_json(report);
  }
  return "";
}

std::string model_report(const ModelFlags& flags) {
  return render_model_report(parse_model_request(flags));
}

}  // namespace collsim::report
