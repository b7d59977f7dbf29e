#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenarios/scenario.h"
#include "study/result_set.h"

namespace collsim::report {

// ReportRequest: where the user asked a `run` or `sweep` report to go — at most one format
// flag, -o FILE, --update-baseline FILE — as given on the command line.
struct ReportRequest {
  bool table = false;  // --table / --csv / --json: at most one
  bool csv = false;
  bool json = false;
  std::optional<std::string> output;           // -o FILE
  std::optional<std::string> update_baseline;  // --update-baseline FILE (the CSV report)
};

// Where one report format goes: a file, or stdout when `path` is empty.
struct Destination {
  scenarios::ReportFormat format = scenarios::ReportFormat::TABLE;
  std::optional<std::string> path;
};

// The destinations of a report: a format flag picks one format; -o writes one file (format
// from the flag, else from the extension .txt/.csv/.json, else the scenario's first);
// without -o the scenario's outputs (its formats to stdout, or to "<file>.<ext>" when it
// names a file). Throws core::InputError at "command line" for two format flags or an empty
// -o.
std::vector<Destination> report_destinations(const ReportRequest& request,
                                             const scenarios::Outputs& outputs);

// Renders `results` for every destination and for the baseline (CSV), writes all the files
// at once atomically (files/output_file.h), and returns the text for stdout (the stdout
// destinations' reports, in order).
std::string deliver_reports(const std::vector<Destination>& destinations,
                            const study::ResultSet& results,
                            const std::optional<std::string>& baseline);

}  // namespace collsim::report
