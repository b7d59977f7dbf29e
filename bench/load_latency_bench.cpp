// What one dependent load from memory costs at each working-set size: builds a single random
// cycle over N 8-byte slots (Sattolo's shuffle) and follows it, so that every load waits for
// the one before and no prefetcher can guess the next address. The engine's large runs are
// chains of such loads (a flow's links, a link's flows, an op's successors), so the figure
// at their working set (tens of MiB at 16k GPUs) says how fast this machine can run them;
// it is how benchmark figures from two machines, or two days on a shared VM, are compared.
//
//   load_latency_bench                 # 256 KiB ... 1 GiB
//   load_latency_bench --max-mib 64 --loads 2000000
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <random>
#include <utility>
#include <vector>

#include <boost/program_options.hpp>

namespace {

volatile std::uint64_t sink;  // where the chase ends, so that it cannot be optimised away

// Nanoseconds per load over a random cycle through `slots` slots.
double chase(std::size_t slots, std::size_t loads) {
  std::vector<std::uint64_t> next(slots);
  for (std::size_t i = 0; i < slots; ++i) {
    next[i] = i;
  }
  std::mt19937_64 rng(42);
  for (std::size_t i = slots - 1; i > 0; --i) {  // Sattolo: one cycle through every slot
    std::uniform_int_distribution<std::size_t> pick(0, i - 1);
    std::swap(next[i], next[pick(rng)]);
  }
  std::uint64_t at = 0;
  for (std::size_t i = 0; i < slots; ++i) {  // warm the caches and the page tables once
    at = next[at];
  }
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < loads; ++i) {
    at = next[at];
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  sink = at;
  return s * 1e9 / static_cast<double>(loads);
}

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::size_t max_mib = 1024;
  std::size_t loads = 10'000'000;
  po::options_description options("load_latency_bench options");
  options.add_options()("help", "this text")(
      "max-mib", po::value(&max_mib), "largest working set in MiB (sizes double from 256 KiB)")(
      "loads", po::value(&loads), "timed loads per size");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::fprintf(stderr, "load_latency_bench: %s\n", e.what());
    return 2;
  }
  if (vm.count("help") > 0 || max_mib == 0 || loads == 0) {
    std::printf("load_latency_bench [--max-mib N] [--loads N]\n");
    return vm.count("help") > 0 ? 0 : 2;
  }
  std::printf("%10s %12s\n", "KiB", "ns_per_load");
  for (std::size_t kib = 256; kib <= max_mib * 1024; kib *= 2) {
    std::printf("%10zu %12.1f\n", kib, chase(kib * 1024 / sizeof(std::uint64_t), loads));
  }
  return 0;
}
