#include "topology/fabric_size.h"

#include <limits>

#include <fmt/format.h>

#include "core/units.h"
#include "topology/topology_error.h"

namespace collsim::topology {
namespace {

std::uint64_t saturating_mul_add(std::uint64_t a, std::uint64_t b, std::uint64_t add) {
  constexpr std::uint64_t MAX = std::numeric_limits<std::uint64_t>::max();
  if (b != 0 && a > (MAX - add) / b) {
    return MAX;
  }
  return a * b + add;
}

}  // namespace

std::uint64_t fabric_bytes(const FabricSize& size) {
  return saturating_mul_add(size.links, FABRIC_BYTES_PER_LINK,
                            saturating_mul_add(size.vertices, FABRIC_BYTES_PER_VERTEX, 0));
}

void check_fabric_size(const FabricSize& size, std::string_view field, std::string_view change) {
  const std::uint64_t bytes = fabric_bytes(size);
  if (bytes > MAX_FABRIC_BYTES) {
    throw TopologyError(
        std::string(field),
        fmt::format("the fabric would have {} vertices and {} links, about {} of memory, more "
                    "than the {} collsim builds; {}",
                    size.vertices, size.links, core::format_gib(static_cast<double>(bytes)),
                    core::format_gib(static_cast<double>(MAX_FABRIC_BYTES)), change));
  }
}

}  // namespace collsim::topology
