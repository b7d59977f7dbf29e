#include "cli/scenario_flags.h"

#include "cli/flag_parser.h"
#include "core/input_error.h"

namespace collsim::cli {

namespace po = boost::program_options;

void add_scenario_options(po::options_description& visible) {
  visible.add_options()("help,h", "print this help")(
      "set", po::value<std::vector<std::string>>()->composing()->value_name("PATH=VALUE"),
      "override a field of the file, e.g. --set spec.topology.nodes=16 (repeatable; the value "
      "is YAML: 16, 400Gb/s, [ring, two_level])")("table", "write the aligned table")(
      "csv", "write CSV")("json", "write JSON")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write the report to FILE (atomically) instead of stdout; the format follows --csv/"
      "--json/--table, else the extension .txt/.csv/.json")(
      "update-baseline", po::value<std::string>()->value_name("FILE"),
      "also write the CSV report to FILE, the baseline collsim check compares with")(
      "print-effective", "print the fully defaulted scenario as YAML and run nothing")(
      "jobs,j", po::value<unsigned>()->value_name("N"),
      "run N simulations at once (default: the machine's hardware threads)");
}

bool parse_scenario_args(const std::vector<std::string>& args,
                         const po::options_description& visible, po::variables_map& vm) {
  return !parse_flags(args, visible, vm, "file", 1);
}

scenarios::ScenarioFlags read_scenario_flags(const po::variables_map& vm) {
  if (vm.count("file") == 0) {
    throw core::InputError({"command line", 0, 0}, "FILE", "give the scenario file to run");
  }
  scenarios::ScenarioFlags f;
  f.file = vm["file"].as<std::string>();
  if (vm.count("set") > 0) {
    f.set = vm["set"].as<std::vector<std::string>>();
  }
  f.table = vm.count("table") > 0;
  f.csv = vm.count("csv") > 0;
  f.json = vm.count("json") > 0;
  if (vm.count("output") > 0) {
    f.output = vm["output"].as<std::string>();
  }
  if (vm.count("update-baseline") > 0) {
    f.update_baseline = vm["update-baseline"].as<std::string>();
  }
  f.print_effective = vm.count("print-effective") > 0;
  if (vm.count("jobs") > 0) {
    f.jobs = vm["jobs"].as<unsigned>();
  }
  return f;
}

}  // namespace collsim::cli
