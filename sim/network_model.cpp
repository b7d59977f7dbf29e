#include "sim/network_model.h"

#include "sim/flow_model.h"
#include "sim/ideal_model.h"

namespace collsim::sim {

std::string_view network_kind_name(NetworkKind k) {
  switch (k) {
    case NetworkKind::IDEAL:
      return "ideal";
    case NetworkKind::FLOW:
      return "flow";
  }
  return "unknown";
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
