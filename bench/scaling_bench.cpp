// The engine's scaling benchmark: AllReduce schedules from 64 to 16,384 GPUs
// on H100-like nodes (8 GPUs on NVSwitch at 450 GB/s, 8 x 400 Gb/s NICs) joined by a
// rail-optimized fat-tree, replayed by the flow (or ideal) model. For each point it prints
// sends, events, the wall time of each stage, sends and events per second, and the peak
// resident memory of the process that ran it (each point of a series runs in its own
// child process, so peaks do not carry over); then the flow model's solves, the flows each
// solve re-filled ("refill", summed over its filling rounds) and the rates it moved
// ("moved", each rescheduling a completion); sim_s split into the executor's set-up
// ("setup_s": routes and per-op state) and the replay ("run_s"); and the run's event
// fingerprint, so that a benchmark run is also a same-output check.
//
//   scaling_bench --algorithm ring --gpus 1024 --bytes 1GiB        one point
//   scaling_bench --series --algorithm double_binary_tree          64 .. 16384 GPUs
//   scaling_bench --algorithm two_level --gpus 8192 --op-times critical_path
//                                    with the op times a scenario run keeps
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>
#include <fmt/format.h>

#include "algorithms/generate.h"
#include "algorithms/rank_layout.h"
#include "core/units.h"
#include "sim/executor.h"
#include "topology/cluster_builder.h"

namespace {

namespace po = boost::program_options;
using namespace collsim;
using Clock = std::chrono::steady_clock;

struct Point {
  algorithms::Algorithm algorithm = algorithms::Algorithm::RING;
  int gpus = 1024;
  core::Bytes bytes = core::Bytes{1} << 30;
  sim::NetworkKind network = sim::NetworkKind::FLOW;
  sim::OpTimes op_times = sim::OpTimes::NONE;
  int tiers = 0;  // 0: 2 tiers while 64-port spines can join the leaves, else 3
  algorithms::GenerateOptions options;
};

constexpr std::pair<std::string_view, sim::OpTimes> OP_TIMES[] = {
    {"none", sim::OpTimes::NONE},
    {"critical_path", sim::OpTimes::CRITICAL_PATH},
    {"all", sim::OpTimes::ALL},
};

// A count per solve of the flow model's solver (0 where nothing was ever solved).
double per_solve(std::uint64_t count, const sim::RateWork& w) {
  return w.solves == 0 ? 0.0 : static_cast<double>(count) / static_cast<double>(w.solves);
}

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

topology::Fabric build(const Point& p) {
  topology::ClusterParams c;
  c.gpus_per_node = 8;
  c.nodes = p.gpus / 8;
  c.nics = topology::NicParams{};
  topology::NetworkParams net;
  // A rail has one 64-port leaf (32 down, 32 up) per 32 nodes; 2 tiers join at most 64
  // leaves (the ports of a spine), i.e. 256 nodes of 8 rails.
  net.tiers = p.tiers != 0 ? p.tiers : (c.nodes <= 256 ? 2 : 3);
  c.network = net;
  return topology::build_cluster(c);
}

// Runs one point in this process and prints its row.
void run_point(const Point& p) {
  const auto t0 = Clock::now();
  topology::Fabric fabric = build(p);
  const double build_s = seconds_since(t0);

  const auto t1 = Clock::now();
  const auto layout =
      algorithms::RankLayout::uniform(static_cast<algorithms::Rank>(p.gpus / 8), 8, 8);
  const algorithms::Schedule schedule = algorithms::generate(
      p.algorithm, algorithms::Collective::ALL_REDUCE, p.bytes, layout, p.options);
  const double gen_s = seconds_since(t1);

  const auto t2 = Clock::now();
  sim::ExecutorOptions o;
  o.network = p.network;
  o.step_latency = core::Time::from_ps(5'000'000);
  o.op_times = p.op_times;
  sim::Execution execution(schedule, fabric, o);
  const double setup_s = seconds_since(t2);
  const auto t3 = Clock::now();
  const sim::RunResult r = execution.run();
  const double run_s = seconds_since(t3);
  const double sim_s = seconds_since(t2);
  const double total_s = seconds_since(t0);

  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::cout << fmt::format(
                   "{:<19} {:>6} {:>10} {:>11} {:>7.3f} {:>7.3f} {:>8.3f} {:>8.3f} {:>9.2f}M "
                   "{:>9.2f}M {:>8.0f} {:>13} {:>10} {:>7.1f} {:>7.1f} {:>7.3f} {:>7.3f} {:016x}",
                   algorithms::algorithm_name(p.algorithm), p.gpus, r.sends, r.events, build_s,
                   gen_s, sim_s, total_s, static_cast<double>(r.sends) / sim_s / 1e6,
                   static_cast<double>(r.events) / sim_s / 1e6,
                   static_cast<double>(usage.ru_maxrss) / 1024.0, core::format_duration(r.makespan),
                   r.rate_work.solves, per_solve(r.rate_work.flows_recomputed, r.rate_work),
                   per_solve(r.rate_work.rate_changes, r.rate_work), setup_s, run_s, r.fingerprint)
            << std::endl;
}

void print_header() {
  std::cout << fmt::format(
                   "{:<19} {:>6} {:>10} {:>11} {:>7} {:>7} {:>8} {:>8} {:>10} {:>10} "
                   "{:>8} {:>13} {:>10} {:>7} {:>7} {:>7} {:>7} {:>16}",
                   "algorithm", "gpus", "sends", "events", "build_s", "gen_s", "sim_s", "total_s",
                   "sends/s", "events/s", "peak_MiB", "simulated", "solves", "refill", "moved",
                   "setup_s", "run_s", "fingerprint")
            << std::endl;
}

// Each point in a child process, so that its peak memory is its own.
int run_in_child(const Point& p) {
  std::cout.flush();
  const pid_t pid = fork();
  if (pid == 0) {
    try {
      run_point(p);
    } catch (const std::exception& e) {
      std::cerr << "scaling_bench: " << e.what() << '\n';
      _exit(1);
    }
    _exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

}  // namespace

int main(int argc, char** argv) {
  std::string algorithm = "ring";
  std::string network = "flow";
  std::string bytes = "1GiB";
  std::string chunk_size;
  std::string inter = "ring";
  std::string op_times = "none";
  Point p;
  unsigned channels = 1;
  bool series = false;
  int max_gpus = 16384;
  po::options_description desc("scaling_bench options");
  desc.add_options()("help", "this text")("algorithm", po::value(&algorithm),
                                          "ring | double_binary_tree | two_level | ...")(
      "gpus", po::value(&p.gpus), "GPUs (a multiple of 8), one point")(
      "series", po::bool_switch(&series), "64, 128, ... up to --max-gpus, each in a child")(
      "max-gpus", po::value(&max_gpus), "largest point of --series (default 16384)")(
      "bytes", po::value(&bytes), "message size S (default 1GiB)")("network", po::value(&network),
                                                                   "flow | ideal (default flow)")(
      "tiers", po::value(&p.tiers), "network tiers, 2 or 3 (default: 2 up to 2048 GPUs, then 3)")(
      "chunk-size", po::value(&chunk_size), "pipelined chunk size (default: generator's)")(
      "channels", po::value(&channels), "channels (default 1)")(
      "inter", po::value(&inter), "two_level's inter-node algorithm (default ring)")(
      "op-times", po::value(&op_times),
      "none | critical_path (what collsim run keeps) | all (default none)");
  try {
    po::variables_map vm;
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
    if (vm.count("help") != 0) {
      std::cout << desc;
      return 0;
    }
    const auto a = algorithms::parse_algorithm(algorithm);
    const auto i = algorithms::parse_algorithm(inter);
    const auto times = std::find_if(std::begin(OP_TIMES), std::end(OP_TIMES),
                                    [&](const auto& t) { return t.first == op_times; });
    if (!a || !i || (network != "flow" && network != "ideal") || p.gpus % 8 != 0 ||
        times == std::end(OP_TIMES)) {
      std::cerr << "scaling_bench: bad --algorithm, --inter, --network, --gpus or --op-times\n";
      return 2;
    }
    p.op_times = times->second;
    p.algorithm = *a;
    p.options.inter = *i;
    p.options.channels = channels;
    p.network = network == "flow" ? sim::NetworkKind::FLOW : sim::NetworkKind::IDEAL;
    p.bytes = core::parse_size(bytes);
    if (!chunk_size.empty()) {
      p.options.chunk_size = core::parse_size(chunk_size, core::Zero::REJECTED);
    }
    print_header();
    if (!series) {
      run_point(p);
      return 0;
    }
    int failures = 0;
    for (int g = 64; g <= max_gpus; g *= 2) {
      p.gpus = g;
      failures += run_in_child(p) != 0 ? 1 : 0;
    }
    return failures == 0 ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "scaling_bench: " << e.what() << '\n';
    return 2;
  }
}
