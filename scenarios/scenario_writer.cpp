#include "scenarios/scenario_writer.h"

#include <variant>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "core/units.h"

namespace collsim::scenarios {
namespace {

using topology::IslandFabric;

class Writer {
 public:
  YAML::Emitter& out() { return e_; }

  template <class T>
  void key(std::string_view k, const T& v) {
    e_ << YAML::Key << std::string(k) << YAML::Value << v;
  }
  void key(std::string_view k, std::string_view v) { key(k, std::string(v)); }
  void key(std::string_view k, bool v) { key(k, std::string(v ? "true" : "false")); }
  void key(std::string_view k, core::Time t) { key(k, core::format_time(t)); }
  void key(std::string_view k, core::Bandwidth b) { key(k, core::format_bandwidth(b)); }
  void size(std::string_view k, core::Bytes b) { key(k, core::format_size(b)); }
  void number(std::string_view k, double x) { key(k, fmt::format("{}", x)); }
  void open(std::string_view k, bool flow = false) {
    e_ << YAML::Key << std::string(k) << YAML::Value;
    if (flow) {
      e_ << YAML::Flow;
    }
    e_ << YAML::BeginMap;
  }
  void close() { e_ << YAML::EndMap; }
  void comment(std::string_view text) { e_ << YAML::Comment(std::string(text)); }

 private:
  YAML::Emitter e_;
};

void write_nvlink(Writer& w, const topology::NvlinkParams& p) {
  w.key("fabric", topology::island_fabric_name(p.fabric));
  w.key("bandwidth", p.bandwidth);
  w.key("latency", p.latency);
  if (p.fabric == IslandFabric::PAIRS) {
    YAML::Emitter& e = w.out();
    e << YAML::Key << "pairs" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const topology::NvlinkPair& pair : p.pairs) {
      e << YAML::Flow << YAML::BeginSeq << pair.a << pair.b << YAML::EndSeq;
    }
    e << YAML::EndSeq;
  }
}

void write_topology(Writer& w, const topology::TopologySpec& spec) {
  w.open("topology");
  w.key("builder", topology::builder_name(spec));
  if (const auto* p = std::get_if<topology::IslandParams>(&spec)) {
    w.key("gpus", p->gpus);
    write_nvlink(w, p->nvlink);
  } else if (const auto* c = std::get_if<topology::ClusterParams>(&spec)) {
    w.key("nodes", c->nodes);
    w.key("gpusPerNode", c->gpus_per_node);
    w.open("island", true);
    write_nvlink(w, c->island);
    w.close();
    if (c->nics) {
      w.open("nics");
      w.key("perNode", c->nics->per_node);
      w.key("bandwidth", c->nics->bandwidth);
      w.key("latency", c->nics->latency);
      w.open("pcie", true);
      w.key("bandwidth", c->nics->pcie_bandwidth);
      w.key("latency", c->nics->pcie_latency);
      w.close();
      w.close();
    }
    if (c->network) {
      const topology::NetworkParams& n = *c->network;
      w.open("network");
      w.key("fabric", topology::network_fabric_name(n.fabric));
      w.key("tiers", n.tiers);
      w.number("oversubscription", n.oversubscription);
      w.key("radix", n.radix);
      if (n.bandwidth) {
        w.key("bandwidth", *n.bandwidth);
      }
      w.key("latency", n.latency);
      if (!n.bandwidth) {
        w.comment("bandwidth: unset, the NICs' bandwidth");
      }
      w.close();
    }
  } else if (const auto* f = std::get_if<topology::FatTreeParams>(&spec)) {
    if (f->hosts) {
      w.key("hosts", *f->hosts);
    }
    w.key("radix", f->radix);
    if (!f->hosts) {
      w.comment("hosts: unset, the most this radix and tiers connect");
    }
    w.key("tiers", f->tiers);
    w.number("oversubscription", f->oversubscription);
    w.key("bandwidth", f->bandwidth);
    w.key("latency", f->latency);
  } else if (const auto* x = std::get_if<topology::PcieParams>(&spec)) {
    w.key("gpus", x->gpus);
    w.key("gpusPerSwitch", x->gpus_per_switch);
    w.key("peerToPeer", x->peer_to_peer);
    w.key("bandwidth", x->bandwidth);
    w.key("uplinkBandwidth", x->uplink_bandwidth);
    w.key("latency", x->latency);
  } else {
    const auto& ex = std::get<topology::ExplicitParams>(spec);
    YAML::Emitter& e = w.out();
    e << YAML::Key << "nodes" << YAML::Value << YAML::BeginSeq;
    for (const topology::ExplicitVertex& v : ex.nodes) {
      e << YAML::Flow << YAML::BeginMap;
      w.key("name", v.name);
      w.key("kind", topology::vertex_kind_name(v.kind));
      if (v.tier != topology::SwitchTier::NONE) {
        w.key("tier", topology::switch_tier_name(v.tier));
      }
      if (v.node) {
        w.key("node", *v.node);
      }
      if (v.rail) {
        w.key("rail", *v.rail);
      }
      e << YAML::EndMap;
    }
    e << YAML::EndSeq;
    e << YAML::Key << "links" << YAML::Value << YAML::BeginSeq;
    for (const topology::ExplicitLink& l : ex.links) {
      e << YAML::Flow << YAML::BeginMap;
      w.key("from", l.from);
      w.key("to", l.to);
      w.key("bandwidth", l.bandwidth);
      w.key("latency", l.latency);
      if (l.link_class) {
        w.key("class", topology::link_class_name(*l.link_class));
      }
      w.key("count", l.count);
      e << YAML::EndMap;
    }
    e << YAML::EndSeq;
  }
  w.close();
}

void write_placement(Writer& w, const Placement& p) {
  w.open("placement");
  if (!p.gpus.empty()) {
    YAML::Emitter& e = w.out();
    e << YAML::Key << "gpus" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const std::string& g : p.gpus) {
      e << g;
    }
    e << YAML::EndSeq;
  } else if (p.ranks) {
    w.key("ranks", *p.ranks);
  } else {
    w.key("ranks", "all");
  }
  w.close();
}

void write_collective(Writer& w, const CollectiveSpec& c) {
  w.open("collective");
  w.key("op", algorithms::collective_name(c.op));
  YAML::Emitter& e = w.out();
  e << YAML::Key << "algorithms" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const algorithms::Algorithm a : c.algorithms) {
    e << std::string(algorithms::algorithm_name(a));
  }
  e << YAML::EndSeq;
  if (c.range) {
    w.open("sizes", true);
    w.size("from", c.range->from);
    w.size("to", c.range->to);
    w.key("factor", c.range->factor);
    w.close();
  } else {
    e << YAML::Key << "sizes" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const core::Bytes b : c.sizes) {
      e << core::format_size(b);
    }
    e << YAML::EndSeq;
  }
  if (c.chunks) {
    w.key("chunks", *c.chunks);
  } else if (c.chunk_size) {
    w.size("chunkSize", *c.chunk_size);
  }
  w.key("channels", c.channels);
  if (!c.chunks && !c.chunk_size) {
    w.comment("chunks: unset, each algorithm's default (docs/algorithms.md section 3)");
  }
  bool two_level = false;
  for (const algorithms::Algorithm a : c.algorithms) {
    two_level = two_level || a == algorithms::Algorithm::TWO_LEVEL;
  }
  if (two_level) {
    w.key("inter", algorithms::algorithm_name(c.inter));
  }
  w.key("pipeline", c.pipeline);
  if (c.op == algorithms::Collective::BROADCAST || c.op == algorithms::Collective::REDUCE) {
    w.key("root", c.root);
  }
  w.close();
}

void write_model(Writer& w, const ModelSpec& m) {
  w.open("model");
  w.key("network", sim::network_kind_name(m.network));
  w.key("stepLatency", m.step_latency);
  w.key("reduceBandwidth", m.reduce_bandwidth.is_zero()
                               ? std::string("0")
                               : core::format_bandwidth(m.reduce_bandwidth));
  w.key("protocol", protocol_option_name(m.protocol));
  w.key("seed", m.seed);
  if (m.nccl) {
    w.open("nccl");
    w.key("gpu", cost::gpu_generation_name(m.nccl->gpu));
    w.key("cpu", cost::cpu_vendor_name(m.nccl->cpu));
    w.key("treePattern", cost::tree_pattern_name(m.nccl->tree_pattern));
    w.key("version", std::string(cost::nccl_version_name(m.nccl->version)));
    w.close();
  }
  w.close();
}

void write_sweep(Writer& w, const std::vector<SweepAxis>& axes) {
  YAML::Emitter& e = w.out();
  e << YAML::Key << "sweep" << YAML::Value << YAML::BeginSeq;
  for (const SweepAxis& a : axes) {
    e << YAML::BeginMap;
    w.key("path", a.path);
    e << YAML::Key << "values" << YAML::Value << YAML::Flow << YAML::BeginSeq;
    for (const std::string& v : a.values) {
      e << YAML::Load(v);
    }
    e << YAML::EndSeq << YAML::EndMap;
  }
  e << YAML::EndSeq;
}

void write_outputs(Writer& w, const Outputs& o) {
  w.open("outputs");
  YAML::Emitter& e = w.out();
  e << YAML::Key << "formats" << YAML::Value << YAML::Flow << YAML::BeginSeq;
  for (const ReportFormat f : o.formats) {
    e << std::string(report_format_name(f));
  }
  e << YAML::EndSeq;
  if (o.file) {
    w.key("file", *o.file);
  }
  w.close();
}

}  // namespace

std::string effective_yaml(const Scenario& s) {
  Writer w;
  YAML::Emitter& e = w.out();
  e << YAML::BeginMap;
  w.key("apiVersion", "collsim/v1");
  w.key("kind", "Scenario");
  w.open("metadata");
  w.key("name", s.name);
  if (s.description) {
    w.key("description", *s.description);
  }
  w.close();
  w.open("spec");
  write_topology(w, s.topology);
  write_placement(w, s.placement);
  write_collective(w, s.collective);
  write_model(w, s.model);
  if (!s.sweep.empty()) {
    write_sweep(w, s.sweep);
  }
  write_outputs(w, s.outputs);
  w.close();
  e << YAML::EndMap;
  return std::string(e.c_str()) + "\n";
}

}  // namespace collsim::scenarios
