#pragma once

#include <optional>
#include <string>

#include "report/csv_table.h"

namespace collsim::report {

// The comparison of `collsim check`: a run's CSV report against the baseline CSV a
// `--update-baseline` wrote. Rows are matched by (point and axis values, algorithm, size);
// the metrics compared are time_us, algbw_gbps, busbw_gbps and closed_us, each by its
// relative change |now - was| / |was|.

// --tolerance: "1%", "0.5%" (default, when not given: 0). Throws core::InputError at
// "command line", field "--tolerance", for anything else.
double parse_tolerance(const std::optional<std::string>& text);

// The baseline file, parsed; throws core::InputError at `path` when it cannot be read or is
// not CSV.
CsvTable read_baseline(const std::string& path);

struct BaselineComparison {
  const CsvTable* baseline = nullptr;
  std::string baseline_path;
  std::string current_csv;  // the run's CSV report (report/run_report.h)
  std::string scenario_name;
  bool sweep = false;  // which command writes a fresh baseline: sweep or run
  double tolerance = 0;
};

// The verdict: the text lists every (row, metric) beyond the tolerance, every row that
// appeared or disappeared, and a passed/FAILED line, after a note when the baseline's
// scenario digest is not the current one; `moved` when anything did. Throws
// core::InputError at the baseline's first line when its columns are not the report's, and
// at a row's line:col and field when it names another scenario or its point holds fewer or
// more rows than its `rows` says.
// O(rows · metrics · log rows).
struct BaselineVerdict {
  std::string text;
  bool moved = false;
};
BaselineVerdict compare_with_baseline(const BaselineComparison& comparison);

}  // namespace collsim::report
