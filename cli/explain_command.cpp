#include <optional>
#include <ostream>

#include <boost/program_options.hpp>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "report/explain_report.h"

namespace collsim::cli {
namespace {

namespace po = boost::program_options;

constexpr const char* USAGE =
    "usage: collsim explain --algo ALGO --ranks P [--gpus-per-node G] --bytes SIZE [options]\n\n"
    "Builds the schedule an algorithm runs for one collective and prints it op by op (by\n"
    "step or by rank), then its counts: ops, bytes sent and received per rank, bytes each\n"
    "node sends across the network, the critical path in steps. Algorithms: ring,\n"
    "binary_tree, binomial_tree, double_binary_tree, two_level, nccl_ring and nccl_tree\n"
    "(NCCL's channel layouts). The IR and every schedule's structure: docs/algorithms.md.\n\n"
    "Sizes carry their unit: 8B 512KiB 1MB (MB = 1e6 B, MiB = 2^20 B).\n";

po::options_description options() {
  po::options_description desc(std::string(USAGE) + "\noptions", 100, 50);
  auto add = desc.add_options();
  add("help,h", "show this help");
  add("algo", po::value<std::string>()->value_name("ALGO"),
      "ring, binary_tree, binomial_tree, double_binary_tree, two_level, nccl_ring or nccl_tree");
  add("collective", po::value<std::string>()->value_name("NAME"),
      "allreduce (default), reducescatter, allgather (ring, nccl_ring), broadcast, reduce "
      "(ring, nccl_ring, binary_tree, binomial_tree)");
  add("ranks", po::value<int>()->value_name("P"), "number of ranks (GPUs)");
  add("gpus-per-node", po::value<int>()->value_name("G"),
      "GPUs per node, dividing P into P/G nodes (default 1)");
  add("node-sizes", po::value<std::string>()->value_name("G1,G2,..."),
      "the GPUs of each node, for nodes of different sizes (instead of --gpus-per-node)");
  add("nics-per-node", po::value<int>()->value_name("N"),
      "NICs per node, GPUs spread over them in blocks (default one per GPU)");
  add("bytes", po::value<std::string>()->value_name("SIZE"), "message size S, e.g. 1MiB");
  add("chunks", po::value<int>()->value_name("K"),
      "cut each piece an algorithm moves into K chunks");
  add("chunk-size", po::value<std::string>()->value_name("SIZE"),
      "cut each piece into chunks of at most SIZE (instead of --chunks)");
  add("channels", po::value<int>()->value_name("C"),
      "independent parallel instances, each on 1/C of the data (default 1)");
  add("no-pipeline", "a chunk moves on only once its whole step arrived");
  add("reduce-ops", "follow every reducing receive with a REDUCE op");
  add("inter", po::value<std::string>()->value_name("ALGO"),
      "two_level's inter-node AllReduce: ring (default) or double_binary_tree");
  add("root", po::value<int>()->value_name("R"), "root rank of broadcast and reduce (default 0)");
  add("by", po::value<std::string>()->value_name("step|rank"),
      "group the listing by step (default) or by the rank that issues each op");
  add("limit", po::value<int>()->value_name("N"),
      "list at most N ops (default 200; 0 = counts only); the counts cover every op");
  add("json", "print one JSON object instead of text");
  return desc;
}

}  // namespace

int explain_command(const std::vector<std::string>& args, std::ostream& out) {
  const po::options_description desc = options();
  const std::optional<po::variables_map> parsed = parse_flags(args, desc, out);
  if (!parsed) {
    return 0;
  }
  const po::variables_map& vm = *parsed;
  report::ExplainFlags f;
  f.algorithm = flag<std::string>(vm, "algo");
  f.collective = flag<std::string>(vm, "collective");
  f.ranks = flag<int>(vm, "ranks");
  f.gpus_per_node = flag<int>(vm, "gpus-per-node");
  f.node_sizes = flag<std::string>(vm, "node-sizes");
  f.nics_per_node = flag<int>(vm, "nics-per-node");
  f.bytes = flag<std::string>(vm, "bytes");
  f.chunks = flag<int>(vm, "chunks");
  f.chunk_size = flag<std::string>(vm, "chunk-size");
  f.channels = flag<int>(vm, "channels");
  f.no_pipeline = vm.count("no-pipeline") > 0;
  f.reduce_ops = vm.count("reduce-ops") > 0;
  f.inter = flag<std::string>(vm, "inter");
  f.root = flag<int>(vm, "root");
  f.by = flag<std::string>(vm, "by");
  f.limit = flag<int>(vm, "limit");
  f.json = vm.count("json") > 0;
  out << report::explain_report(f);
  return 0;
}

}  // namespace collsim::cli
