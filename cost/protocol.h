#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/time.h"
#include "cost/hop_cost.h"

namespace collsim::cost {

// NCCL's three wire protocols:
//   LL      8-byte lines of 4 data + 4 flag bytes: 50% payload, lowest latency;
//   LL128   128-byte lines of 120 data + 8 flag bytes: 93.75% payload;
//   Simple  plain buffers with separate synchronisation: 100% payload, highest latency.
// Order = NCCL's enum order; `auto` protocol choices break ties in this order.
enum class Protocol : std::uint8_t { LL, LL128, SIMPLE };

// The hop classes of NCCL's latency table.
enum class LinkType : std::uint8_t { NVLINK, PCI, NET };

std::string_view protocol_name(Protocol p);  // "ll", "ll128", "simple"
std::optional<Protocol> parse_protocol(std::string_view name);
std::span<const Protocol> all_protocols();
std::string_view link_type_name(LinkType t);  // "nvlink", "pci", "net"
std::span<const LinkType> all_link_types();

// PayloadShare: of every `line` bytes a protocol puts on the wire, `data` are payload —
// LL 4 of 8, LL128 120 of 128, Simple 1 of 1 (the line formats above). Exact, so the
// simulator rounds wire bytes up in integers, ceil(b · line / data), while the α-β models
// divide a hop's bandwidth by fraction() = data / line. Invariant: 0 < data <= line.
struct PayloadShare {
  std::uint32_t data = 1;
  std::uint32_t line = 1;

  double fraction() const { return static_cast<double>(data) / line; }
  friend bool operator==(const PayloadShare&, const PayloadShare&) = default;
};
PayloadShare payload_share(Protocol p);

// ProtocolCost: what a protocol changes in an α-β model. A step of b data bytes over a hop
// with (α, B) costs (α + step_latency) + b / (B · payload_fraction), and the collective pays
// launch_latency once.
//
// Defaults (protocol_cost): payload_fraction is payload_share(p).fraction(). Latencies from
// NCCL's tuning model, src/graph/tuning.cc of NCCL 2.20.3 (commit b6475625): step_latency is
// the Ring row of its per-hop hardware latency table hwLat —
//   NVLink  LL 0.6 us   LL128 1.9 us   Simple 3.4 us
//   PCI     LL 1.0 us   LL128 2.5 us   Simple 5.7 us
//   NET     LL 2.7 us   LL128 4.0 us   Simple 14.0 us
// — and launch_latency the Ring row of its base latency table baseLat (LL 6.6 us, LL128
// 14.0 us, Simple 8.4 us). The Ring row is used for every algorithm: NCCL's Tree/Simple hop
// latency (28 us in 2.20) folds in the transfer of a whole chunk, which collsim's models
// charge explicitly. NCCL's tuner further derates bandwidths (e.g. Ring/LL128 × 0.92); those
// calibration factors are not part of this protocol view. O(1).
struct ProtocolCost {
  double payload_fraction = 1;
  core::Time step_latency;
  core::Time launch_latency;
};

ProtocolCost protocol_cost(Protocol p, LinkType link);

// The hop as seen through a protocol: α + step_latency, B · payload_fraction.
HopCost with_protocol(const HopCost& hop, const ProtocolCost& protocol);

}  // namespace collsim::cost
