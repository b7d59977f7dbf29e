#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/algorithm.h"
#include "algorithms/generate_options.h"
#include "algorithms/rank_layout.h"
#include "core/bandwidth.h"
#include "core/input_error.h"
#include "core/time.h"
#include "cost/nccl_tuner.h"
#include "cost/protocol.h"
#include "sim/network_model.h"
#include "topology/fabric.h"
#include "topology/topology_spec.h"

namespace collsim::scenarios {

// The formats a report is written in: the aligned table, CSV, JSON (docs/scenario-format.md,
// "Outputs").
enum class ReportFormat : std::uint8_t { TABLE, CSV, JSON };

// Scenario: one `kind: Scenario` file in typed form (every key, its unit and
// default in docs/scenario-format.md). A Scenario that scenario_loader.h returns has been
// validated in full: the topology builds, the placement names distinct GPUs of it, and the
// generators accept every (algorithm, size). Running it produces results (possibly a
// deadlock); the only input errors left are found by run_one (scenario_run.h), still before
// any output is written: a schedule too large to build, a simulated time beyond
// core::Time::max(), and two ranks that must exchange data on GPUs without a route.

// spec.placement: which GPU each rank runs on. `gpus` given: rank r on the GPU named
// gpus[r]. Otherwise the first `ranks` GPUs in (node, local) order (all of them when
// `ranks` is unset). Ranks of one node are consecutive (the rank layout is node-major).
struct Placement {
  std::optional<int> ranks;
  std::vector<std::string> gpus;
};

// spec.collective.sizes written as {from, to, factor} (nccl-tests' -b -e -f).
struct SizeRange {
  core::Bytes from = 0;
  core::Bytes to = 0;
  int factor = 2;
};

// spec.collective: what runs. `sizes` are the message sizes S in the order the file lists
// them (expanded from `range` when the file wrote one); `chunks` / `chunk_size` / the
// rest are algorithms::GenerateOptions (at most one of the two chunk fields is set).
struct CollectiveSpec {
  algorithms::Collective op = algorithms::Collective::ALL_REDUCE;
  std::vector<algorithms::Algorithm> algorithms;
  std::vector<core::Bytes> sizes;
  std::optional<SizeRange> range;
  std::optional<std::uint32_t> chunks;
  std::optional<core::Bytes> chunk_size;
  std::uint32_t channels = 1;
  algorithms::Algorithm inter = algorithms::Algorithm::RING;  // two_level only
  bool pipeline = true;
  algorithms::Rank root = 0;  // broadcast and reduce only
};

// spec.model: how the schedule is timed. A protocol adds its per-step latency to every
// send (NVLink figures when every rank is on one node, NET otherwise) and its line framing
// to the bytes on the wire; `seed` salts the fabric's ECMP hash.
// spec.model.nccl: what NCCL's tuner (algorithm nccl) needs to know beyond the fabric.
struct NcclSpec {
  cost::GpuGeneration gpu = cost::GpuGeneration::HOPPER;
  cost::CpuVendor cpu = cost::CpuVendor::INTEL;
  cost::TreePattern tree_pattern = cost::TreePattern::BALANCED_TREE;
  cost::NcclVersion version = cost::NcclVersion::V2_30;
  friend bool operator==(const NcclSpec&, const NcclSpec&) = default;
};

struct ModelSpec {
  sim::NetworkKind network = sim::NetworkKind::FLOW;
  core::Time step_latency;
  core::Bandwidth reduce_bandwidth;  // 0 = reductions are free (no REDUCE ops generated)
  core::SourceLocation reduce_bandwidth_location;  // of reduceBandwidth, for errors about it
  std::optional<cost::Protocol> protocol;
  std::uint64_t seed = 0;
  std::optional<NcclSpec> nccl;
};

// One spec.sweep axis: the field it sets and its values, each as YAML flow text (what the
// reports print in the axis' column).
struct SweepAxis {
  std::string path;
  std::vector<std::string> values;
};

// spec.outputs: the report formats `collsim run` / `sweep` write, and where. Without a
// file every format goes to stdout in order; with one, format f goes to "<file>.<ext>"
// (txt, csv, json).
struct Outputs {
  std::vector<ReportFormat> formats{ReportFormat::TABLE};
  std::optional<std::string> file;
  core::SourceLocation file_location;  // of outputs.file, for errors about writing it
  std::string file_field;              // its key path, e.g. "spec.outputs.file"
};

struct Scenario {
  std::string file;  // the file it was read from, for messages
  std::string name;  // metadata.name, also the golden-test id
  std::optional<std::string> description;
  topology::TopologySpec topology;
  Placement placement;
  CollectiveSpec collective;
  ModelSpec model;
  std::vector<SweepAxis> sweep;
  core::SourceLocation sweep_location;  // of spec.sweep, for messages about it
  Outputs outputs;
};

// The fabric of a scenario, freshly built, with its ECMP seed set. Precondition: the
// scenario was validated (the topology builds). O(V + E).
topology::Fabric build_scenario_fabric(const Scenario& scenario);

// The GPU of every rank (see Placement). Throws PlacementError for a placement that does
// not fit the fabric; the loader turns it into an InputError at `field`.
struct PlacementError : std::invalid_argument {
  PlacementError(std::string field_in, const std::string& message)
      : std::invalid_argument(message), field(std::move(field_in)) {}
  std::string field;  // below spec.placement: "ranks", "gpus", "gpus[3]"
};
std::vector<topology::VertexId> placement_gpus(const Placement& placement,
                                               const topology::Fabric& fabric);

// The rank layout the generators see: consecutive ranks on one node form a node; NICs per
// node from the fabric (the NIC vertices of the first rank's node; 0, i.e. one per GPU,
// when it has none). Precondition: `gpus` came from placement_gpus. O(ranks + V).
algorithms::RankLayout placement_layout(const topology::Fabric& fabric,
                                        const std::vector<topology::VertexId>& gpus);

// Whether every rank is on one node (the protocol's NVLink latencies apply).
bool single_node(const topology::Fabric& fabric, const std::vector<topology::VertexId>& gpus);

// The generator options of one algorithm of the scenario (emit_reduce_ops when the model
// charges reductions).
algorithms::GenerateOptions generate_options(const Scenario& scenario);

// The protocol's payload share (cost/protocol.h); 1 of 1 without one.
cost::PayloadShare protocol_payload_share(std::optional<cost::Protocol> protocol);

// The per-send latency the protocol adds (0 without one), for the link class of the run.
core::Time protocol_step_latency(std::optional<cost::Protocol> protocol, bool one_node);

// The names files use: "ideal"/"flow"; "none"/"ll"/"ll128"/"simple"; "table"/"csv"/"json".
std::string_view protocol_option_name(std::optional<cost::Protocol> protocol);
std::string_view report_format_name(ReportFormat format);
std::span<const ReportFormat> all_report_formats();  // table, csv, json

}  // namespace collsim::scenarios
