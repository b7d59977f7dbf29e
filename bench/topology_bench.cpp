// Building and routing a 16,384-GPU cluster: 2048 DGX-like nodes x 8 GPUs, 8 rails, a
// 3-tier rail-optimized network of 64-port switches (64 SUs of 32 nodes, 16 pods).
#include <cstdint>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "topology/cluster_builder.h"

namespace collsim::topology {
namespace {

constexpr int NODES = 2048;
constexpr int GPUS_PER_NODE = 8;

Fabric build() {
  ClusterParams p;
  p.nodes = NODES;
  p.gpus_per_node = GPUS_PER_NODE;
  p.nics = NicParams{};
  p.network = NetworkParams{};
  p.network->tiers = 3;
  return build_cluster(p);
}

// Ring neighbours in rank order: 14,336 pairs inside a node, 2048 from GPU 7 of a node to
// GPU 0 of the next (different rails, 128 of them across pods).
std::vector<std::pair<VertexId, VertexId>> ring_pairs(const Fabric& f) {
  const auto gpus = f.gpus();
  std::vector<std::pair<VertexId, VertexId>> pairs;
  for (std::size_t i = 0; i < gpus.size(); ++i) {
    pairs.emplace_back(gpus[i], gpus[(i + 1) % gpus.size()]);
  }
  return pairs;
}

// A tree schedule's pairs, both directions: a binary tree over the nodes (GPU 0 of node n
// under GPU 0 of node (n-1)/2) plus a chain through the GPUs of each node.
std::vector<std::pair<VertexId, VertexId>> tree_pairs(const Fabric& f) {
  const auto gpus = f.gpus();
  std::vector<std::pair<VertexId, VertexId>> pairs;
  const auto gpu = [&](int node, int local) {
    return gpus[static_cast<std::size_t>(node * GPUS_PER_NODE + local)];
  };
  for (int n = 0; n < NODES; ++n) {
    if (n > 0) {
      pairs.emplace_back(gpu(n, 0), gpu((n - 1) / 2, 0));
      pairs.emplace_back(gpu((n - 1) / 2, 0), gpu(n, 0));
    }
    for (int l = 0; l + 1 < GPUS_PER_NODE; ++l) {
      pairs.emplace_back(gpu(n, l), gpu(n, l + 1));
      pairs.emplace_back(gpu(n, l + 1), gpu(n, l));
    }
  }
  return pairs;
}

void BM_BuildCluster(benchmark::State& state) {
  for (auto _ : state) {
    Fabric f = build();
    benchmark::DoNotOptimize(f.num_links());
  }
  const Fabric f = build();
  state.counters["vertices"] = static_cast<double>(f.num_vertices());
  state.counters["links"] = static_cast<double>(f.num_links());
}

// Routes every pair once on `channels` channels (channel the inner loop) on a fresh fabric.
template <auto Pairs>
void route_all(benchmark::State& state) {
  const auto channels = static_cast<std::uint32_t>(state.range(0));
  std::size_t routes = 0;
  for (auto _ : state) {
    state.PauseTiming();
    Fabric f = build();
    const auto pairs = Pairs(f);
    state.ResumeTiming();
    for (const auto& [src, dst] : pairs) {
      for (std::uint32_t c = 0; c < channels; ++c) {
        benchmark::DoNotOptimize(f.route(src, dst, c));
      }
    }
    routes = pairs.size() * channels;
  }
  state.counters["routes"] = static_cast<double>(routes);
  state.counters["routes/s"] = benchmark::Counter(static_cast<double>(routes * state.iterations()),
                                                  benchmark::Counter::kIsRate);
}

void BM_RouteRing(benchmark::State& state) {
  route_all<ring_pairs>(state);
}

void BM_RouteTree(benchmark::State& state) {
  route_all<tree_pairs>(state);
}

// Cache hits only: what route() costs the second time a pair is asked for.
void BM_RouteRingCached(benchmark::State& state) {
  Fabric f = build();
  const auto pairs = ring_pairs(f);
  for (const auto& [src, dst] : pairs) {
    f.route(src, dst, 0);
  }
  for (auto _ : state) {
    for (const auto& [src, dst] : pairs) {
      benchmark::DoNotOptimize(f.route(src, dst, 0));
    }
  }
  state.counters["routes/s"] = benchmark::Counter(
      static_cast<double>(pairs.size() * state.iterations()), benchmark::Counter::kIsRate);
}

BENCHMARK(BM_BuildCluster)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_RouteRing)->Arg(1)->Arg(8)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_RouteTree)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(BM_RouteRingCached)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace collsim::topology
