#include "report/topology_summary.h"

#include <algorithm>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report/topology_dot.h"
#include "topology/cluster_builder.h"
#include "topology/pcie_builder.h"

namespace collsim::report {
namespace {

topology::Fabric four_nodes() {
  topology::ClusterParams p;
  p.nodes = 4;
  p.nics = topology::NicParams{};
  p.network = topology::NetworkParams{};
  return topology::build_cluster(p);
}

std::size_t count(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) {
    ++n;
  }
  return n;
}

TEST(TopologySummary, TextReport) {
  // 4 DGX-like nodes on 8 rail leaves and 4 spines (ClusterBuilder.RailOptimizedTwoTierCounts):
  // 80 vertices, 128 physical links; NVLink 450 GB/s, PCIe 64 GB/s, NIC 400 Gb/s = 50 GB/s
  // per GPU; bisection 16 GPUs x 50 GB/s = 800 GB/s; diameter 6 (GPU, NIC, leaf, spine,
  // leaf, NIC, GPU); leaves 32 NICs x 50 GB/s = 1600 GB/s down, 8 x 4 x 50 GB/s up.
  const std::string text =
      render_topology_text(summarize_topology(four_nodes(), "four", "cluster"));
  EXPECT_EQ(text,
            "topology              four\n"
            "builder               cluster: 4 nodes, 32 GPUs\n"
            "\n"
            "vertices                   count\n"
            "  gpu                         32\n"
            "  nvswitch                     4\n"
            "  nic                         32\n"
            "  switch (leaf)                8\n"
            "  switch (spine)               4\n"
            "  total                       80\n"
            "\n"
            "links                   physical  directed\n"
            "  nvlink                      32        64\n"
            "  pcie                        32        64\n"
            "  network                     64       128\n"
            "  total                      128       256\n"
            "\n"
            "injection per GPU     per direction: all of one GPU's links of a class at once\n"
            "  nvlink                 450GB/s\n"
            "  pcie                    64GB/s\n"
            "  network                 50GB/s   (its share of its NICs' ports, or its own "
            "network links)\n"
            "\n"
            "bisection             800GB/s per direction\n"
            "                      max-flow between GPUs 0-15 and 16-31 in (node, local) order,\n"
            "                      the smaller direction (800GB/s forward, 800GB/s back)\n"
            "diameter              6 hops between GPUs (the most links on a shortest path)\n"
            "\n"
            "oversubscription        switches          down            up   down:up\n"
            "  leaf                         8      1600GB/s      1600GB/s   1:1\n"
            "  spine                        4      1600GB/s             -   top tier\n");
}

TEST(TopologySummary, Json) {
  const nlohmann::json j = nlohmann::json::parse(
      render_topology_json(summarize_topology(four_nodes(), "four", "cluster")));
  EXPECT_EQ(j["name"], "four");
  EXPECT_EQ(j["nodes"], 4);
  EXPECT_EQ(j["gpus"], 32);
  EXPECT_EQ(j["vertices"][3]["kind"], "switch");
  EXPECT_EQ(j["vertices"][3]["tier"], "leaf");
  EXPECT_EQ(j["vertices"][3]["count"], 8);
  EXPECT_EQ(j["links"][2]["class"], "network");
  EXPECT_EQ(j["links"][2]["physical"], 64);
  EXPECT_EQ(j["injection_per_gpu"][0]["min_bytes_per_second"], 450'000'000'000);
  EXPECT_EQ(j["bisection"]["bytes_per_second"], 800'000'000'000);
  EXPECT_EQ(j["bisection"]["first_half_gpus"], 16);
  EXPECT_EQ(j["diameter"]["hops"], 6);
  EXPECT_EQ(j["oversubscription"][0]["ratio"], 1.0);
  EXPECT_TRUE(j["oversubscription"][1]["ratio"].is_null());
}

TEST(TopologySummary, UnevenInjectionAndUnreachablePairs) {
  topology::IslandParams ring;
  ring.gpus = 4;
  ring.nvlink.fabric = topology::IslandFabric::PAIRS;
  ring.nvlink.pairs = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 1}};  // GPUs 0 and 1: 3 links
  const std::string text =
      render_topology_text(summarize_topology(topology::build_island(ring), "ring", "island"));
  // 450 GB/s per link: GPUs 2, 3 have 2 links (900 GB/s), GPUs 0, 1 have 3 (1350 GB/s).
  EXPECT_NE(text.find("  nvlink              900GB/s .. 1350GB/s\n"), std::string::npos);
  // Opposite GPUs (0-2, 1-3, both ways) have no route.
  EXPECT_NE(text.find("diameter              1 hop between GPUs"), std::string::npos);
  EXPECT_NE(text.find("4 ordered GPU pairs have no route"), std::string::npos);
}

TEST(TopologyDot, OneEdgePerPhysicalLinkAndBothHalvesOfASplitSwitch) {
  const std::string dot = render_topology_dot(four_nodes(), "four");
  EXPECT_EQ(dot.rfind("graph \"four\" {\n", 0), 0U);
  EXPECT_EQ(dot.back(), '\n');
  EXPECT_EQ(count(dot, " -- "), 128U);
  EXPECT_EQ(count(dot, "subgraph \"cluster_node"), 4U);
  EXPECT_EQ(count(dot, "label=\"450GB/s\", color=\"#76b900\""), 32U);
  EXPECT_NE(dot.find("\"su0.rail3\" [shape=ellipse, label=\"su0.rail3\\nleaf\"];"),
            std::string::npos);
  topology::PcieParams no_p2p;
  no_p2p.peer_to_peer = false;
  const std::string split = render_topology_dot(topology::build_pcie_host(no_p2p), "box");
  // 12 physical links, each drawn as its two directions.
  EXPECT_EQ(count(split, " -- "), 24U);
  EXPECT_EQ(count(split, "dir=forward"), 24U);
  EXPECT_NE(split.find("\"gpu0\" -- \"pcie0.up\""), std::string::npos);
  EXPECT_NE(split.find("\"pcie0.down\" -- \"gpu0\""), std::string::npos);
}

TEST(TopoReport, RendersEachFormatFromAFile) {
  const std::string file = std::string(COLLSIM_SOURCE_DIR) + "/scenarios/topologies/pcie-8gpu.yaml";
  EXPECT_EQ(topo_report({file, TopoFormat::TEXT}).rfind("topology              pcie-8gpu\n", 0),
            0U);
  EXPECT_EQ(nlohmann::json::parse(topo_report({file, TopoFormat::JSON}))["gpus"], 8);
  EXPECT_EQ(topo_report({file, TopoFormat::DOT}).rfind("graph \"pcie-8gpu\"", 0), 0U);
}

}  // namespace
}  // namespace collsim::report
