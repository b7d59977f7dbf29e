#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scenarios/model_request.h"
#include "scenarios/run_report.h"
#include "scenarios/scenario.h"
#include "scenarios/scenario_commands.h"
#include "scenarios/scenario_loader.h"

namespace collsim::scenarios {

// Where one report format goes: a file, or stdout when `path` is empty.
struct Destination {
  ReportFormat format = ReportFormat::TABLE;
  std::optional<std::string> path;
};

// The destinations of `run` and `sweep` (scenario_commands.h): from the format flags, -o,
// and the scenario's outputs. Throws core::InputError at "command line" for two format
// flags.
std::vector<Destination> report_destinations(const ScenarioFlags& flags, const Outputs& outputs);

// Renders `results` for every destination and for the baseline (CSV), writes all the files
// at once atomically (output_file.h), and returns the text for stdout (the stdout
// destinations' reports, in order).
std::string deliver_reports(const std::vector<Destination>& destinations, const ResultSet& results,
                            const std::optional<std::string>& baseline);

// The --set flags as overrides (scenario_loader.h parse_override).
std::vector<Override> parse_overrides(const std::vector<std::string>& set);

// --jobs, or the machine's hardware threads (at least 1).
unsigned job_count(const std::optional<unsigned>& jobs);

}  // namespace collsim::scenarios
