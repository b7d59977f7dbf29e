#include "report/report_destinations.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "core/input_error.h"
#include "files/output_file.h"
#include "report/run_report.h"

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
    std::optional<ReportFormat> by_extension;
    for (const ReportFormat f : {ReportFormat::TABLE, ReportFormat::CSV, ReportFormat::JSON}) {
      if (std::string_view(*request.output).ends_with(extension(f))) {
        by_extension = f;
      }
    }
    if (chosen && by_extension && *chosen != *by_extension) {
      throw core::command_line_error(
          "-o", fmt::format("'{}' is named as {} but --{} asks for {}; rename the file or drop "
                            "the flag",
                            *request.output, scenarios::report_format_name(*by_extension),
                            scenarios::report_format_name(*chosen),
                            scenarios::report_format_name(*chosen)));
    }
    return {{chosen.value_or(by_extension.value_or(outputs.formats.front())), request.output}};
  }
  if (chosen) {
    return {{*chosen, std::nullopt}};
  }
  std::vector<Destination> out;
  for (const ReportFormat f : outputs.formats) {
    if (outputs.file) {
      out.push_back({f, *outputs.file + std::string(extension(f)), outputs.file_field,
                     outputs.file_location});
    } else {
      out.push_back({f, std::nullopt});
    }
  }
  return out;
}

std::vector<files::OutputFile> report_files(const std::vector<Destination>& destinations,
                                            const std::optional<std::string>& baseline) {
  std::vector<files::OutputFile> writes;
  for (const Destination& d : destinations) {
    if (d.path) {
      writes.push_back({*d.path, "", d.flag, d.where});
    }
  }
  if (baseline) {
    writes.push_back({*baseline, "", "--update-baseline"});
  }
  return writes;
}

std::string deliver_reports(const std::vector<Destination>& destinations,
                            const study::ResultSet& results,
                            const std::optional<std::string>& baseline,
                            const std::vector<std::string>& inputs) {
  std::string out;
  std::vector<files::OutputFile> writes = report_files(destinations, baseline);
  std::size_t next = 0;
  std::optional<std::string> csv;
  for (const Destination& d : destinations) {
    std::string text = render_report(results, d.format);
    if (baseline && d.format == ReportFormat::CSV) {
      csv = text;
    }
    if (d.path) {
      writes[next++].text = std::move(text);
    } else {
      out += text;
    }
  }
  if (baseline) {
    writes[next].text = csv ? std::move(*csv) : render_report(results, ReportFormat::CSV);
  }
  // One batch, so that a baseline that cannot be written leaves the reports unwritten too.
  files::write_files_atomically(writes, inputs);
  return out;
}

}  // namespace collsim::report
