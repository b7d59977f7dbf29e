#pragma once

#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"

// Checks shared by the builders; each throws TopologyError naming the parameter `field`.
namespace collsim::topology {

// "must be at least <min> (got <value>)".
void check_at_least(long long value, long long min, std::string_view field);
// "must be at most <max> (got <value>)".
void check_at_most(long long value, long long max, std::string_view field);
// A switch radix: "must be an even number of ports from 2 to 1024 (got <radix>)".
void check_radix(int radix, std::string_view field);
// A link bandwidth: "must be greater than zero" / "is above the limit of 1000TB/s".
void check_bandwidth(core::Bandwidth bandwidth, std::string_view field);
// A link latency: "must not be negative" / "is above the limit of 1s".
void check_latency(core::Time latency, std::string_view field);
// Switch tiers: "must be 2 or 3 (got <tiers>)".
void check_tiers(int tiers, std::string_view field);
// Oversubscription (downlink : uplink bandwidth at the leaves): finite and
// "must be at least 1 (got <value>)".
void check_oversubscription(double ratio, std::string_view field);

}  // namespace collsim::topology
