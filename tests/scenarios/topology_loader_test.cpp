#include "scenarios/topology_loader.h"

#include <gtest/gtest.h>

#include "tests/error_text.h"

namespace collsim::scenarios {
namespace {

using topology::VertexKind;

// A kind: Topology file; the topology section's lines start at line 6.
std::string topology_file(std::string_view body) {
  return "apiVersion: collsim/v1\nkind: Topology\nmetadata:\n  name: t\nspec:\n" +
         std::string(body);
}

// The what() of the InputError loading `text` throws, or tests::NOTHING_THROWN ("no error").
std::string load_error(const std::string& text) {
  return tests::error_text<core::InputError>([&] { load_topology_text(text, "t.yaml"); });
}

core::Bandwidth gbps(std::int64_t n) {
  return core::Bandwidth::from_bytes_per_second(n * 1'000'000'000);
}

std::string example(std::string_view name) {
  return std::string(COLLSIM_SOURCE_DIR) + "/scenarios/topologies/" + std::string(name);
}

TEST(TopologyLoader, LoadsEveryExample) {
  // Vertex counts by hand (see the files' comments and the builder tests):
  // dgx-h100: 8 GPUs + NVSwitch + 8 NICs + 8 rail leaves + 1 spine = 26.
  // h100-4node-rail: 4 x 17 + 8 leaves + 4 spines = 80.
  // h100-32node-rail: 32 x 17 + 8 leaves + 32 spines = 584.
  // fat-tree-k16-2to1: 1024 hosts + 128 leaves + 64 aggregation + 32 cores = 1248.
  // pcie-8gpu: 8 GPUs + 4 switches + 1 host bridge = 13.
  // dgx1-v100: 8 GPUs, 24 NVLinks.
  const std::tuple<const char*, const char*, std::size_t, std::size_t> cases[] = {
      {"dgx-h100.yaml", "dgx-h100", 26, 8},
      {"h100-4node-rail.yaml", "h100-4node-rail", 80, 32},
      {"h100-32node-rail.yaml", "h100-32node-rail", 584, 256},
      {"fat-tree-k16-2to1.yaml", "fat-tree-k16-2to1", 1248, 1024},
      {"pcie-8gpu.yaml", "pcie-8gpu", 13, 8},
      {"dgx1-v100.yaml", "dgx1-v100", 8, 8},
  };
  for (const auto& [file, name, vertices, gpus] : cases) {
    const TopologyFile t = load_topology_file(example(file));
    EXPECT_EQ(t.name, name);
    EXPECT_EQ(t.fabric.num_vertices(), vertices) << file;
    EXPECT_EQ(t.fabric.gpus().size(), gpus) << file;
  }
  const TopologyFile cube = load_topology_file(example("dgx1-v100.yaml"));
  EXPECT_EQ(cube.fabric.num_links(), 48U);
}

TEST(TopologyLoader, ReadsEveryClusterKey) {
  const TopologyFile t = load_topology_text(topology_file(R"(  builder: cluster
  nodes: 64
  gpusPerNode: 4
  island: {fabric: mesh, bandwidth: 900GB/s bidirectional, latency: 250ns}
  nics:
    perNode: 2
    bandwidth: 200Gb/s
    latency: 2us
    pcie: {bandwidth: 32GB/s, latency: 50ns}
  network:
    fabric: fat_tree
    tiers: 3
    oversubscription: 1.5
    radix: 32
    bandwidth: 100GB/s
    latency: 300ns
)"),
                                            "c.yaml");
  const auto& p = std::get<topology::ClusterParams>(t.spec);
  EXPECT_EQ(p.nodes, 64);
  EXPECT_EQ(p.gpus_per_node, 4);
  EXPECT_EQ(p.island.fabric, topology::IslandFabric::MESH);
  EXPECT_EQ(p.island.bandwidth, gbps(450));  // the bidirectional figure halved
  EXPECT_EQ(p.island.latency, core::Time::from_ps(250'000));
  ASSERT_TRUE(p.nics && p.network);
  EXPECT_EQ(p.nics->per_node, 2);
  EXPECT_EQ(p.nics->bandwidth, gbps(25));
  EXPECT_EQ(p.nics->latency, core::Time::from_ps(2'000'000));
  EXPECT_EQ(p.nics->pcie_bandwidth, gbps(32));
  EXPECT_EQ(p.nics->pcie_latency, core::Time::from_ps(50'000));
  EXPECT_EQ(p.network->fabric, topology::NetworkFabric::FAT_TREE);
  EXPECT_EQ(p.network->tiers, 3);
  EXPECT_DOUBLE_EQ(p.network->oversubscription, 1.5);
  EXPECT_EQ(p.network->radix, 32);
  EXPECT_EQ(p.network->bandwidth, gbps(100));
  EXPECT_EQ(p.network->latency, core::Time::from_ps(300'000));
  // 128 NICs, 16 per leaf: 8 leaves (one pod), ceil(16 / 1.5) = 11 uplinks each.
  std::size_t spines = 0;
  for (topology::VertexId v = 0; v < t.fabric.num_vertices(); ++v) {
    spines += t.fabric.vertex(v).tier == topology::SwitchTier::SPINE ? 1 : 0;
  }
  EXPECT_EQ(spines, 11U);
}

TEST(TopologyLoader, ReadsTheOtherBuilders) {
  const TopologyFile fat = load_topology_text(
      topology_file("  builder: fat_tree\n  hosts: 20\n  radix: 8\n  tiers: 3\n"), "f.yaml");
  // k=8 pods hold 16 hosts: 20 hosts are 5 leaves of 4, pod 1 with one leaf; 2 x 4
  // aggregation switches and 16 cores: 20 + 5 + 8 + 16 = 49 vertices.
  EXPECT_EQ(fat.fabric.gpus().size(), 20U);
  EXPECT_EQ(fat.fabric.num_vertices(), 49U);
  const TopologyFile pcie = load_topology_text(
      topology_file("  builder: pcie\n  gpus: 4\n  gpusPerSwitch: 4\n  peerToPeer: false\n"
                    "  bandwidth: 16GB/s\n  uplinkBandwidth: 8GB/s\n  latency: 1us\n"),
      "p.yaml");
  const auto& pp = std::get<topology::PcieParams>(pcie.spec);
  EXPECT_FALSE(pp.peer_to_peer);
  EXPECT_EQ(pp.uplink_bandwidth, gbps(8));
  EXPECT_EQ(pcie.fabric.num_vertices(), 4U + 2U + 1U);  // one switch, split in two halves
  const TopologyFile island = load_topology_text(
      topology_file("  builder: island\n  gpus: 4\n  fabric: pairs\n  pairs: [[0, 1], [1, 2], "
                    "[2, 3], [3, 0], [3, 0]]\n"),
      "i.yaml");
  EXPECT_EQ(island.fabric.num_links(), 10U);
  const TopologyFile ex = load_topology_text(topology_file(R"(  builder: explicit
  nodes:
    - {name: g0, kind: gpu}
    - {name: g1, kind: gpu, node: 1}
    - {name: nic0, kind: nic, node: 0, rail: 0}
    - {name: nic1, kind: nic, node: 1, rail: 0}
    - {name: sw, kind: switch, tier: leaf}
  links:
    - {from: g0, to: nic0, bandwidth: 64GB/s, latency: 100ns}
    - {from: g1, to: nic1, bandwidth: 64GB/s, latency: 100ns}
    - {from: nic0, to: sw, bandwidth: 400Gb/s, latency: 1us, class: network, count: 2}
    - {from: nic1, to: sw, bandwidth: 400Gb/s, latency: 1us}
)"),
                                             "e.yaml");
  EXPECT_EQ(ex.fabric.num_vertices(), 5U);
  EXPECT_EQ(ex.fabric.num_links(), 10U);
  EXPECT_EQ(ex.fabric.num_nodes(), 2);
  EXPECT_EQ(ex.fabric.vertex(*ex.fabric.find_vertex("sw")).kind, VertexKind::SWITCH);
}

TEST(TopologyLoader, ScenarioFilesGiveTheirTopologySection) {
  const TopologyFile t = load_topology_text(R"(apiVersion: collsim/v1
kind: Scenario
metadata:
  name: s
spec:
  topology:
    builder: island
    gpus: 4
  collective: {op: allreduce, anything: [goes, here]}
  model: {network: flow}
)",
                                            "s.yaml");
  EXPECT_EQ(t.fabric.gpus().size(), 4U);
}

struct Bad {
  const char* what;
  std::string text;
  const char* error;
};

TEST(TopologyLoader, MalformedFilesSayWhereAndWhy) {
  // Positions are 1-based line:col counted by hand in each text.
  const std::string cluster_head = "  builder: cluster\n  nodes: 2\n";  // lines 6-7
  const std::string explicit_head = "  builder: explicit\n  nodes:\n    - {name: a, kind: gpu}\n";
  const Bad cases[] = {
      {"syntax", "apiVersion: collsim/v1\nkind: [Topology\n",
       "t.yaml:3:1: YAML syntax error: end of sequence flow not found"},
      {"empty file", "", "t.yaml: the file is empty"},
      {"no apiVersion", "kind: Topology\nmetadata:\n  name: t\nspec:\n  builder: island\n",
       "t.yaml:1:1: apiVersion: required key is missing"},
      {"apiVersion", "apiVersion: collsim/v2\nkind: Topology\nmetadata:\n  name: t\nspec: {}\n",
       "t.yaml:1:13: apiVersion: unsupported apiVersion 'collsim/v2'; expected collsim/v1"},
      {"kind", "apiVersion: collsim/v1\nkind: Topo\nmetadata:\n  name: t\nspec: {}\n",
       "t.yaml:2:7: kind: unknown value 'Topo'; expected one of: Topology, Scenario"},
      {"no name", "apiVersion: collsim/v1\nkind: Topology\nmetadata: {description: x}\nspec: {}\n",
       "t.yaml:3:11: metadata.name: required key is missing"},
      {"bad name", "apiVersion: collsim/v1\nkind: Topology\nmetadata:\n  name: my topo\nspec: {}\n",
       "t.yaml:4:9: metadata.name: a name is letters, digits, '.', '_' and '-'"},
      {"top-level key", topology_file("  builder: island\nextra: 1\n"),
       "t.yaml:7:1: extra: unknown key; expected one of: apiVersion, kind, metadata, spec"},
      {"spec not a map", "apiVersion: collsim/v1\nkind: Topology\nmetadata:\n  name: t\nspec: 5\n",
       "t.yaml:5:7: spec: expected a map of keys, got '5'"},
      {"scenario without topology",
       "apiVersion: collsim/v1\nkind: Scenario\nmetadata:\n  name: t\nspec:\n  model: {}\n",
       "t.yaml:6:3: spec.topology: required key is missing"},
      {"scenario topology path",
       "apiVersion: collsim/v1\nkind: Scenario\nmetadata:\n  name: t\nspec:\n  topology:\n"
       "    builder: cluster\n    nodes: x\n",
       "t.yaml:8:12: spec.topology.nodes: expected an integer, got 'x'"},
      {"builder", topology_file("  builder: torus\n"),
       "t.yaml:6:12: spec.builder: unknown value 'torus'; expected one of: island, cluster, "
       "fat_tree, pcie, explicit"},
      {"unknown key", topology_file("  builder: cluster\n  nodez: 4\n"),
       "t.yaml:7:3: spec.nodez: unknown key; expected one of: builder, nodes, gpusPerNode, "
       "island, nics, network"},
      {"duplicate key", topology_file("  builder: cluster\n  nodes: 2\n  nodes: 3\n"),
       "t.yaml:8:3: spec.nodes: duplicate key (first at line 7)"},
      {"word for a count", topology_file("  builder: cluster\n  nodes: eight\n"),
       "t.yaml:7:10: spec.nodes: expected an integer, got 'eight'"},
      {"fraction for a count", topology_file("  builder: cluster\n  nodes: 8.5\n"),
       "t.yaml:7:10: spec.nodes: expected an integer, got '8.5'"},
      {"bandwidth without unit",
       topology_file(cluster_head + "  nics: {perNode: 8, bandwidth: 400}\n  network: {}\n"),
       "t.yaml:8:33: spec.nics.bandwidth: '400' has no unit; write the unit with the number, "
       "e.g. '400Gb/s'"},
      {"size for a bandwidth",
       topology_file(cluster_head + "  nics: {perNode: 8, bandwidth: 400Gb}\n  network: {}\n"),
       "t.yaml:8:33: spec.nics.bandwidth: '400Gb' is a data size in bits, not a bandwidth; did "
       "you mean '400Gb/s'?"},
      {"list for a map", topology_file("  builder: cluster\n  island: [nvswitch]\n"),
       "t.yaml:7:11: spec.island: expected a map of keys, got a list"},
      {"island fabric", topology_file("  builder: cluster\n  island: {fabric: torus}\n"),
       "t.yaml:7:20: spec.island.fabric: unknown value 'torus'; expected one of: nvswitch, mesh, "
       "pairs"},
      {"tiers", topology_file(cluster_head + "  nics: {perNode: 8}\n  network: {tiers: 4}\n"),
       "t.yaml:9:20: spec.network.tiers: must be 2 or 3 (got 4)"},
      {"NICs per node", topology_file(cluster_head + "  nics: {perNode: 3}\n  network: {}\n"),
       "t.yaml:8:19: spec.nics.perNode: 3 NICs per node do not divide the 8 GPUs of a node "
       "evenly"},
      {"oversubscription",
       topology_file(cluster_head + "  nics: {perNode: 8}\n  network: {oversubscription: 0.5}\n"),
       "t.yaml:9:31: spec.network.oversubscription: must be at least 1 (got 0.5)"},
      {"no network", topology_file("  builder: cluster\n  nodes: 4\n"),
       "t.yaml:6:3: spec.network: a cluster of 4 nodes needs a network"},
      {"odd radix", topology_file("  builder: fat_tree\n  radix: 7\n"),
       "t.yaml:7:10: spec.radix: must be an even number of ports from 2 to 1024 (got 7)"},
      {"yes for a boolean", topology_file("  builder: pcie\n  peerToPeer: yes\n"),
       "t.yaml:7:15: spec.peerToPeer: expected true or false, got 'yes'"},
      {"negative latency", topology_file("  builder: pcie\n  latency: -1us\n"),
       "t.yaml:7:12: spec.latency: '-1us' is negative; a time must be >= 0"},
      {"pairs on an NVSwitch", topology_file("  builder: island\n  pairs: [[0, 1]]\n"),
       "t.yaml:7:10: spec.pairs: only fabric 'pairs' takes a list of NVLink pairs"},
      {"pairs missing", topology_file("  builder: island\n  fabric: pairs\n"),
       "t.yaml:6:3: spec.pairs: required key is missing"},
      {"not a pair", topology_file("  builder: island\n  fabric: pairs\n  pairs: [[0, 1, 2]]\n"),
       "t.yaml:8:11: spec.pairs[0]: expected a pair of GPU indices such as [0, 1]"},
      {"dangling link",
       topology_file(explicit_head +
                     "  links:\n    - {from: a, to: b, bandwidth: 1GB/s, latency: 1us}\n"),
       "t.yaml:10:21: spec.links[0].to: unknown node 'b'"},
      {"duplicate name",
       topology_file(explicit_head + "    - {name: a, kind: switch}\n  links: []\n"),
       "t.yaml:9:14: spec.nodes[1].name: duplicate name 'a' (also nodes[0])"},
      {"link without bandwidth",
       topology_file(explicit_head + "  links:\n    - {from: a, to: b, latency: 1us}\n"),
       "t.yaml:10:7: spec.links[0].bandwidth: required key is missing"},
      {"disconnected GPU",
       topology_file(explicit_head + "    - {name: b, kind: gpu}\n  links: []\n"),
       "t.yaml:6:3: spec: 'a' has no links"},
  };
  for (const Bad& c : cases) {
    EXPECT_EQ(load_error(c.text), c.error) << c.what;
  }
}

}  // namespace
}  // namespace collsim::scenarios
