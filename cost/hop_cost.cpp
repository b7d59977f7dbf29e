#include "cost/hop_cost.h"

#include "cost/model_arguments.h"

namespace collsim::cost {

HopCost make_hop_cost(core::Time alpha, core::Bandwidth bandwidth, std::string_view alpha_name,
                      std::string_view bandwidth_name) {
  require_latency(alpha, alpha_name);
  require_bandwidth(bandwidth, bandwidth_name);
  return {alpha.seconds(), static_cast<double>(bandwidth.bytes_per_second())};
}

}  // namespace collsim::cost
