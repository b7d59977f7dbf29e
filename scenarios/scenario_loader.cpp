#include "scenarios/scenario_loader.h"

#include <algorithm>
#include <chrono>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <unistd.h>
#include <utility>

#include <fmt/format.h>

#include "algorithms/op_bound.h"
#include "core/progress_line.h"
#include "core/units.h"
#include "core/utf8_text.h"
#include "cost/allreduce_models.h"
#include "files/input_file.h"
#include "scenarios/size_sweep.h"
#include "scenarios/topology_loader.h"
#include "scenarios/yaml_path.h"
#include "scenarios/yaml_reader.h"
#include "topology/fabric_size.h"
#include "topology/topology_error.h"
#include "topology/topology_spec.h"

namespace collsim::scenarios {
namespace {
using cost::all_protocol_modes;
using cost::protocol_mode_name;

using algorithms::Algorithm;
using algorithms::Collective;

// Sizes above this are refused: at the slowest links a builder accepts they would already
// take days of simulated time, and nothing collective-sized is larger.
constexpr core::Bytes MAX_MESSAGE_BYTES = core::Bytes{1} << 40;
constexpr std::size_t MAX_SIZES = 1000;

std::string supported_list(Collective op) {
  std::string names;
  for (const Algorithm a : algorithms::all_algorithms()) {
    if (algorithms::supports(a, op)) {
      names += names.empty() ? "" : ", ";
      names += algorithms::algorithm_name(a);
    }
  }
  return names;
}

Collective read_op(const YamlValue& v) {
  return v.as_named(algorithms::all_collectives(), algorithms::collective_name);
}

Algorithm read_algorithm(const YamlValue& v) {
  return v.as_named(algorithms::all_algorithms(), algorithms::algorithm_name);
}

int read_int_in(const YamlValue& v, std::int64_t lo, std::int64_t hi, std::string_view what) {
  const std::int64_t x = v.as_int64();
  if (x < lo || x > hi) {
    v.fail(fmt::format("{} must be {} to {} (got {})", what, lo, hi, x));
  }
  return static_cast<int>(x);
}

core::Bytes read_message_size(const YamlValue& v) {
  const core::Bytes b = v.as_size(core::Zero::REJECTED);
  if (b > MAX_MESSAGE_BYTES) {
    v.fail(fmt::format("a message size is at most 1TiB (got {})", core::format_size(b)));
  }
  return b;
}

void read_sizes(const YamlValue& v, CollectiveSpec& c) {
  if (v.is_list()) {
    const std::vector<YamlValue> items = v.as_list();
    if (items.empty()) {
      v.fail("list at least one message size");
    }
    if (items.size() > MAX_SIZES) {
      v.fail(fmt::format("at most {} sizes (got {})", MAX_SIZES, items.size()));
    }
    for (const YamlValue& item : items) {
      const core::Bytes b = read_message_size(item);
      for (std::size_t i = 0; i < c.sizes.size(); ++i) {
        if (c.sizes[i] == b) {
          item.fail(fmt::format("size {} is already listed (item {})", core::format_size(b), i));
        }
      }
      c.sizes.push_back(b);
    }
    return;
  }
  if (!v.is_map()) {
    v.fail(
        "expected a list of sizes such as [1KiB, 1GB] or a range such as {from: 8B, to: "
        "16GiB, factor: 2}");
  }
  YamlMap m = v.as_map();
  const YamlValue from = m.required("from");
  const YamlValue to = m.required("to");
  const std::optional<YamlValue> factor = m.optional("factor");
  m.finish();
  SizeRange r;
  r.from = read_message_size(from);
  r.to = read_message_size(to);
  if (r.to < r.from) {
    to.fail(fmt::format("the range ends below its start ({})", core::format_size(r.from)));
  }
  if (factor) {
    r.factor = read_int_in(*factor, 2, 1 << 20, "the factor");
  }
  c.sizes = size_sweep(r.from, r.to, r.factor);
  c.range = r;
}

CollectiveSpec read_collective(const YamlValue& v, algorithms::Rank ranks) {
  CollectiveSpec c;
  YamlMap m = v.as_map();
  if (auto x = m.optional("op")) {
    c.op = read_op(*x);
  }
  const std::optional<YamlValue> algos = m.optional("algorithms");
  const YamlValue sizes = m.required("sizes");
  const std::optional<YamlValue> chunks = m.optional("chunks");
  const std::optional<YamlValue> chunk_size = m.optional("chunkSize");
  const std::optional<YamlValue> channels = m.optional("channels");
  const std::optional<YamlValue> inter = m.optional("inter");
  const std::optional<YamlValue> pipeline = m.optional("pipeline");
  const std::optional<YamlValue> root = m.optional("root");
  m.finish();

  if (algos) {
    const std::vector<YamlValue> items = algos->as_list();
    if (items.empty()) {
      algos->fail("list at least one algorithm");
    }
    for (const YamlValue& item : items) {
      const Algorithm a = read_algorithm(item);
      if (!algorithms::supports(a, c.op)) {
        item.fail(fmt::format("{} has no {} schedule; {} runs: {}", algorithms::algorithm_name(a),
                              algorithms::collective_name(c.op), algorithms::collective_name(c.op),
                              supported_list(c.op)));
      }
      for (const Algorithm earlier : c.algorithms) {
        if (earlier == a) {
          item.fail(fmt::format("{} is already listed", algorithms::algorithm_name(a)));
        }
      }
      c.algorithms.push_back(a);
    }
  } else {
    for (const Algorithm a : algorithms::textbook_algorithms()) {
      if (algorithms::supports(a, c.op)) {
        c.algorithms.push_back(a);
      }
    }
  }
  read_sizes(sizes, c);
  if (chunks && chunk_size) {
    chunk_size->fail("give chunks or chunkSize, not both");
  }
  if (chunks) {
    c.chunks = static_cast<std::uint32_t>(
        read_int_in(*chunks, 1, static_cast<std::int64_t>(algorithms::MAX_LEAVES), "chunks"));
  }
  if (chunk_size) {
    c.chunk_size = chunk_size->as_size(core::Zero::REJECTED);
  }
  if (channels) {
    c.channels =
        static_cast<std::uint32_t>(read_int_in(*channels, 1, algorithms::MAX_CHANNELS, "channels"));
  }
  auto has = [&](Algorithm a) {
    return std::find(c.algorithms.begin(), c.algorithms.end(), a) != c.algorithms.end();
  };
  if (inter) {
    static constexpr Algorithm INTER[] = {Algorithm::RING, Algorithm::DOUBLE_BINARY_TREE};
    c.inter = inter->as_named(std::span<const Algorithm>(INTER), algorithms::algorithm_name);
    if (!has(Algorithm::TWO_LEVEL)) {
      inter->fail("inter is two_level's inter-node algorithm, and two_level is not run");
    }
  }
  if (pipeline) {
    c.pipeline = pipeline->as_bool();
  }
  if (root) {
    if (c.op != Collective::BROADCAST && c.op != Collective::REDUCE) {
      root->fail(fmt::format("only broadcast and reduce have a root, not {}",
                             algorithms::collective_name(c.op)));
    }
    c.root =
        static_cast<algorithms::Rank>(read_int_in(*root, 0, std::int64_t{ranks} - 1, "the root"));
  }
  return c;
}

ModelSpec read_model(const YamlValue& v) {
  ModelSpec s;
  YamlMap m = v.as_map();
  if (auto x = m.optional("network")) {
    // The models sim/ has, and "packet", which files may name but which is not built yet.
    std::vector<std::optional<sim::NetworkKind>> kinds(sim::all_network_kinds().begin(),
                                                       sim::all_network_kinds().end());
    kinds.emplace_back();
    const std::optional<sim::NetworkKind> n =
        x->as_named(std::span<const std::optional<sim::NetworkKind>>(kinds),
                    [](std::optional<sim::NetworkKind> k) {
                      return k ? sim::network_kind_name(*k) : std::string_view("packet");
                    });
    if (!n) {
      x->fail("the packet model is not implemented yet; use ideal or flow");
    }
    s.network = *n;
  }
  if (auto x = m.optional("stepLatency")) {
    s.step_latency = x->as_time();
  }
  if (auto x = m.optional("reduceBandwidth")) {
    s.reduce_bandwidth = x->as_bandwidth(core::Zero::ALLOWED);
    s.reduce_bandwidth_location = x->location();
  }
  if (auto x = m.optional("protocol")) {
    using cost::ProtocolMode;
    switch (x->as_named(cost::all_protocol_modes(), cost::protocol_mode_name)) {
      case ProtocolMode::NONE:
        break;
      case ProtocolMode::LL:
        s.protocol = cost::Protocol::LL;
        break;
      case ProtocolMode::LL128:
        s.protocol = cost::Protocol::LL128;
        break;
      case ProtocolMode::SIMPLE:
        s.protocol = cost::Protocol::SIMPLE;
        break;
      case ProtocolMode::AUTO:
        x->fail(
            "a simulation runs one protocol: none, ll, ll128 or simple (auto, the fastest "
            "per size, is a closed-form view: collsim model --protocol auto)");
    }
  }
  if (auto x = m.optional("nccl")) {
    YamlMap n = x->as_map();
    NcclSpec spec;
    spec.gpu = n.required("gpu").as_named(cost::all_gpu_generations(), cost::gpu_generation_name);
    if (auto cpu = n.optional("cpu")) {
      spec.cpu = cpu->as_named(cost::all_cpu_vendors(), cost::cpu_vendor_name);
    }
    if (auto version = n.optional("version")) {
      spec.version = version->as_named(cost::all_nccl_versions(), cost::nccl_version_name);
    }
    if (auto pattern = n.optional("treePattern")) {
      spec.tree_pattern = pattern->as_named(cost::all_tree_patterns(), cost::tree_pattern_name);
    }
    n.finish();
    s.nccl = spec;
  }
  if (auto x = m.optional("seed")) {
    const std::int64_t seed = x->as_int64();
    if (seed < 0) {
      x->fail(fmt::format("the seed must not be negative (got {})", seed));
    }
    s.seed = static_cast<std::uint64_t>(seed);
  }
  m.finish();
  return s;
}

Placement read_placement(const YamlValue& v) {
  Placement p;
  YamlMap m = v.as_map();
  const std::optional<YamlValue> ranks = m.optional("ranks");
  const std::optional<YamlValue> gpus = m.optional("gpus");
  m.finish();
  if (ranks && gpus) {
    gpus->fail("give ranks or gpus, not both");
  }
  if (ranks && !(ranks->is_scalar() && ranks->as_string() == "all")) {
    const std::string text = ranks->is_scalar() ? ranks->as_string() : "";
    if (text.empty() || text.find_first_not_of("+-0123456789") != std::string::npos) {
      ranks->fail("expected a number of ranks or 'all'");
    }
    p.ranks = read_int_in(*ranks, 2, topology::MAX_GPUS, "the number of ranks");
  }
  if (gpus) {
    for (const YamlValue& item : gpus->as_list()) {
      p.gpus.push_back(item.as_string());
    }
    if (p.gpus.empty()) {
      gpus->fail("list the GPU of every rank (at least 2)");
    }
  }
  return p;
}

std::string flow_text(const YAML::Node& node) {
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << node;
  return e.c_str();
}

// A sweep axis and the value nodes it sets (from the document, so their positions go
// with them into every point).
struct Axis {
  YamlPath path;
  std::vector<YAML::Node> nodes;
  SweepAxis typed;
  YamlValue path_value;
};

std::vector<Axis> read_sweep(const YamlValue& v) {
  std::vector<Axis> axes;
  std::size_t points = 1;
  for (const YamlValue& item : v.as_list()) {
    YamlMap m = item.as_map();
    const YamlValue path = m.required("path");
    const YamlValue values = m.required("values");
    m.finish();
    YamlPath parsed = [&] {
      try {
        return YamlPath::parse(path.as_string());
      } catch (const std::invalid_argument& e) {
        path.fail(e.what());
      }
    }();
    const auto& seg = parsed.segments();
    const auto* section = seg.size() >= 2 ? std::get_if<std::string>(&seg[1]) : nullptr;
    if (std::get<std::string>(seg[0]) != "spec" || section == nullptr ||
        (*section != "topology" && *section != "placement" && *section != "collective" &&
         *section != "model")) {
      path.fail(
          "a sweep axis sets a field of spec.topology, spec.placement, spec.collective or "
          "spec.model");
    }
    for (const Axis& earlier : axes) {
      if (earlier.path.overlaps(parsed)) {
        path.fail(fmt::format("overlaps the axis '{}'", earlier.path.text()));
      }
    }
    const std::vector<YamlValue> list = values.as_list();
    if (list.empty()) {
      values.fail("an axis needs at least one value");
    }
    points *= list.size();
    if (points > MAX_SWEEP_POINTS) {
      v.fail(fmt::format("the sweep has more than {} points", MAX_SWEEP_POINTS));
    }
    Axis axis{std::move(parsed), {}, {path.as_string(), {}}, path};
    for (const YamlValue& x : list) {
      axis.nodes.push_back(x.node());
      axis.typed.values.push_back(flow_text(x.node()));
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

Outputs read_outputs(const YamlValue& v) {
  Outputs o;
  YamlMap m = v.as_map();
  if (auto x = m.optional("formats")) {
    o.formats.clear();
    for (const YamlValue& item : x->as_list()) {
      const ReportFormat f = item.as_named(all_report_formats(), report_format_name);
      if (std::find(o.formats.begin(), o.formats.end(), f) != o.formats.end()) {
        item.fail(fmt::format("{} is already listed", report_format_name(f)));
      }
      o.formats.push_back(f);
    }
    if (o.formats.empty()) {
      x->fail("list at least one format: table, csv or json");
    }
  }
  if (auto x = m.optional("file")) {
    o.file = x->as_string();
    o.file_location = x->location();
    o.file_field = x->path();
    if (o.file->empty()) {
      x->fail("the file name is empty");
    }
  }
  m.finish();
  return o;
}

// The memory this machine has, in bytes: what a run's estimate is held against.
std::uint64_t physical_memory_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0
             ? static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page)
             : std::numeric_limits<std::uint64_t>::max();
}

// The generators' own check, for anything the field checks above let through, and each
// run's op count and memory priced from its shape.
void check_requests(const Scenario& s, const algorithms::RankLayout& layout,
                    const YamlValue& collective) {
  const algorithms::GenerateOptions options = generate_options(s);
  const std::uint64_t memory = physical_memory_bytes();
  for (std::size_t i = 0; i < s.collective.algorithms.size(); ++i) {
    const Algorithm a = s.collective.algorithms[i];
    if (a == Algorithm::NCCL) {
      // Its schedule is the tuner's pick per size, sized when it is picked.
      if (!s.model.nccl) {
        collective.fail_at(fmt::format("algorithms[{}]", i),
                           "nccl runs what NCCL's tuner picks, whose tables depend on the GPU: "
                           "give spec.model.nccl.gpu (volta, ampere, hopper or blackwell)");
      }
      continue;
    }
    try {
      algorithms::validate_request(a, s.collective.op, s.collective.sizes.front(), layout, options);
    } catch (const std::invalid_argument& e) {
      collective.fail(e.what());
    }
    // Priced from the shape before anything is generated, so that a run too large for the
    // engine or for this machine is refused in milliseconds, not after minutes of building.
    for (const core::Bytes bytes : s.collective.sizes) {
      const std::uint64_t ops = algorithms::op_bound(a, s.collective.op, bytes, layout, options);
      const std::string what = fmt::format(
          "{} on {} ranks at {} with {} channel(s) needs up to {} ops", algorithm_name(a),
          layout.num_ranks(), core::format_size(bytes), options.channels, ops);
      const std::string change =
          "fewer ranks (spec.placement.ranks), channels or chunks (spec.collective.chunks, "
          "chunkSize)";
      if (ops > algorithms::MAX_OPS) {
        collective.fail_at(fmt::format("algorithms[{}]", i),
                           fmt::format("{}, more than the {} the engine holds; {}", what,
                                       algorithms::MAX_OPS, change));
      }
      const std::uint64_t estimate = ops * algorithms::ESTIMATED_BYTES_PER_OP;
      if (estimate > memory) {
        collective.fail_at(
            fmt::format("algorithms[{}]", i),
            fmt::format("{}, about {} of memory at {} B per op, more than this machine's {}; {}",
                        what, core::format_size(estimate), algorithms::ESTIMATED_BYTES_PER_OP,
                        core::format_size(memory), change));
      }
    }
  }
}

struct Read {
  Scenario scenario;
  std::vector<Axis> axes;
};

// The fabric of the previous point, kept for the next one while its topology section is
// the same text: a sweep of the collective or the model builds one fabric, not one per
// point.
struct FabricCache {
  std::string key;
  std::optional<topology::Fabric> fabric;
};

const topology::Fabric& cached_fabric(const topology::TopologySpec& spec, const YamlValue& section,
                                      FabricCache& cache) {
  std::string key = YAML::Dump(section.node());
  if (!cache.fabric || cache.key != key) {
    cache.fabric.reset();  // before the build, so that two fabrics are never held at once
    cache.fabric.emplace(build_topology(spec, section));
    cache.key = std::move(key);
  }
  return *cache.fabric;
}

Read read_scenario(const YamlDocument& doc, FabricCache& cache) {
  Read out;
  Scenario& s = out.scenario;
  s.file = doc.file();
  YamlMap top = doc.root().as_map();
  const FileHeader header = read_file_header(top);
  const YamlValue spec_value = top.required("spec");
  top.finish();
  if (header.kind != FileKind::SCENARIO) {
    doc.root().fail_at("kind",
                       "expected kind Scenario; a Topology file has no collective to run "
                       "(collsim topo summarizes it)");
  }
  s.name = header.name;
  s.description = header.description;

  YamlMap spec = spec_value.as_map();
  const YamlValue topology = spec.required("topology");
  const std::optional<YamlValue> placement = spec.optional("placement");
  const YamlValue collective = spec.required("collective");
  const std::optional<YamlValue> model = spec.optional("model");
  const std::optional<YamlValue> sweep = spec.optional("sweep");
  const std::optional<YamlValue> outputs = spec.optional("outputs");
  spec.finish();

  s.topology = read_topology_spec(topology);
  const topology::Fabric& fabric = cached_fabric(s.topology, topology, cache);
  if (placement) {
    s.placement = read_placement(*placement);
  }
  const std::vector<topology::VertexId> gpus = [&] {
    try {
      return placement_gpus(s.placement, fabric);
    } catch (const PlacementError& e) {
      if (placement) {
        placement->fail_at(e.field, e.what());
      }
      spec_value.fail_at("placement", e.what());
    }
  }();
  const algorithms::RankLayout layout = placement_layout(fabric, gpus);
  s.collective = read_collective(collective, layout.num_ranks());
  if (model) {
    s.model = read_model(*model);
  }
  if (sweep) {
    out.axes = read_sweep(*sweep);
    s.sweep_location = sweep->location();
    for (const Axis& a : out.axes) {
      s.sweep.push_back(a.typed);
    }
  }
  if (outputs) {
    s.outputs = read_outputs(*outputs);
  }
  check_requests(s, layout, collective);
  return out;
}

// An override, parsed once: its path and its value node.
struct ParsedOverride {
  YamlPath path;
  YAML::Node value;
};

std::vector<ParsedOverride> parse_overrides(const std::vector<Override>& overrides) {
  std::vector<ParsedOverride> parsed;
  for (const Override& o : overrides) {
    for (const auto& [part, name] : {std::pair{std::string_view(o.path), "path"},
                                     std::pair{std::string_view(o.value), "value"}}) {
      if (const std::optional<core::Utf8Error> bad = core::find_invalid_utf8(part)) {
        throw core::command_line_error("--set", fmt::format("the {}, character {}: {}", name,
                                                            bad->column, core::describe(*bad)));
      }
    }
    YamlPath path = [&] {
      try {
        return YamlPath::parse(o.path);
      } catch (const std::invalid_argument& e) {
        throw core::command_line_error("--set", e.what());
      }
    }();
    YAML::Node value;
    try {
      value = YAML::Load(o.value);
    } catch (const YAML::Exception& e) {
      throw core::command_line_error("--set " + o.path,
                                     fmt::format("the value is not YAML: {}", e.msg));
    }
    parsed.push_back({std::move(path), value});
  }
  return parsed;
}

// The document with the overrides applied; errors are the command line's.
YamlDocument with_overrides(std::string_view text, const std::string& file,
                            const std::vector<ParsedOverride>& overrides) {
  YamlDocument doc = YamlDocument::parse(text, file);
  for (const ParsedOverride& o : overrides) {
    try {
      set_at_path(doc.root().node(), o.path, o.value);
    } catch (const std::invalid_argument& e) {
      throw core::command_line_error("--set " + o.path.text(), e.what());
    }
  }
  return doc;
}

// Runs `read`, reporting an error in a field an override set at the command line, or in a
// field an override wrote into (`--set spec.model.seed.x=1` makes seed a map).
template <class F>
auto blame_overrides(const std::vector<ParsedOverride>& overrides, F&& read) {
  try {
    return read();
  } catch (const core::InputError& e) {
    for (const ParsedOverride& o : overrides) {
      if (!e.field().empty() && o.path.overlaps(e.field())) {
        throw core::command_line_error("--set " + e.field(), e.message());
      }
    }
    throw;
  }
}

std::string point_text(const std::vector<Axis>& axes, const std::vector<std::size_t>& at,
                       std::size_t index) {
  std::string text = fmt::format("sweep point {}:", index);
  for (std::size_t i = 0; i < axes.size(); ++i) {
    text += fmt::format(" {}={}", axes[i].typed.path, axes[i].typed.values[at[i]]);
  }
  return text;
}

// The documents of a sweep's points: one parse of the file with the overrides applied and
// its sweep removed, whose axis fields are set in place to each point's values, so that
// validation is linear in the points (a parse per point would read every sweep list again).
class PointDocuments {
 public:
  PointDocuments(std::string_view text, const std::string& file,
                 const std::vector<ParsedOverride>& parsed, const std::vector<Axis>& axes)
      : doc_(with_overrides(text, file, parsed)), axes_(axes) {
    YAML::Node spec = doc_.root().node()["spec"];
    spec.remove("sweep");
  }
  const YamlDocument& at(const std::vector<std::size_t>& at) const {
    for (std::size_t i = 0; i < axes_.size(); ++i) {
      // A copy of the handle: assignment rebinds the handle it is given to the document's
      // node, which would make the axis's own value follow every later point.
      const YAML::Node value = axes_[i].nodes[at[i]];
      try {
        set_at_path(doc_.root().node(), axes_[i].path, value);
      } catch (const std::invalid_argument& e) {
        axes_[i].path_value.fail(e.what());
      }
    }
    return doc_;
  }

 private:
  YamlDocument doc_;
  const std::vector<Axis>& axes_;
};

// The next point's axis indices; the last axis varies fastest.
void next_point(const std::vector<Axis>& axes, std::vector<std::size_t>& at) {
  for (std::size_t i = axes.size(); i-- > 0;) {
    if (++at[i] < axes[i].nodes.size()) {
      return;
    }
    at[i] = 0;
  }
}

// What validating every point would build: the estimated bytes of each fabric that differs
// from the previous point's (FabricCache), from its counts alone. A point whose topology
// does not read or build counts nothing here; the validation reports it.
std::uint64_t sweep_fabric_bytes(const PointDocuments& points, const std::vector<Axis>& axes,
                                 std::size_t total) {
  std::uint64_t bytes = 0;
  std::string last;
  std::vector<std::size_t> at(axes.size(), 0);
  for (std::size_t index = 0; index < total; ++index, next_point(axes, at)) {
    try {
      const YamlDocument& point = points.at(at);
      const YAML::Node root = point.root().node();
      if (!root.IsMap() || !root["spec"].IsMap() || !root["spec"]["topology"].IsMap()) {
        continue;
      }
      const YAML::Node node = root["spec"]["topology"];
      const YamlValue topology(node, std::make_shared<const std::string>(point.file()),
                               "spec.topology", node.Mark());
      std::string key = YAML::Dump(topology.node());
      if (key == last) {
        continue;
      }
      last = std::move(key);
      const std::uint64_t add =
          topology::fabric_bytes(topology::fabric_size(read_topology_spec(topology)));
      bytes = add > std::numeric_limits<std::uint64_t>::max() - bytes
                  ? std::numeric_limits<std::uint64_t>::max()
                  : bytes + add;
    } catch (const core::InputError&) {
    } catch (const topology::TopologyError&) {
    }
  }
  return bytes;
}

// "validating sweep point i/N" on a core::ProgressLine, once validation has taken a
// second, at most five times a second.
class ValidationProgress {
 public:
  ValidationProgress(std::ostream* out, std::size_t total) : line_(out), total_(total) {}
  void update(std::size_t done) {
    if (!line_.active() || line_.elapsed() < std::chrono::seconds(1)) {
      return;
    }
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(200)) {
      return;
    }
    last_ = now;
    line_.show(fmt::format("validating sweep point {}/{}, {:.1f} s elapsed", done, total_,
                           line_.elapsed_seconds()));
  }

 private:
  core::ProgressLine line_;
  std::size_t total_;
  std::chrono::steady_clock::time_point last_{};
};

LoadedScenario load(std::string_view text, const std::string& file,
                    const std::vector<Override>& overrides, std::ostream* progress) {
  const std::vector<ParsedOverride> parsed = parse_overrides(overrides);
  const YamlDocument doc = with_overrides(text, file, parsed);
  FabricCache cache;
  Read base = blame_overrides(parsed, [&] { return read_scenario(doc, cache); });
  LoadedScenario loaded;
  if (base.axes.empty()) {
    loaded.points.push_back({base.scenario, {}});
    loaded.base = std::move(base.scenario);
    return loaded;
  }
  // An axis sets its field at every point, so an override of the same field would be
  // silently replaced.
  for (std::size_t i = 0; i < base.axes.size(); ++i) {
    for (const ParsedOverride& o : parsed) {
      if (o.path.overlaps(base.axes[i].path)) {
        throw core::command_line_error(
            "--set " + o.path.text(),
            fmt::format("spec.sweep[{}] sets {} at every point and would replace this value; "
                        "change that axis's values or drop the sweep (--set spec.sweep=[])",
                        i, base.axes[i].path.text()));
      }
    }
  }
  std::size_t total = 1;
  for (const Axis& a : base.axes) {
    total *= a.nodes.size();
  }
  // Bounded before any point is built: a sweep of many large fabrics would otherwise
  // validate for minutes.
  const PointDocuments points(text, file, parsed, base.axes);
  const std::uint64_t bytes = sweep_fabric_bytes(points, base.axes, total);
  if (bytes > MAX_SWEEP_FABRIC_BYTES) {
    throw core::InputError(
        base.scenario.sweep_location, "spec.sweep",
        fmt::format("validating its {} points builds fabrics of about {} in all, more "
                    "than the {} collsim validates; sweep fewer points or smaller fabrics "
                    "(points whose topology section is the same as the previous point's share "
                    "its fabric)",
                    total, core::format_gib(static_cast<double>(bytes)),
                    core::format_gib(static_cast<double>(MAX_SWEEP_FABRIC_BYTES))));
  }
  ValidationProgress shown(progress, total);
  std::vector<std::size_t> at(base.axes.size(), 0);
  for (std::size_t index = 0; index < total; ++index) {
    shown.update(index);
    const YamlDocument& point = points.at(at);
    SweepPoint p;
    try {
      p.scenario = blame_overrides(parsed, [&] { return read_scenario(point, cache).scenario; });
    } catch (const core::InputError& e) {
      throw core::InputError(e.where(), e.field(),
                             fmt::format("{} ({})", e.message(), point_text(base.axes, at, index)));
    }
    for (std::size_t i = 0; i < base.axes.size(); ++i) {
      p.values.push_back(base.axes[i].typed.values[at[i]]);
    }
    loaded.points.push_back(std::move(p));
    next_point(base.axes, at);
  }
  loaded.base = std::move(base.scenario);
  return loaded;
}

}  // namespace

Override parse_override(std::string_view text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    throw core::command_line_error(
        "--set", fmt::format("expected path=value, e.g. spec.topology.nodes=16 (got '{}')", text));
  }
  Override o{std::string(text.substr(0, eq)), std::string(text.substr(eq + 1))};
  try {
    YamlPath::parse(o.path);
  } catch (const std::invalid_argument& e) {
    throw core::command_line_error("--set", e.what());
  }
  return o;
}

std::vector<Override> parse_set_flags(const std::vector<std::string>& set) {
  std::vector<Override> out;
  for (const std::string& s : set) {
    out.push_back(parse_override(s));
  }
  return out;
}

LoadedScenario load_scenario_file(const std::string& path, const std::vector<Override>& overrides,
                                  std::ostream* progress) {
  return load(files::read_input_file(path), path, overrides, progress);
}

LoadedScenario load_scenario_text(std::string_view text, std::string file,
                                  const std::vector<Override>& overrides) {
  return load(text, file, overrides, nullptr);
}

}  // namespace collsim::scenarios
