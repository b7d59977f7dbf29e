#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cost/allreduce_models.h"
#include "core/bandwidth.h"
#include "scenarios/scenario.h"

namespace collsim::report {

// ModelRequest: a typed `collsim model` job — the closed-form parameters, the message sizes
// to evaluate (in order), and the output format.
struct ModelRequest {
  cost::ModelParams params;
  std::vector<core::Bytes> sizes;
  scenarios::ReportFormat format = scenarios::ReportFormat::TABLE;
};

// The most ranks `collsim model` accepts: the double binary tree's shape is built for every
// node, 48 bytes each.
inline constexpr int MAX_MODEL_WORLD = 1 << 20;

// ModelFlags: the flags of `collsim model` as the user wrote them (empty = not given);
// dimensioned values are still text, in core/units.h spelling.
struct ModelFlags {
  std::optional<int> world;
  std::optional<std::string> bytes;
  std::optional<std::string> sizes;
  std::optional<std::string> alpha;
  std::optional<std::string> bw;
  std::optional<std::string> ring_bw;
  std::optional<std::string> tree_bw;
  std::optional<int> gpus_per_node;
  std::optional<std::string> intra_bw;
  std::optional<std::string> inter_bw;
  std::optional<std::string> inter_alpha;
  std::optional<int> chunks;
  std::optional<std::string> chunk_size;
  std::optional<std::string> protocol;
  bool csv = false;
  bool json = false;
};

// Turns flags into a request: every dimensioned value through core/units.h, every
// constraint checked. Throws core::InputError at "command line" naming the flag (e.g.
// "--alpha") for a missing required flag (--world, --alpha, --bytes or --sizes, --bw unless
// both --ring-bw and --tree-bw), a bad value, or flags that exclude each other.
ModelRequest parse_model_request(const ModelFlags& flags);

}  // namespace collsim::report
