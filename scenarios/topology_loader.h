#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "scenarios/yaml_reader.h"
#include "topology/fabric.h"
#include "topology/topology_spec.h"

namespace collsim::scenarios {

// Reading the `topology:` section of a file (docs/topology.md lists every
// key). `builder` picks the builder (island | cluster | fat_tree | pcie | explicit); the
// other keys are that builder's parameters, each optional with the default documented on
// its parameter struct in topology/, except explicit's nodes and links and their names,
// kinds and link bandwidth and latency, and `pairs` when an island's fabric is pairs.
// Unknown keys, wrong types and values without units are InputErrors at the offending line.
topology::TopologySpec read_topology_spec(const YamlValue& section);

// Runs the builder; a topology::TopologyError becomes an InputError at the line of the
// parameter it names (the section itself when it names none), under the section's path.
topology::Fabric build_topology(const topology::TopologySpec& spec, const YamlValue& section);

// The header every collsim file starts with: apiVersion (collsim/v1), kind, and metadata
// with a name (letters, digits, '.', '_', '-') and an optional description. Reads those
// keys of the top-level map; the caller reads `spec` and finishes the map.
enum class FileKind { TOPOLOGY, SCENARIO };
struct FileHeader {
  FileKind kind = FileKind::SCENARIO;
  std::string name;
  std::optional<std::string> description;
};
FileHeader read_file_header(YamlMap& top);

// A topology file: kind Topology (apiVersion collsim/v1, metadata.name, spec = the
// topology section) or kind Scenario (spec.topology is read here; the rest of spec belongs
// to the scenario loader and is not looked at).
struct TopologyFile {
  std::string name;  // metadata.name
  topology::TopologySpec spec;
  topology::Fabric fabric;
};

TopologyFile load_topology_file(const std::string& path);
// The same from text; `file` is the name errors show.
TopologyFile load_topology_text(std::string_view text, std::string file);

}  // namespace collsim::scenarios
