#include "report/baseline_check.h"

#include <charconv>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "core/input_error.h"
#include "core/units.h"
#include "files/input_file.h"

namespace collsim::report {
namespace {

constexpr const char* METRICS[] = {"time_us", "algbw_gbps", "busbw_gbps", "closed_us"};

// A row's identity: its point (for a sweep) with the axis values, algorithm and size.
struct Keyed {
  std::map<std::string, std::size_t> index;  // key -> row
  std::vector<std::string> labels;           // by row
};

Keyed key_rows(const CsvTable& t) {
  const int point = t.column("point");
  const int algorithm = t.column("algorithm");
  const int size = t.column("size_bytes");
  Keyed k;
  for (std::size_t r = 0; r < t.rows.size(); ++r) {
    const auto& row = t.rows[r];
    std::string label;
    if (point >= 0) {
      label = fmt::format("point {} (", row[static_cast<std::size_t>(point)]);
      for (int c = point + 2; c < algorithm; ++c) {
        label +=
            fmt::format("{}{}={}", c == point + 2 ? "" : ", ",
                        t.header[static_cast<std::size_t>(c)], row[static_cast<std::size_t>(c)]);
      }
      label += ") ";
    }
    core::Bytes bytes = 0;
    const std::string& s = row[static_cast<std::size_t>(size)];
    std::from_chars(s.data(), s.data() + s.size(), bytes);
    label +=
        fmt::format("{} {}", row[static_cast<std::size_t>(algorithm)], core::format_size(bytes));
    k.index.emplace(label, r);
    k.labels.push_back(std::move(label));
  }
  return k;
}

// The 1-based character column where field `field` of a CSV line starts (quotes skipped
// over), for errors that point into the baseline.
int field_column(const std::string& line, std::size_t field) {
  bool quoted = false;
  std::size_t seen = 0;
  for (std::size_t i = 0; i < line.size() && seen < field; ++i) {
    if (line[i] == '"') {
      quoted = !quoted;
    } else if (line[i] == ',' && !quoted) {
      if (++seen == field) {
        return static_cast<int>(i) + 2;
      }
    }
  }
  return 1;
}

[[noreturn]] void fail_at(const CsvTable& t, const std::string& path, std::size_t row,
                          const char* column, const std::string& message) {
  const auto c = static_cast<std::size_t>(t.column(column));
  throw core::InputError({path, static_cast<int>(row) + 2, field_column(t.lines[row], c)}, column,
                         message);
}

// The baseline is of this scenario and whole: every row names it, and every point (the
// run, when there is no sweep) holds as many rows as its `rows` says.
void check_identity(const CsvTable& baseline, const std::string& path, const std::string& scenario,
                    bool sweep) {
  const auto name = static_cast<std::size_t>(baseline.column("scenario"));
  const auto count = static_cast<std::size_t>(baseline.column("rows"));
  const int point = baseline.column("point");
  std::map<std::string, std::pair<std::size_t, std::size_t>> points;  // -> (first row, rows)
  for (std::size_t r = 0; r < baseline.rows.size(); ++r) {
    const std::vector<std::string>& row = baseline.rows[r];
    if (row[name] != scenario) {
      fail_at(baseline, path, r, "scenario",
              fmt::format("the baseline is of scenario '{}', not '{}': check it against its own "
                          "scenario, or write a new one with collsim {} --update-baseline",
                          row[name], scenario, sweep ? "sweep" : "run"));
    }
    const std::string key = point >= 0 ? row[static_cast<std::size_t>(point)] : "";
    ++points.try_emplace(key, r, 0).first->second.second;
  }
  for (const auto& [key, entry] : points) {
    const std::string& said = baseline.rows[entry.first][count];
    const std::optional<std::size_t> want = parse_count(said);
    if (!want || *want != entry.second) {
      fail_at(baseline, path, entry.first, "rows",
              want ? fmt::format("{} has {} of its {} rows: the baseline is truncated or was "
                                 "edited",
                                 key.empty() ? "the run" : "point " + key, entry.second, *want)
                   : fmt::format("expected a row count, got '{}'", said));
    }
  }
}

std::optional<double> number(const std::string& s) {
  double v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || end != s.data() + s.size()) {
    return std::nullopt;
  }
  return v;
}

}  // namespace

double parse_tolerance(const std::optional<std::string>& text) {
  if (!text) {
    return 0;
  }
  double value = -1;
  const std::string& t = *text;
  bool ok = t.size() >= 2 && t.back() == '%';
  if (ok) {
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size() - 1, value);
    ok = ec == std::errc() && end == t.data() + t.size() - 1 && std::isfinite(value) && value >= 0;
  }
  if (!ok) {
    throw core::command_line_error(
        "--tolerance", fmt::format("expected a percentage such as 1% or 0.5% (got '{}')", t));
  }
  return value / 100;
}

CsvTable read_baseline(const std::string& path) {
  const std::string text = files::read_input_file(path);
  try {
    return parse_csv(text);
  } catch (const std::invalid_argument& e) {
    throw core::InputError({path, 0, 0}, "", e.what());
  }
}

BaselineVerdict compare_with_baseline(const BaselineComparison& c) {
  const CsvTable& baseline = *c.baseline;
  const CsvTable current = parse_csv(c.current_csv);
  if (baseline.header != current.header) {
    throw core::InputError({c.baseline_path, 1, 1}, "",
                           fmt::format("the baseline's columns are not this scenario's report's "
                                       "(expected '{}'); write a new one with collsim {} "
                                       "--update-baseline",
                                       current.header_line, c.sweep ? "sweep" : "run"));
  }
  check_identity(baseline, c.baseline_path, c.scenario_name, c.sweep);
  const Keyed old_keys = key_rows(baseline);
  const Keyed new_keys = key_rows(current);
  std::string report;
  std::string note;
  // A baseline from an earlier version of the scenario file: what moved may be that edit.
  const auto digest = static_cast<std::size_t>(current.column("scenario_digest"));
  if (!current.rows.empty() && !baseline.rows.empty() &&
      baseline.rows.front()[digest] != current.rows.front()[digest]) {
    note = fmt::format(
        "note: the baseline was written from another version of this scenario (digest {}, now "
        "{}): a row can move because of that edit as well as of the code\n",
        baseline.rows.front()[digest], current.rows.front()[digest]);
  }
  std::size_t moved = 0;
  std::size_t rows_moved = 0;
  for (std::size_t r = 0; r < current.rows.size(); ++r) {
    const auto it = old_keys.index.find(new_keys.labels[r]);
    if (it == old_keys.index.end()) {
      report += fmt::format("new: {} is not in the baseline\n", new_keys.labels[r]);
      ++moved;
      ++rows_moved;
      continue;
    }
    bool row_moved = false;
    for (const char* metric : METRICS) {
      const auto col = static_cast<std::size_t>(current.column(metric));
      const std::string& was = baseline.rows[it->second][col];
      const std::string& now = current.rows[r][col];
      const std::optional<double> a = number(was);
      const std::optional<double> b = number(now);
      std::string change;
      if (a && b) {
        const double rel = *a == 0 ? (*b == 0 ? 0 : INFINITY) : (*b - *a) / std::abs(*a);
        if (std::abs(rel) <= c.tolerance) {
          continue;
        }
        change = std::isinf(rel) ? "from zero" : fmt::format("{:+.2f}%", rel * 100);
      } else if (was == now) {
        continue;
      } else {
        change = "appeared or vanished";
      }
      report += fmt::format("moved: {}: {} {} -> {} ({})\n", new_keys.labels[r], metric,
                            was.empty() ? "-" : was, now.empty() ? "-" : now, change);
      ++moved;
      row_moved = true;
    }
    rows_moved += row_moved ? 1 : 0;
  }
  // Rows of either side: the current ones and the baseline's that are no longer run.
  std::size_t rows = current.rows.size();
  for (std::size_t r = 0; r < baseline.rows.size(); ++r) {
    if (new_keys.index.find(old_keys.labels[r]) == new_keys.index.end()) {
      report +=
          fmt::format("missing: {} is in the baseline but no longer run\n", old_keys.labels[r]);
      ++moved;
      ++rows_moved;
      ++rows;
    }
  }
  const std::string tol = fmt::format("{:g}%", c.tolerance * 100);
  const std::string head = fmt::format("collsim check: {} against {}, tolerance {}\n{}",
                                       c.scenario_name, c.baseline_path, tol, note);
  if (moved == 0) {
    return {head + fmt::format("passed: {} rows, {} metrics each, all within {}\n",
                               current.rows.size(), std::size(METRICS), tol),
            false};
  }
  return {head + report +
              fmt::format("FAILED: {} change{} in {} of {} rows beyond {}\n", moved,
                          moved == 1 ? "" : "s", rows_moved, rows, tol),
          true};
}

}  // namespace collsim::report
