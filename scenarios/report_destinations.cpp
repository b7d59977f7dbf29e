#include "scenarios/report_destinations.h"

#include <algorithm>
#include <thread>
#include <utility>

#include "core/input_error.h"
#include "scenarios/output_file.h"

namespace collsim::scenarios {
namespace {

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

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

std::vector<Destination> report_destinations(const ScenarioFlags& flags, const Outputs& outputs) {
  std::optional<ReportFormat> chosen;
  int given = 0;
  for (const auto& [on, format] :
       {std::pair{flags.table, ReportFormat::TABLE}, std::pair{flags.csv, ReportFormat::CSV},
        std::pair{flags.json, ReportFormat::JSON}}) {
    if (on) {
      chosen = format;
      ++given;
    }
  }
  if (given > 1) {
    throw core::InputError({"command line", 0, 0}, "--table, --csv, --json",
                           "give at most one format");
  }
  if (flags.output) {
    if (flags.output->empty()) {
      throw core::InputError({"command line", 0, 0}, "-o", "the file name is empty");
    }
    if (!chosen) {
      for (const ReportFormat f : {ReportFormat::TABLE, ReportFormat::CSV, ReportFormat::JSON}) {
        if (ends_with(*flags.output, extension(f))) {
          chosen = f;
        }
      }
    }
    return {{chosen.value_or(outputs.formats.front()), flags.output}};
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

std::string deliver_reports(const std::vector<Destination>& destinations, const ResultSet& results,
                            const std::optional<std::string>& baseline) {
  std::string out;
  std::vector<OutputFile> files;
  std::optional<std::string> csv;
  for (const Destination& d : destinations) {
    std::string text = render_report(results, d.format);
    if (baseline && d.format == ReportFormat::CSV) {
      csv = text;
    }
    if (d.path) {
      files.push_back({*d.path, std::move(text), "-o"});
    } else {
      out += text;
    }
  }
  if (baseline) {
    files.push_back({*baseline, csv ? std::move(*csv) : render_report(results, ReportFormat::CSV),
                     "--update-baseline"});
  }
  // One batch, so that a baseline that cannot be written leaves the reports unwritten too.
  write_files_atomically(files);
  return out;
}

std::vector<Override> parse_overrides(const std::vector<std::string>& set) {
  std::vector<Override> out;
  for (const std::string& s : set) {
    out.push_back(parse_override(s));
  }
  return out;
}

unsigned job_count(const std::optional<unsigned>& jobs) {
  if (jobs) {
    if (*jobs == 0) {
      throw core::InputError({"command line", 0, 0}, "--jobs", "at least 1 job");
    }
    return *jobs;
  }
  return std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace collsim::scenarios
