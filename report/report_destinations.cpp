#include "report/report_destinations.h"

#include "report/run_report.h"

#include <algorithm>
#include <utility>

#include "core/input_error.h"
#include "files/output_file.h"

namespace collsim::report {
namespace {

using scenarios::ReportFormat;

std::string_view extension(ReportFormat f) {
  switch (f) {
    case ReportFormat::TABLE:
      return ".txt";
    case ReportFormat::CSV:
      return ".csv";
    case ReportFormat::JSON:
      return ".json";
  }
  return "";
}

}  // namespace

std::vector<Destination> report_destinations(const ReportRequest& request,
                                             const scenarios::Outputs& outputs) {
  std::optional<ReportFormat> chosen;
  int given = 0;
  for (const auto& [on, format] :
       {std::pair{request.table, ReportFormat::TABLE}, std::pair{request.csv, ReportFormat::CSV},
        std::pair{request.json, ReportFormat::JSON}}) {
    if (on) {
      chosen = format;
      ++given;
    }
  }
  if (given > 1) {
    throw core::command_line_error("--table, --csv, --json", "give at most one format");
  }
  if (request.output) {
    if (request.output->empty()) {
      throw core::command_line_error("-o", "the file name is empty");
    }
    if (!chosen) {
      for (const ReportFormat f : {ReportFormat::TABLE, ReportFormat::CSV, ReportFormat::JSON}) {
        if (std::string_view(*request.output).ends_with(extension(f))) {
          chosen = f;
        }
      }
    }
    return {{chosen.value_or(outputs.formats.front()), request.output}};
  }
  if (chosen) {
    return {{*chosen, std::nullopt}};
  }
  std::vector<Destination> out;
  for (const ReportFormat f : outputs.formats) {
    out.push_back({f, outputs.file ? std::optional(*outputs.file + std::string(extension(f)))
                                   : std::nullopt});
  }
  return out;
}

std::string deliver_reports(const std::vector<Destination>& destinations,
                            const study::ResultSet& results,
                            const std::optional<std::string>& baseline) {
  std::string out;
  std::vector<files::OutputFile> writes;
  std::optional<std::string> csv;
  for (const Destination& d : destinations) {
    std::string text = render_report(results, d.format);
    if (baseline && d.format == ReportFormat::CSV) {
      csv = text;
    }
    if (d.path) {
      writes.push_back({*d.path, std::move(text), "-o"});
    } else {
      out += text;
    }
  }
  if (baseline) {
    writes.push_back({*baseline, csv ? std::move(*csv) : render_report(results, ReportFormat::CSV),
                     "--update-baseline"});
  }
  // One batch, so that a baseline that cannot be written leaves the reports unwritten too.
  files::write_files_atomically(writes);
  return out;
}

}  // namespace collsim::report
