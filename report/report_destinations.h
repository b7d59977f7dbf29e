#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/input_error.h"
#include "files/output_file.h"
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

// Where one report format goes: a file, or stdout when `path` is empty; `flag` and `where`
// name what asked for the file (-o on the command line, or the scenario's outputs.file).
struct Destination {
  scenarios::ReportFormat format = scenarios::ReportFormat::TABLE;
  std::optional<std::string> path;
  std::string flag = "-o";
  core::SourceLocation where = core::command_line();
};

// The destinations of a report: a format flag picks one format; -o writes one file (format
// from the flag, else from the extension .txt/.csv/.json, else the scenario's first);
// without -o the scenario's outputs (its formats to stdout, or to "<file>.<ext>" when it
// names a file). Throws core::InputError at "command line" for two format flags, an empty
// -o, or a format flag that contradicts -o's extension (--csv -o r.json).
std::vector<Destination> report_destinations(const ReportRequest& request,
                                             const scenarios::Outputs& outputs);

// The files a report writes — each file destination, then the baseline — with empty texts:
// what files::check_outputs checks before a run and deliver_reports fills in after it.
std::vector<files::OutputFile> report_files(const std::vector<Destination>& destinations,
                                            const std::optional<std::string>& baseline);

// Renders `results` for every destination and for the baseline (CSV), writes all the files
// at once atomically (files/output_file.h; none may be one of `inputs`), and returns the
// text for stdout (the stdout destinations' reports, in order).
std::string deliver_reports(const std::vector<Destination>& destinations,
                            const study::ResultSet& results,
                            const std::optional<std::string>& baseline,
                            const std::vector<std::string>& inputs);

}  // namespace collsim::report
