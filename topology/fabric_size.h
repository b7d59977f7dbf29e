#pragma once

#include <cstdint>
#include <string_view>

namespace collsim::topology {

// FabricSize: the vertices and physical (full-duplex) links a builder creates, counted from
// its parameters before anything is built (each builder's `*_size` function, in the same
// file as the builder, and topology_spec.h's fabric_size for any of them). The counts are
// exact: tests build every builder's fabrics and compare.
struct FabricSize {
  std::uint64_t vertices = 0;
  std::uint64_t links = 0;

  FabricSize& operator+=(const FabricSize& o) {
    vertices += o.vertices;
    links += o.links;
    return *this;
  }
  friend bool operator==(const FabricSize&, const FabricSize&) = default;
};

// Memory per vertex and per link of a built fabric, with the router's tables over it, as
// measured on a release build (docs/topology.md, "Limits"), rounded up.
inline constexpr std::uint64_t FABRIC_BYTES_PER_VERTEX = 512;
inline constexpr std::uint64_t FABRIC_BYTES_PER_LINK = 384;
// The largest fabric collsim builds, in estimated bytes: a mistyped node count or radix
// is refused in microseconds with its size instead of building for minutes and gigabytes.
inline constexpr std::uint64_t MAX_FABRIC_BYTES = 1ULL << 30;  // 1 GiB

// The estimated memory of a fabric of `size`, saturating instead of wrapping.
std::uint64_t fabric_bytes(const FabricSize& size);

// Throws TopologyError at `field` when fabric_bytes(size) exceeds MAX_FABRIC_BYTES, saying
// the counts, the estimate and `change` (the parameters that shrink it). O(1).
void check_fabric_size(const FabricSize& size, std::string_view field, std::string_view change);

}  // namespace collsim::topology
