#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/bandwidth.h"
#include "core/time.h"
#include "topology/fabric.h"
#include "topology/fabric_builder.h"
#include "topology/fabric_size.h"

namespace collsim::topology {

// How the GPUs of one NVLink island are joined.
enum class IslandFabric : std::uint8_t {
  NVSWITCH,  // every GPU has one link to a single (logical) NVSwitch
  MESH,      // every pair of GPUs has one direct link
  PAIRS,     // the links listed in NvlinkParams::pairs, e.g. a DGX-1 hybrid cube mesh
};

// nvswitch, mesh, pairs: the names topology files use, and every value in that order.
std::string_view island_fabric_name(IslandFabric f);
std::span<const IslandFabric> all_island_fabrics();

// One NVLink between GPUs a and b (local indices); a pair listed twice is two parallel links.
struct NvlinkPair {
  int a = 0;
  int b = 0;
};

// The NVLink fabric of one node. `bandwidth` is per direction: for NVSWITCH the bandwidth
// of each GPU's link to the switch (H100 SXM: 18 NVLink4 links x 25 GB/s = 450 GB/s, the
// "900 GB/s" NVIDIA's H100 datasheet quotes counts both directions); for MESH that of each
// GPU pair's link; for PAIRS that of each listed link (V100 NVLink2: 25 GB/s). `latency` is
// that of each link (a GPU -> NVSwitch -> GPU path crosses two).
// The NVSwitch chips of a node (four in a DGX H100) are modelled as one switch vertex
// with full bandwidth between its ports.
struct NvlinkParams {
  IslandFabric fabric = IslandFabric::NVSWITCH;
  core::Bandwidth bandwidth = core::Bandwidth::from_bytes_per_second(450'000'000'000);
  core::Time latency = core::Time::from_ps(500'000);  // 0.5 us
  std::vector<NvlinkPair> pairs;                      // PAIRS only
};

// One NVLink island: `gpus` GPUs on node 0 named gpu0..gpu<g-1>, plus "nvswitch".
// Vertices: g (+1 NVSwitch); physical links: g (NVSWITCH), g(g-1)/2 (MESH), |pairs| (PAIRS).
struct IslandParams {
  int gpus = 8;
  NvlinkParams nvlink;
};

// Builds one island. Throws TopologyError (fields gpus, fabric, bandwidth, latency, pairs,
// pairs[i]) for: gpus outside 1..2^20; a MESH of more than 1024 GPUs; a bandwidth <= 0 or
// a negative latency; pairs with a fabric other than PAIRS, or none with PAIRS and several
// GPUs; a pair naming a GPU outside 0..g-1 or the same GPU twice; and (from FabricBuilder)
// GPUs left unconnected; a fabric beyond MAX_FABRIC_BYTES (topology/fabric_size.h), before
// building. O(g^2) for MESH, O(g + |pairs|) otherwise.
Fabric build_island(const IslandParams& params);

// The island of node `node` inside a larger build: adds its GPUs (node `node`, local
// 0..gpus-1, named <prefix>gpu<i>) and NVSwitch (<prefix>nvswitch) to `builder` and returns
// the GPU ids in local order. `field` prefixes the parameter names in errors ("island.").
std::vector<VertexId> add_island(FabricBuilder& builder, int gpus, const NvlinkParams& nvlink,
                                 int node, std::string_view prefix, std::string_view field);

// The vertices and links add_island adds (build_island's fabric); throws what add_island
// throws for these parameters. O(|pairs|).
FabricSize island_size(int gpus, const NvlinkParams& nvlink, std::string_view field);

}  // namespace collsim::topology
