#pragma once

#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"
#include "cost/hop_cost.h"

namespace collsim::cost {

// The argument contract shared by the closed-form cost models. Each check throws
// std::invalid_argument with a message that starts with the parameter's name, e.g.
// "world must be at least 2 (got 1)", so a caller can show it as is. O(1).
void require_world(int world, std::string_view name = "world");
void require_at_least(int value, int minimum, std::string_view name);
void require_bytes(core::Bytes bytes, std::string_view name = "bytes");
void require_latency(core::Time latency, std::string_view name);
void require_bandwidth(core::Bandwidth bandwidth, std::string_view name);

// The seconds of a flat model `cost(p, hop)` (an AffineCost) for one (α, B) hop and S bytes,
// with the arguments checked: what ring_allreduce_seconds and its kin evaluate.
template <class Cost>
double flat_model_seconds(Cost cost, int p, core::Time alpha, core::Bandwidth bandwidth,
                          core::Bytes bytes) {
  require_bytes(bytes);
  return cost(p, make_hop_cost(alpha, bandwidth)).seconds(static_cast<double>(bytes));
}

}  // namespace collsim::cost
