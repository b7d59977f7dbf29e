#pragma once

#include <string>
#include <vector>

namespace collsim::report {

// The output of a whole sweep from the CSV or JSON outputs of its shards (`sweep --shard
// i/N`, i = 0..N-1), byte for byte what the unsharded sweep writes. Checks that the inputs
// come from one sweep (same header or parameters, same point count, same scenario digest),
// hold every point exactly once and all its rows (the `rows` of each CSV row, the
// `shard_rows` and `rows` of JSON); throws core::InputError naming the offending input otherwise,
// or at "command line" when there is none. O(total rows · log rows).
std::string merge_shards(const std::vector<std::string>& inputs);

}  // namespace collsim::report
