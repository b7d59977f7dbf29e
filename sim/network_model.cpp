#include "sim/network_model.h"

#include "core/name_table.h"
#include "sim/flow_model.h"
#include "sim/ideal_model.h"

namespace collsim::sim {

namespace {

constexpr core::NameTable<NetworkKind, 2> NETWORK_KINDS{{
    {NetworkKind::IDEAL, "ideal"},
    {NetworkKind::FLOW, "flow"},
}};
constexpr auto NETWORK_KIND_ORDER = core::values_of(NETWORK_KINDS);

}  // namespace

std::string_view network_kind_name(NetworkKind k) {
  return core::name_in(NETWORK_KINDS, k);
}

std::span<const NetworkKind> all_network_kinds() {
  return NETWORK_KIND_ORDER;
}

std::unique_ptr<NetworkModel> make_network_model(NetworkKind kind, EventQueue& queue,
                                                 TransferSink& sink,
                                                 std::vector<std::int64_t> capacities) {
  switch (kind) {
    case NetworkKind::IDEAL:
      return std::make_unique<IdealModel>(queue, sink, capacities.size());
    case NetworkKind::FLOW:
      return std::make_unique<FlowModel>(queue, sink, std::move(capacities));
  }
  return nullptr;
}

}  // namespace collsim::sim
