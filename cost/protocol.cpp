#include "cost/protocol.h"

#include <array>

#include "core/name_table.h"

namespace collsim::cost {
namespace {

constexpr core::NameTable<Protocol, 3> PROTOCOLS{{
    {Protocol::LL, "ll"},
    {Protocol::LL128, "ll128"},
    {Protocol::SIMPLE, "simple"},
}};
constexpr auto PROTOCOL_ORDER = core::values_of(PROTOCOLS);
constexpr core::NameTable<LinkType, 3> LINK_TYPES{{
    {LinkType::NVLINK, "nvlink"},
    {LinkType::PCI, "pci"},
    {LinkType::NET, "net"},
}};
constexpr auto LINK_TYPE_ORDER = core::values_of(LINK_TYPES);

constexpr std::array<PayloadShare, 3> PAYLOAD{{{4, 8}, {120, 128}, {1, 1}}};

constexpr std::int64_t NS = 1'000;  // ps
// [link][protocol], NCCL 2.20.3 src/graph/tuning.cc hwLat, Ring row.
constexpr std::array<std::array<std::int64_t, 3>, 3> STEP_LATENCY_NS{{
    {600, 1'900, 3'400},    // NVLink
    {1'000, 2'500, 5'700},  // PCI
    {2'700, 4'000, 14'000}  // NET
}};
// [protocol], NCCL 2.20.3 src/graph/tuning.cc baseLat, Ring row.
constexpr std::array<std::int64_t, 3> LAUNCH_LATENCY_NS{6'600, 14'000, 8'400};

std::size_t index(Protocol p) {
  return static_cast<std::size_t>(p);
}

}  // namespace

std::string_view protocol_name(Protocol p) {
  return core::name_in(PROTOCOLS, p);
}

std::optional<Protocol> parse_protocol(std::string_view name) {
  return core::parse_in(PROTOCOLS, name);
}

std::span<const Protocol> all_protocols() {
  return PROTOCOL_ORDER;
}

std::string_view link_type_name(LinkType t) {
  return core::name_in(LINK_TYPES, t);
}

std::span<const LinkType> all_link_types() {
  return LINK_TYPE_ORDER;
}

PayloadShare payload_share(Protocol p) {
  return PAYLOAD[index(p)];
}

ProtocolCost protocol_cost(Protocol p, LinkType link) {
  const auto l = static_cast<std::size_t>(link);
  return {payload_share(p).fraction(), core::Time::from_ps(STEP_LATENCY_NS[l][index(p)] * NS),
          core::Time::from_ps(LAUNCH_LATENCY_NS[index(p)] * NS)};
}

HopCost with_protocol(const HopCost& hop, const ProtocolCost& protocol) {
  return {hop.alpha_s + protocol.step_latency.seconds(),
          hop.bytes_per_second * protocol.payload_fraction};
}

}  // namespace collsim::cost
