#include "report/run_report.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "core/units.h"
#include "cost/bus_bandwidth.h"
#include "report/text_table.h"
#include "study/gap_cause.h"
#include "study/scenario_run.h"

namespace collsim::report {
namespace {
using cost::algorithm_bandwidth;
using cost::bus_bandwidth;
using cost::protocol_name;
using scenarios::build_scenario_fabric;
using scenarios::CollectiveSpec;
using scenarios::ModelSpec;
using scenarios::Placement;
using scenarios::placement_gpus;
using scenarios::placement_layout;
using scenarios::protocol_option_name;
using scenarios::protocol_payload_share;
using scenarios::protocol_step_latency;
using scenarios::ReportFormat;
using scenarios::Scenario;
using scenarios::single_node;
using scenarios::SweepAxis;
using scenarios::SweepPoint;
using study::gap_fraction;
using study::ResultSet;
using study::RunRow;

using algorithms::Collective;
using Json = nlohmann::ordered_json;

constexpr core::Bytes FLOAT_BYTES = 4;

// The derived figures of one row.
struct Figures {
  const RunRow* row = nullptr;
  std::optional<double> time_us;
  std::optional<double> algbw_gbps;
  std::optional<double> busbw_gbps;
  std::optional<double> closed_us;
  std::optional<double> gap_pct;
  bool fastest = false;
};

std::string_view redop(Collective op) {
  return op == Collective::ALL_GATHER || op == Collective::BROADCAST ? "none" : "sum";
}

Figures figures(const RunRow& row, Collective op) {
  Figures f;
  f.row = &row;
  if (row.simulated) {
    const double seconds = row.simulated->seconds();
    f.time_us = static_cast<double>(row.simulated->ps()) / 1e6;
    if (seconds > 0) {
      const double algbw = cost::algorithm_bandwidth(static_cast<double>(row.bytes), seconds);
      f.algbw_gbps = algbw / 1e9;
      f.busbw_gbps = cost::bus_bandwidth(op, row.ranks, algbw) / 1e9;
    }
  }
  if (row.closed_seconds) {
    f.closed_us = *row.closed_seconds * 1e6;
    if (row.simulated && *row.closed_seconds > 0) {
      f.gap_pct = gap_fraction(*row.simulated, *row.closed_seconds) * 100;
    }
  }
  return f;
}

// Per point: its rows' figures with the fastest marked, per size.
std::vector<Figures> point_figures(const Scenario& s, const std::vector<RunRow>& rows) {
  std::vector<Figures> out;
  for (const RunRow& r : rows) {
    out.push_back(figures(r, s.collective.op));
  }
  const std::size_t sizes = s.collective.sizes.size();
  for (std::size_t z = 0; z < sizes; ++z) {
    std::optional<std::size_t> best;
    for (std::size_t i = z; i < out.size(); i += sizes) {
      if (out[i].row->simulated && (!best || *out[i].row->simulated < *out[*best].row->simulated)) {
        best = i;
      }
    }
    if (best) {
      out[*best].fastest = true;
    }
  }
  return out;
}

std::string exact_us(core::Time t) {
  return fmt::format("{}.{:06}", t.ps() / 1'000'000, t.ps() % 1'000'000);
}

// "+1.25%", and "0.00%" for what rounds to zero (no "-0.00%").
std::string gap_text(double pct) {
  const std::string text = fmt::format("{:+.2f}%", pct);
  return text == "+0.00%" || text == "-0.00%" ? "0.00%" : text;
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string out = "\"";
  for (const char c : text) {
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return out + "\"";
}

// Fixed decimals; what rounds to zero is written without a sign ("0.0000", not "-0.0000").
std::string fixed(const std::optional<double>& v, int decimals) {
  if (!v) {
    return "";
  }
  std::string text = fmt::format("{:.{}f}", *v, decimals);
  if (text.front() == '-' && text.find_first_not_of("-0.") == std::string::npos) {
    text.erase(0, 1);
  }
  return text;
}

template <class F>
void for_each_row(const ResultSet& r, F&& f) {
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const SweepPoint& point = r.loaded->points[r.points[i]];
    const std::vector<Figures> figs = point_figures(point.scenario, r.rows[i]);
    for (const Figures& fig : figs) {
      f(r.points[i], point, fig);
    }
  }
}

// --- table ----------------------------------------------------------------------------

std::string placement_text(const Placement& p, std::size_t gpus) {
  if (!p.gpus.empty()) {
    return "the listed GPUs";
  }
  if (p.ranks) {
    return fmt::format("the first {} of {} GPUs", *p.ranks, gpus);
  }
  return "every GPU";
}

std::vector<std::string> header_lines(const ResultSet& r) {
  const Scenario& s = r.sweep ? r.loaded->base : r.loaded->points.front().scenario;
  topology::Fabric fabric = build_scenario_fabric(s);
  const std::vector<topology::VertexId> gpus = placement_gpus(s.placement, fabric);
  const algorithms::RankLayout layout = placement_layout(fabric, gpus);
  const bool one_node = single_node(fabric, gpus);
  std::vector<std::string> lines;
  lines.push_back(fmt::format("collsim {}: {}", r.sweep ? "sweep" : "run", s.name));
  if (s.description) {
    lines.push_back(*s.description);
  }
  if (r.sweep) {
    std::string axes;
    for (const SweepAxis& a : s.sweep) {
      axes += fmt::format("{}{} ({} values)", axes.empty() ? "" : " x ", a.path, a.values.size());
    }
    lines.push_back(
        fmt::format("sweep: {} points over {}{}", r.loaded->points.size(), axes,
                    r.shard ? fmt::format("; shard {}/{}", r.shard->index, r.shard->count) : ""));
    lines.push_back("the scenario without its sweep:");
  }
  lines.push_back(fmt::format("topology: {}, {} node{}, {} GPUs ({} vertices, {} directed links)",
                              topology::builder_name(s.topology), fabric.num_nodes(),
                              fabric.num_nodes() == 1 ? "" : "s", fabric.gpus().size(),
                              fabric.num_vertices(), fabric.num_links()));
  lines.push_back(fmt::format("ranks: {} on {} node{}, {}", layout.num_ranks(), layout.num_nodes(),
                              layout.num_nodes() == 1 ? "" : "s",
                              placement_text(s.placement, fabric.gpus().size())));
  const CollectiveSpec& c = s.collective;
  lines.push_back(fmt::format("collective: {}, float32 {}; {} channel{}, {}, {}",
                              algorithms::collective_name(c.op), redop(c.op), c.channels,
                              c.channels == 1 ? "" : "s",
                              algorithms::chunking_text(scenarios::generate_options(s)),
                              c.pipeline ? "pipelined" : "store-and-forward per step"));
  const ModelSpec& m = s.model;
  std::string protocol = "protocol none";
  if (m.protocol) {
    const cost::PayloadShare share = protocol_payload_share(m.protocol);
    protocol = fmt::format("protocol {} (+{} per send on {}, {} payload bytes per {} on the wire)",
                           cost::protocol_name(*m.protocol),
                           core::format_time(protocol_step_latency(m.protocol, one_node)),
                           one_node ? "NVLink" : "the network", share.data, share.line);
  }
  lines.push_back(
      fmt::format("model: {} network, step latency {}, {}, {}, ECMP seed {}",
                  sim::network_kind_name(m.network), core::format_time(m.step_latency),
                  m.reduce_bandwidth.is_zero()
                      ? std::string("reductions free")
                      : fmt::format("reductions at {}", core::format_bandwidth(m.reduce_bandwidth)),
                  protocol, m.seed));
  if (std::find(c.algorithms.begin(), c.algorithms.end(), algorithms::Algorithm::NCCL) !=
      c.algorithms.end()) {
    lines.push_back(fmt::format(
        "nccl: NCCL {}'s tuner for {} GPUs, {} CPU, {} pattern; each nccl row runs its pick "
        "(nccl:algorithm/protocol/channels) instead of the channels and protocol above",
        cost::nccl_version_name(m.nccl->version), cost::gpu_generation_name(m.nccl->gpu),
        cost::cpu_vendor_name(m.nccl->cpu), cost::tree_pattern_name(m.nccl->tree_pattern)));
  }
  lines.push_back(
      "closed form: alpha = step latency + the longest path latency, B = the smallest path");
  lines.push_back(
      "  bottleneck of the schedule's send pairs (double_binary_tree, two_level: per class of "
      "pairs,");
  lines.push_back("  inside a node and between nodes); gap = (time - closed) / closed");
  return lines;
}

std::string render_table(const ResultSet& r) {
  std::string out;
  for (const std::string& line : header_lines(r)) {
    out += "# " + line + "\n";
  }
  out += "\n";
  TextTable t;
  if (r.sweep) {
    t.add_column("point");
    for (const SweepAxis& a : r.loaded->base.sweep) {
      t.add_column(a.path, TextTable::Align::LEFT);
    }
  }
  for (const char* h : {"size(B)", "count", "type", "redop"}) {
    t.add_column(h);
  }
  t.add_column("algorithm", TextTable::Align::LEFT);
  for (const char* h : {"time(us)", "algbw(GB/s)", "busbw(GB/s)", "closed(us)", "gap"}) {
    t.add_column(h);
  }
  t.add_column("best", TextTable::Align::LEFT);
  t.add_column("cause", TextTable::Align::LEFT);
  for_each_row(r, [&](std::size_t index, const SweepPoint& point, const Figures& f) {
    std::vector<std::string> cells;
    if (r.sweep) {
      cells.push_back(std::to_string(index));
      for (const std::string& v : point.values) {
        cells.push_back(v);
      }
    }
    const RunRow& row = *f.row;
    cells.push_back(std::to_string(row.bytes));
    cells.push_back(std::to_string(row.bytes / FLOAT_BYTES));
    cells.push_back("float");
    cells.push_back(std::string(redop(point.scenario.collective.op)));
    cells.push_back(study::row_algorithm_text(row));
    cells.push_back(f.time_us ? fmt::format("{:.2f}", *f.time_us) : "deadlock");
    cells.push_back(f.algbw_gbps ? fmt::format("{:.2f}", *f.algbw_gbps) : "-");
    cells.push_back(f.busbw_gbps ? fmt::format("{:.2f}", *f.busbw_gbps) : "-");
    cells.push_back(f.closed_us ? fmt::format("{:.2f}", *f.closed_us) : "n/a");
    cells.push_back(f.gap_pct ? gap_text(*f.gap_pct) : "-");
    cells.push_back(f.fastest ? "*" : "");
    cells.push_back(row.cause);
    t.add_row(std::move(cells));
  });
  out += t.render();
  if (r.sweep) {
    return out;
  }
  // The fastest algorithm per size, simulated and by the formulas.
  const Scenario& s = r.loaded->points.front().scenario;
  const std::vector<RunRow>& rows = r.rows.front();
  const std::vector<Figures> figs = point_figures(s, rows);
  const std::size_t sizes = s.collective.sizes.size();
  TextTable best;
  best.add_column("size(B)");
  best.add_column("fastest", TextTable::Align::LEFT);
  best.add_column("time(us)");
  best.add_column("busbw(GB/s)");
  best.add_column("closed-form pick", TextTable::Align::LEFT);
  best.add_column("closed(us)");
  for (std::size_t z = 0; z < sizes; ++z) {
    const Figures* sim_best = nullptr;
    const Figures* formula_best = nullptr;
    for (std::size_t i = z; i < figs.size(); i += sizes) {
      if (figs[i].fastest) {
        sim_best = &figs[i];
      }
      if (figs[i].closed_us &&
          (formula_best == nullptr || *figs[i].closed_us < *formula_best->closed_us)) {
        formula_best = &figs[i];
      }
    }
    best.add_row(
        {std::to_string(s.collective.sizes[z]),
         sim_best ? study::row_algorithm_text(*sim_best->row) : "-",
         sim_best ? fmt::format("{:.2f}", *sim_best->time_us) : "-",
         sim_best && sim_best->busbw_gbps ? fmt::format("{:.2f}", *sim_best->busbw_gbps) : "-",
         formula_best ? study::row_algorithm_text(*formula_best->row) : "-",
         formula_best ? fmt::format("{:.2f}", *formula_best->closed_us) : "-"});
  }
  out += "\n# fastest per size: simulated, and the closed form's pick\n";
  out += best.render();
  return out;
}

// --- CSV ------------------------------------------------------------------------------

std::string render_csv(const ResultSet& r) {
  std::string out;
  if (r.sweep) {
    out += "point,points";
    for (const SweepAxis& a : r.loaded->base.sweep) {
      out += fmt::format(",{}", csv_field(a.path));
    }
    out += ",";
  }
  out +=
      "algorithm,size_bytes,count,type,redop,time_us,algbw_gbps,busbw_gbps,closed_us,gap_pct,"
      "cause,fastest,scenario,scenario_digest,rows\n";
  // The scenario's name, digest and the rows of this row's point repeat on every row, as
  // `points` does: each row says what it belongs to, so a merge or check can refuse rows of
  // another scenario and see a truncated file.
  const std::string identity = fmt::format(",{},{},", csv_field(r.loaded->base.name),
                                           study::scenario_digest(r.loaded->base));
  for_each_row(r, [&](std::size_t index, const SweepPoint& point, const Figures& f) {
    if (r.sweep) {
      out += fmt::format("{},{}", index, r.loaded->points.size());
      for (const std::string& v : point.values) {
        out += fmt::format(",{}", csv_field(v));
      }
      out += ",";
    }
    const RunRow& row = *f.row;
    out += fmt::format(
        "{},{},{},float,{},{},{},{},{},{},{},{}{}{}\n", study::row_algorithm_text(row), row.bytes,
        row.bytes / FLOAT_BYTES, redop(point.scenario.collective.op),
        row.simulated ? exact_us(*row.simulated) : "", fixed(f.algbw_gbps, 6),
        fixed(f.busbw_gbps, 6), fixed(f.closed_us, 6), fixed(f.gap_pct, 4), csv_field(row.cause),
        f.fastest ? 1 : 0, identity, study::point_run_count(point.scenario));
  });
  return out;
}

// --- JSON -----------------------------------------------------------------------------

Json number_or_null(const std::optional<double>& v) {
  return v ? Json(*v) : Json(nullptr);
}

std::string render_json(const ResultSet& r) {
  const Scenario& s = r.sweep ? r.loaded->base : r.loaded->points.front().scenario;
  Json j;
  j["scenario"] = s.name;
  j["collective"] = algorithms::collective_name(s.collective.op);
  j["type"] = "float";
  j["redop"] = redop(s.collective.op);
  j["network"] = sim::network_kind_name(s.model.network);
  j["step_latency_ps"] = s.model.step_latency.ps();
  j["protocol"] = protocol_option_name(s.model.protocol);
  j["seed"] = s.model.seed;
  if (r.sweep) {
    Json axes = Json::array();
    for (const SweepAxis& a : s.sweep) {
      axes.push_back(a.path);
    }
    j["axes"] = axes;
    j["points"] = r.loaded->points.size();
  }
  std::size_t total_rows = 0;
  for (const SweepPoint& point : r.loaded->points) {
    total_rows += study::point_run_count(point.scenario);
  }
  j["scenario_digest"] = study::scenario_digest(r.loaded->base);
  j["rows"] = total_rows;
  if (r.sweep && r.shard) {
    std::size_t rows = 0;
    for (const std::vector<RunRow>& point_rows : r.rows) {
      rows += point_rows.size();
    }
    j["shard"] = fmt::format("{}/{}", r.shard->index, r.shard->count);
    j["shard_rows"] = rows;
  }
  Json results = Json::array();
  for_each_row(r, [&](std::size_t index, const SweepPoint& point, const Figures& f) {
    Json x;
    if (r.sweep) {
      x["point"] = index;
      Json values;
      for (std::size_t a = 0; a < point.values.size(); ++a) {
        values[s.sweep[a].path] = point.values[a];
      }
      x["values"] = values;
    }
    const RunRow& row = *f.row;
    x["algorithm"] = study::row_algorithm_text(row);
    if (row.nccl_pick) {
      auto candidate = [](const study::NcclCandidate& c) {
        Json n;
        n["algorithm"] = algorithms::algorithm_name(c.algorithm);
        n["protocol"] = cost::protocol_name(c.protocol);
        n["channels"] = c.channels;
        n["nccl_predicted_us"] = c.predicted_us;
        n["simulated_ps"] = c.simulated ? Json(c.simulated->ps()) : Json(nullptr);
        return n;
      };
      x["nccl_pick"] = candidate(*row.nccl_pick);
      x["nccl_faster"] = row.nccl_faster ? candidate(*row.nccl_faster) : Json(nullptr);
    }
    x["bytes"] = row.bytes;
    x["count"] = row.bytes / FLOAT_BYTES;
    x["ranks"] = row.ranks;
    x["time_ps"] = row.simulated ? Json(row.simulated->ps()) : Json(nullptr);
    x["time_us"] = number_or_null(f.time_us);
    x["algbw_gbps"] = number_or_null(f.algbw_gbps);
    x["busbw_gbps"] = number_or_null(f.busbw_gbps);
    x["closed_us"] = number_or_null(f.closed_us);
    x["gap_pct"] = number_or_null(f.gap_pct);
    x["cause"] = row.cause;
    x["fastest"] = f.fastest;
    results.push_back(std::move(x));
  });
  j["results"] = results;
  return j.dump(2) + "\n";
}

}  // namespace

std::string render_report(const ResultSet& results, ReportFormat format) {
  switch (format) {
    case ReportFormat::TABLE:
      return render_table(results);
    case ReportFormat::CSV:
      return render_csv(results);
    case ReportFormat::JSON:
      return render_json(results);
  }
  return {};
}

}  // namespace collsim::report
