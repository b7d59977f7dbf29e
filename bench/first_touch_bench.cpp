// What the machine charges for memory a process touches for the first time: maps a fresh
// anonymous region of --mib MiB, writes one byte per 4 KiB page, then writes the same
// pages again. The first pass pays the page faults (on a VM, the host backing the pages
// too); the second is the cost of the writes alone. The engine's large runs touch their
// whole footprint about once, so the first figure, per GiB, is a floor under their time.
//
//   first_touch_bench --mib 2300
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <sys/mman.h>

#include <boost/program_options.hpp>

namespace {

constexpr std::size_t PAGE = 4096;

double write_pages(volatile std::uint8_t* p, std::size_t bytes, std::uint8_t value) {
  const auto t0 = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < bytes; i += PAGE) {
    p[i] = value;
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  namespace po = boost::program_options;
  std::size_t mib = 1024;
  po::options_description options("first_touch_bench options");
  options.add_options()("help", "this text")("mib", po::value(&mib), "region size in MiB");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    std::fprintf(stderr, "first_touch_bench: %s\n", e.what());
    return 2;
  }
  if (vm.count("help") > 0 || mib == 0) {
    std::printf("first_touch_bench --mib N\n");
    return vm.count("help") > 0 ? 0 : 2;
  }
  const std::size_t bytes = mib << 20;
  void* region = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) {
    std::perror("first_touch_bench: mmap");
    return 1;
  }
  auto* p = static_cast<volatile std::uint8_t*>(region);
  const double first = write_pages(p, bytes, 1);
  const double again = write_pages(p, bytes, 2);
  const double gib = static_cast<double>(bytes) / (1 << 30);
  std::printf("MiB %zu first_touch_s %.3f (%.2f s/GiB) rewrite_s %.3f\n", mib, first, first / gib,
              again);
  munmap(region, bytes);
  return 0;
}
