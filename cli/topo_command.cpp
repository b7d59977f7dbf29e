#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "core/input_error.h"
#include "report/topology_summary.h"

namespace collsim::cli {

// collsim topo FILE [--json | --dot]: the summary of a topology (or scenario) file.
int topo_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim topo FILE [--json | --dot]\n\n"
      "Summarizes the fabric of a Topology or Scenario file: vertex and link counts,\n"
      "per-GPU injection bandwidth, bisection bandwidth (max-flow between the two halves\n"
      "of the GPUs in (node, local) order, per direction), hop diameter between GPUs and\n"
      "oversubscription per switch tier.\n\noptions",
      100, 50);
  visible.add_options()("help,h", "print this help")("json", "print the summary as JSON")(
      "dot", "print the fabric as a Graphviz graph (collsim topo FILE --dot | dot -Tsvg)");
  const std::optional<po::variables_map> parsed = parse_flags(args, visible, out, {"file", 1});
  if (!parsed) {
    return 0;
  }
  const po::variables_map& vm = *parsed;
  if (vm.count("file") == 0) {
    throw core::command_line_error("FILE", "give the topology file to summarize");
  }
  if (vm.count("json") > 0 && vm.count("dot") > 0) {
    throw core::command_line_error("--dot", "--json and --dot exclude each other");
  }
  report::TopoRequest request;
  request.file = vm["file"].as<std::string>();
  if (vm.count("json") > 0) {
    request.format = report::TopoFormat::JSON;
  } else if (vm.count("dot") > 0) {
    request.format = report::TopoFormat::DOT;
  }
  out << report::topo_report(request);
  return 0;
}

}  // namespace collsim::cli
