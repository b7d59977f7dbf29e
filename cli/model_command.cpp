#include <optional>
#include <ostream>

#include <boost/program_options.hpp>

#include "cli/command_table.h"
#include "cli/flag_parser.h"
#include "report/model_report.h"

namespace collsim::cli {
namespace {

namespace po = boost::program_options;

constexpr const char* USAGE =
    "usage: collsim model --world P (--bytes SIZE | --sizes FROM:TO:xF) --alpha TIME\n"
    "                     --bw BANDWIDTH [options]\n\n"
    "Closed-form alpha-beta estimates of an AllReduce of S bytes over P ranks for ring,\n"
    "binary_tree, binomial_tree (the naive tree: 2*ceil(log2 P)*(alpha + S/B)), the pipelined\n"
    "NCCL-style double_binary_tree and, with --gpus-per-node, two_level; the fastest, its\n"
    "algbw and busbw (nccl-tests' definitions, GB = 1e9 B), and where ring crosses the\n"
    "others. Formulas and their assumptions: docs/cost-models.md.\n\n"
    "Every dimensioned value carries its unit: sizes 8B 512KiB 1GB (GB = 1e9 B,\n"
    "GiB = 2^30 B); times 500ns 5us 1.5ms; bandwidths 100GB/s 400Gb/s, per direction\n"
    "('900GB/s bidirectional' is halved).\n";

po::options_description options() {
  po::options_description desc(std::string(USAGE) + "\noptions", 100, 50);
  auto add = desc.add_options();
  add("help,h", "show this help");
  add("world", po::value<int>()->value_name("P"), "number of ranks (GPUs), 2 to 1048576");
  add("bytes", po::value<std::string>()->value_name("SIZE"), "message size S, e.g. 1KiB");
  add("sizes", po::value<std::string>()->value_name("FROM:TO:xF"),
      "sweep of sizes FROM, FROM*F, ... up to TO, e.g. 1KiB:1GiB:x2 (F a whole "
      "number >= 2)");
  add("alpha", po::value<std::string>()->value_name("TIME"), "latency of one send step, e.g. 5us");
  add("bw", po::value<std::string>()->value_name("BANDWIDTH"),
      "per-direction bandwidth B of every algorithm, e.g. 100GB/s");
  add("ring-bw", po::value<std::string>()->value_name("BANDWIDTH"),
      "overrides --bw for ring and two_level");
  add("tree-bw", po::value<std::string>()->value_name("BANDWIDTH"),
      "overrides --bw for binary_tree, binomial_tree and double_binary_tree");
  add("gpus-per-node", po::value<int>()->value_name("G"),
      "GPUs per node, dividing P into P/G nodes. Enables two_level (shown only with this "
      "flag); double_binary_tree then chains the G GPUs of each node. Without it every rank is "
      "its own node");
  add("intra-bw", po::value<std::string>()->value_name("BANDWIDTH"),
      "bandwidth of a hop inside a node (two_level's intra-node rings, double_binary_tree's "
      "chains); default the algorithm's --ring-bw/--tree-bw/--bw. Needs --gpus-per-node");
  add("inter-bw", po::value<std::string>()->value_name("BANDWIDTH"),
      "bandwidth of a hop between nodes (two_level's inter-node ring, double_binary_tree's node "
      "trees); default as for --intra-bw. Needs --gpus-per-node");
  add("inter-alpha", po::value<std::string>()->value_name("TIME"),
      "latency of a step between nodes; default --alpha. Needs --gpus-per-node");
  add("chunks", po::value<int>()->value_name("K"),
      "double_binary_tree chunks per tree (each tree carries S/2)");
  add("chunk-size", po::value<std::string>()->value_name("SIZE"),
      "double_binary_tree chunk size, K = ceil(S/2 / SIZE); default 512KiB (NCCL's "
      "Simple slot)");
  add("protocol", po::value<std::string>()->value_name("MODE"),
      "none, ll, ll128, simple or auto: NCCL protocol costs (payload share of B, per-step and "
      "launch "
      "latency, NCCL 2.20.3's tuning tables); auto = the fastest per algorithm and size. "
      "Default none, the plain alpha-beta model");
  add("csv", po::bool_switch(), "print CSV (times in seconds) instead of the table");
  add("json", po::bool_switch(), "print JSON instead of the table");
  return desc;
}

}  // namespace

int model_command(const std::vector<std::string>& args, std::ostream& out) {
  const po::options_description desc = options();
  const std::optional<po::variables_map> parsed = parse_flags(args, desc, out);
  if (!parsed) {
    return 0;
  }
  const po::variables_map& vm = *parsed;
  report::ModelFlags f;
  f.world = flag<int>(vm, "world");
  f.bytes = flag<std::string>(vm, "bytes");
  f.sizes = flag<std::string>(vm, "sizes");
  f.alpha = flag<std::string>(vm, "alpha");
  f.bw = flag<std::string>(vm, "bw");
  f.ring_bw = flag<std::string>(vm, "ring-bw");
  f.tree_bw = flag<std::string>(vm, "tree-bw");
  f.gpus_per_node = flag<int>(vm, "gpus-per-node");
  f.intra_bw = flag<std::string>(vm, "intra-bw");
  f.inter_bw = flag<std::string>(vm, "inter-bw");
  f.inter_alpha = flag<std::string>(vm, "inter-alpha");
  f.chunks = flag<int>(vm, "chunks");
  f.chunk_size = flag<std::string>(vm, "chunk-size");
  f.protocol = flag<std::string>(vm, "protocol");
  f.csv = vm["csv"].as<bool>();
  f.json = vm["json"].as<bool>();
  out << report::model_report(f);
  return 0;
}

}  // namespace collsim::cli
