#include <optional>
#include <ostream>

#include <boost/program_options.hpp>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "files/output_file.h"
#include "report/shard_merge.h"

namespace collsim::cli {

int merge_command(const std::vector<std::string>& args, std::ostream& out) {
  namespace po = boost::program_options;
  po::options_description visible(
      "usage: collsim merge SHARD... [-o FILE]\n\n"
      "Joins the CSV or JSON outputs of collsim sweep --shard i/N (i = 0..N-1) into the\n"
      "output of the whole sweep, byte for byte, after checking that they come from one\n"
      "sweep and hold every point once.\n\noptions",
      100, 50);
  visible.add_options()("help,h", "print this help")(
      "output,o", po::value<std::string>()->value_name("FILE"),
      "write to FILE (atomically) instead of stdout");
  const std::optional<po::variables_map> parsed = parse_flags(args, visible, out, {"inputs", -1});
  if (!parsed) {
    return 0;
  }
  const po::variables_map& vm = *parsed;
  const std::vector<std::string> shards =
      flag<std::vector<std::string>>(vm, "inputs").value_or(std::vector<std::string>{});
  const std::optional<std::string> output = flag<std::string>(vm, "output");
  if (output) {
    files::check_outputs({{*output, "", "-o"}}, shards);
  }
  const std::string merged = report::merge_shards(shards);
  if (output) {
    files::write_file_atomically(*output, merged, "-o", shards);
  } else {
    out << merged;
  }
  return 0;
}

}  // namespace collsim::cli
