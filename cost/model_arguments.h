#pragma once

#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::cost {

// The argument contract shared by the closed-form cost models. Each check throws
// std::invalid_argument with a message that starts with the parameter's name, e.g.
// "world must be at least 2 (got 1)", so a caller can show it as is. O(1).
void require_world(int world, std::string_view name = "world");
void require_at_least(int value, int minimum, std::string_view name);
void require_bytes(core::Bytes bytes, std::string_view name = "bytes");
void require_latency(core::Time latency, std::string_view name);
void require_bandwidth(core::Bandwidth bandwidth, std::string_view name);

}  // namespace collsim::cost
