// Every enum that a file or the command line names, or a report prints, has its names in
// one core::NameTable: each value has one name, no two share it, none is "unknown", and the
// name read back (as a file's reader does, through YamlValue::as_named) is the value. A
// value added to an enum without a name fails here.
#include <set>
#include <span>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

#include "algorithms/algorithm.h"
#include "algorithms/schedule.h"
#include "cost/allreduce_models.h"
#include "cost/nccl_tuner.h"
#include "cost/protocol.h"
#include "scenarios/scenario.h"
#include "scenarios/yaml_reader.h"
#include "sim/network_model.h"
#include "topology/cluster_builder.h"
#include "topology/fabric.h"
#include "topology/island_builder.h"
#include "topology/topology_spec.h"

namespace collsim::scenarios {
namespace {

// `count`: how many values the enum has (its last value + 1), so a value missing from the
// list of names is caught too.
template <class E, class Name>
void expect_round_trip(std::span<const E> values, Name name, std::size_t count,
                       const std::string& what) {
  EXPECT_EQ(values.size(), count) << what << ": a value has no name";
  std::set<std::string_view> names;
  for (const E v : values) {
    const std::string_view n = name(v);
    EXPECT_NE(n, "unknown") << what;
    EXPECT_FALSE(n.empty()) << what;
    EXPECT_TRUE(names.insert(n).second) << what << ": '" << n << "' names two values";
    const YamlDocument doc = YamlDocument::parse(std::string(n), what + ".yaml");
    EXPECT_EQ(doc.root().as_named(values, name), v) << what << ": " << n;
  }
}

template <class E>
std::size_t count_to(E last) {
  return static_cast<std::size_t>(last) + 1;
}

TEST(EnumNames, EveryNamedEnumRoundTripsThroughItsTable) {
  using algorithms::Algorithm;
  using algorithms::Collective;
  using algorithms::Phase;
  expect_round_trip(algorithms::all_algorithms(), algorithms::algorithm_name,
                    count_to(Algorithm::NCCL), "Algorithm");
  expect_round_trip(algorithms::all_collectives(), algorithms::collective_name,
                    count_to(Collective::REDUCE), "Collective");
  expect_round_trip(algorithms::all_phases(), algorithms::phase_name,
                    count_to(Phase::INTRA_ALL_GATHER), "Phase");
  expect_round_trip(cost::all_protocol_modes(), cost::protocol_mode_name,
                    count_to(cost::ProtocolMode::AUTO), "ProtocolMode");
  expect_round_trip(cost::all_protocols(), cost::protocol_name, count_to(cost::Protocol::SIMPLE),
                    "Protocol");
  expect_round_trip(cost::all_link_types(), cost::link_type_name, count_to(cost::LinkType::NET),
                    "LinkType");
  expect_round_trip(cost::all_gpu_generations(), cost::gpu_generation_name,
                    count_to(cost::GpuGeneration::BLACKWELL), "GpuGeneration");
  expect_round_trip(cost::all_cpu_vendors(), cost::cpu_vendor_name, count_to(cost::CpuVendor::AMD),
                    "CpuVendor");
  expect_round_trip(cost::all_nccl_versions(), cost::nccl_version_name,
                    count_to(cost::NcclVersion::V2_30), "NcclVersion");
  expect_round_trip(cost::all_tree_patterns(), cost::tree_pattern_name,
                    count_to(cost::TreePattern::TREE), "TreePattern");
  expect_round_trip(sim::all_network_kinds(), sim::network_kind_name,
                    count_to(sim::NetworkKind::FLOW), "NetworkKind");
  expect_round_trip(all_report_formats(), report_format_name, count_to(ReportFormat::JSON),
                    "ReportFormat");
  expect_round_trip(topology::all_vertex_kinds(), topology::vertex_kind_name,
                    count_to(topology::VertexKind::SWITCH), "VertexKind");
  expect_round_trip(topology::all_link_classes(), topology::link_class_name,
                    count_to(topology::LinkClass::NETWORK), "LinkClass");
  // A file names only the tiers a switch can have; NONE is printed for other vertices.
  expect_round_trip(topology::switch_tiers(), topology::switch_tier_name,
                    count_to(topology::SwitchTier::CORE) - 1, "SwitchTier");
  EXPECT_EQ(topology::switch_tier_name(topology::SwitchTier::NONE), "none");
  expect_round_trip(topology::all_island_fabrics(), topology::island_fabric_name,
                    count_to(topology::IslandFabric::PAIRS), "IslandFabric");
  expect_round_trip(topology::all_network_fabrics(), topology::network_fabric_name,
                    count_to(topology::NetworkFabric::FAT_TREE), "NetworkFabric");
  expect_round_trip(topology::all_builder_kinds(), topology::builder_kind_name,
                    count_to(topology::BuilderKind::EXPLICIT), "BuilderKind");
}

}  // namespace
}  // namespace collsim::scenarios
