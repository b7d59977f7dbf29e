#include "scenarios/topology_loader.h"

#include <fmt/format.h>

#include "topology/topology_error.h"

namespace collsim::scenarios {
namespace {

using topology::IslandFabric;

IslandFabric read_island_fabric(const YamlValue& v) {
  return v.as_named(topology::all_island_fabrics(), topology::island_fabric_name);
}

std::vector<topology::NvlinkPair> read_pairs(const YamlValue& v) {
  std::vector<topology::NvlinkPair> pairs;
  for (const YamlValue& item : v.as_list()) {
    if (!item.is_list() || item.node().size() != 2) {
      item.fail("expected a pair of GPU indices such as [0, 1]");
    }
    const std::vector<YamlValue> ends = item.as_list();
    pairs.push_back({ends[0].as_int(), ends[1].as_int()});
  }
  return pairs;
}

// The NVLink keys shared by the island builder (at the top of the section) and a
// cluster's `island` map.
void read_nvlink(YamlMap& m, topology::NvlinkParams& p) {
  if (auto v = m.optional("fabric")) {
    p.fabric = read_island_fabric(*v);
  }
  if (auto v = m.optional("bandwidth")) {
    p.bandwidth = v->as_bandwidth();
  }
  if (auto v = m.optional("latency")) {
    p.latency = v->as_time();
  }
  if (p.fabric == IslandFabric::PAIRS) {
    p.pairs = read_pairs(m.required("pairs"));
  } else if (auto v = m.optional("pairs")) {
    v->fail("only fabric 'pairs' takes a list of NVLink pairs");
  }
}

topology::IslandParams read_island(YamlMap& m) {
  topology::IslandParams p;
  if (auto v = m.optional("gpus")) {
    p.gpus = v->as_int();
  }
  read_nvlink(m, p.nvlink);
  return p;
}

topology::NicParams read_nics(const YamlValue& v) {
  topology::NicParams p;
  YamlMap m = v.as_map();
  if (auto x = m.optional("perNode")) {
    p.per_node = x->as_int();
  }
  if (auto x = m.optional("bandwidth")) {
    p.bandwidth = x->as_bandwidth();
  }
  if (auto x = m.optional("latency")) {
    p.latency = x->as_time();
  }
  if (auto x = m.optional("pcie")) {
    YamlMap pcie = x->as_map();
    if (auto y = pcie.optional("bandwidth")) {
      p.pcie_bandwidth = y->as_bandwidth();
    }
    if (auto y = pcie.optional("latency")) {
      p.pcie_latency = y->as_time();
    }
    pcie.finish();
  }
  m.finish();
  return p;
}

topology::NetworkParams read_network(const YamlValue& v) {
  topology::NetworkParams p;
  YamlMap m = v.as_map();
  if (auto x = m.optional("fabric")) {
    p.fabric = x->as_named(topology::all_network_fabrics(), topology::network_fabric_name);
  }
  if (auto x = m.optional("tiers")) {
    p.tiers = x->as_int();
  }
  if (auto x = m.optional("oversubscription")) {
    p.oversubscription = x->as_number();
  }
  if (auto x = m.optional("radix")) {
    p.radix = x->as_int();
  }
  if (auto x = m.optional("bandwidth")) {
    p.bandwidth = x->as_bandwidth();
  }
  if (auto x = m.optional("latency")) {
    p.latency = x->as_time();
  }
  m.finish();
  return p;
}

topology::ClusterParams read_cluster(YamlMap& m) {
  topology::ClusterParams p;
  if (auto v = m.optional("nodes")) {
    p.nodes = v->as_int();
  }
  if (auto v = m.optional("gpusPerNode")) {
    p.gpus_per_node = v->as_int();
  }
  if (auto v = m.optional("island")) {
    YamlMap island = v->as_map();
    read_nvlink(island, p.island);
    island.finish();
  }
  if (auto v = m.optional("nics")) {
    p.nics = read_nics(*v);
  }
  if (auto v = m.optional("network")) {
    p.network = read_network(*v);
  }
  return p;
}

topology::FatTreeParams read_fat_tree(YamlMap& m) {
  topology::FatTreeParams p;
  if (auto v = m.optional("hosts")) {
    p.hosts = v->as_int();
  }
  if (auto v = m.optional("radix")) {
    p.radix = v->as_int();
  }
  if (auto v = m.optional("tiers")) {
    p.tiers = v->as_int();
  }
  if (auto v = m.optional("oversubscription")) {
    p.oversubscription = v->as_number();
  }
  if (auto v = m.optional("bandwidth")) {
    p.bandwidth = v->as_bandwidth();
  }
  if (auto v = m.optional("latency")) {
    p.latency = v->as_time();
  }
  return p;
}

topology::PcieParams read_pcie(YamlMap& m) {
  topology::PcieParams p;
  if (auto v = m.optional("gpus")) {
    p.gpus = v->as_int();
  }
  if (auto v = m.optional("gpusPerSwitch")) {
    p.gpus_per_switch = v->as_int();
  }
  if (auto v = m.optional("peerToPeer")) {
    p.peer_to_peer = v->as_bool();
  }
  if (auto v = m.optional("bandwidth")) {
    p.bandwidth = v->as_bandwidth();
  }
  if (auto v = m.optional("uplinkBandwidth")) {
    p.uplink_bandwidth = v->as_bandwidth();
  }
  if (auto v = m.optional("latency")) {
    p.latency = v->as_time();
  }
  return p;
}

topology::ExplicitVertex read_explicit_vertex(const YamlValue& v) {
  topology::ExplicitVertex x;
  YamlMap m = v.as_map();
  x.name = m.required("name").as_string();
  x.kind = m.required("kind").as_named(topology::all_vertex_kinds(), topology::vertex_kind_name);
  if (auto t = m.optional("tier")) {
    x.tier = t->as_named(topology::switch_tiers(), topology::switch_tier_name);
  }
  if (auto n = m.optional("node")) {
    x.node = n->as_int();
  }
  if (auto r = m.optional("rail")) {
    x.rail = r->as_int();
  }
  m.finish();
  return x;
}

topology::ExplicitLink read_explicit_link(const YamlValue& v) {
  topology::ExplicitLink l;
  YamlMap m = v.as_map();
  l.from = m.required("from").as_string();
  l.to = m.required("to").as_string();
  l.bandwidth = m.required("bandwidth").as_bandwidth();
  l.latency = m.required("latency").as_time();
  if (auto c = m.optional("class")) {
    l.link_class = c->as_named(topology::all_link_classes(), topology::link_class_name);
  }
  if (auto c = m.optional("count")) {
    l.count = c->as_int();
  }
  m.finish();
  return l;
}

topology::ExplicitParams read_explicit(YamlMap& m) {
  topology::ExplicitParams p;
  for (const YamlValue& v : m.required("nodes").as_list()) {
    p.nodes.push_back(read_explicit_vertex(v));
  }
  for (const YamlValue& v : m.required("links").as_list()) {
    p.links.push_back(read_explicit_link(v));
  }
  return p;
}

constexpr core::NameTable<FileKind, 2> FILE_KINDS{{
    {FileKind::TOPOLOGY, "Topology"},
    {FileKind::SCENARIO, "Scenario"},
}};

TopologyFile load(const YamlDocument& doc) {
  YamlMap top = doc.root().as_map();
  const FileHeader header = read_file_header(top);
  TopologyFile file;
  file.name = header.name;
  const YamlValue spec = top.required("spec");
  top.finish();
  if (header.kind == FileKind::TOPOLOGY) {
    file.spec = read_topology_spec(spec);
    file.fabric = build_topology(file.spec, spec);
    return file;
  }
  YamlMap scenario = spec.as_map();
  const YamlValue section = scenario.required("topology");
  scenario.skip_rest();
  file.spec = read_topology_spec(section);
  file.fabric = build_topology(file.spec, section);
  return file;
}

}  // namespace

FileHeader read_file_header(YamlMap& top) {
  const YamlValue api = top.required("apiVersion");
  if (api.as_string() != "collsim/v1") {
    api.fail(fmt::format("unsupported apiVersion '{}'; expected collsim/v1", api.as_string()));
  }
  FileHeader header;
  header.kind = top.required("kind").as_enum(FILE_KINDS);
  YamlMap metadata = top.required("metadata").as_map();
  const YamlValue name = metadata.required("name");
  header.name = name.as_string();
  if (header.name.empty() || header.name.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                                           "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                           "0123456789._-") != std::string::npos) {
    name.fail("a name is letters, digits, '.', '_' and '-'");
  }
  if (auto d = metadata.optional("description")) {
    header.description = d->as_string();
  }
  metadata.finish();
  return header;
}

topology::TopologySpec read_topology_spec(const YamlValue& section) {
  YamlMap m = section.as_map();
  using topology::BuilderKind;
  const BuilderKind builder =
      m.required("builder").as_named(topology::all_builder_kinds(), topology::builder_kind_name);
  topology::TopologySpec spec;
  switch (builder) {
    case BuilderKind::ISLAND:
      spec = read_island(m);
      break;
    case BuilderKind::CLUSTER:
      spec = read_cluster(m);
      break;
    case BuilderKind::FAT_TREE:
      spec = read_fat_tree(m);
      break;
    case BuilderKind::PCIE:
      spec = read_pcie(m);
      break;
    case BuilderKind::EXPLICIT:
      spec = read_explicit(m);
      break;
  }
  m.finish();
  return spec;
}

topology::Fabric build_topology(const topology::TopologySpec& spec, const YamlValue& section) {
  try {
    return topology::build_fabric(spec);
  } catch (const topology::TopologyError& e) {
    section.fail_at(e.field(), e.message());
  }
}

TopologyFile load_topology_file(const std::string& path) {
  return load(YamlDocument::load_file(path));
}

TopologyFile load_topology_text(std::string_view text, std::string file) {
  return load(YamlDocument::parse(text, std::move(file)));
}

}  // namespace collsim::scenarios
