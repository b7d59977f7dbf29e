#include "report/model_request.h"

#include <stdexcept>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "core/input_error.h"
#include "core/units.h"
#include "scenarios/size_sweep.h"

namespace collsim::report {
namespace {
using cost::ModelParams;
using cost::parse_protocol_mode;
using scenarios::parse_size_sweep;
using scenarios::ReportFormat;

// Runs a units.h parser and reports its error against `flag`.
template <typename Parse>
auto parse_flag(std::string_view flag, Parse&& parse) {
  try {
    return parse();
  } catch (const std::invalid_argument& e) {
    throw core::command_line_error(std::string(flag), e.what());
  }
}

core::Time time_flag(std::string_view flag, const std::string& text) {
  return parse_flag(flag, [&] { return core::parse_time(text); });
}

core::Bandwidth bandwidth_flag(std::string_view flag, const std::string& text) {
  return parse_flag(flag, [&] { return core::parse_bandwidth(text); });
}

void require_exclusive(bool a, std::string_view flag_a, bool b, std::string_view flag_b) {
  if (a && b) {
    throw core::command_line_error(
        std::string(flag_a), fmt::format("cannot be combined with {}; give one of them", flag_b));
  }
}

}  // namespace

ModelRequest parse_model_request(const ModelFlags& flags) {
  ModelRequest r;
  cost::ModelParams& p = r.params;

  if (!flags.world) {
    throw core::command_line_error("--world", "missing; give the number of ranks, e.g. --world 64");
  }
  if (*flags.world < 2 || *flags.world > MAX_MODEL_WORLD) {
    throw core::command_line_error("--world", fmt::format("must be between 2 and {} ranks (got {})",
                                                          MAX_MODEL_WORLD, *flags.world));
  }
  p.world = *flags.world;

  require_exclusive(flags.bytes.has_value(), "--bytes", flags.sizes.has_value(), "--sizes");
  if (flags.bytes) {
    r.sizes = {parse_flag("--bytes", [&] { return core::parse_size(*flags.bytes); })};
  } else if (flags.sizes) {
    r.sizes = parse_flag("--sizes", [&] { return parse_size_sweep(*flags.sizes); });
  } else {
    throw core::command_line_error(
        "--bytes", "missing; give a message size (--bytes 1KiB) or a sweep (--sizes 1KiB:1GiB:x2)");
  }

  if (!flags.alpha) {
    throw core::command_line_error("--alpha",
                                   "missing; give the latency of one send step, e.g. --alpha 5us");
  }
  p.alpha = time_flag("--alpha", *flags.alpha);

  const std::optional<core::Bandwidth> bw =
      flags.bw ? std::optional{bandwidth_flag("--bw", *flags.bw)} : std::nullopt;
  auto family = [&](const std::optional<std::string>& own, std::string_view flag) {
    if (own) {
      return bandwidth_flag(flag, *own);
    }
    if (!bw) {
      throw core::command_line_error(
          "--bw",
          "missing; give the per-direction bandwidth (--bw 100GB/s), or both --ring-bw and "
          "--tree-bw");
    }
    return *bw;
  };
  p.ring_bw = family(flags.ring_bw, "--ring-bw");
  p.tree_bw = family(flags.tree_bw, "--tree-bw");

  if (flags.gpus_per_node) {
    const int g = *flags.gpus_per_node;
    if (g < 1 || p.world % g != 0) {
      throw core::command_line_error(
          "--gpus-per-node",
          fmt::format("must divide --world {} into whole nodes (got {})", p.world, g));
    }
    p.gpus_per_node = g;
  } else {
    for (const auto& [given, flag] : {std::pair{flags.intra_bw.has_value(), "--intra-bw"},
                                      std::pair{flags.inter_bw.has_value(), "--inter-bw"},
                                      std::pair{flags.inter_alpha.has_value(), "--inter-alpha"}}) {
      if (given) {
        throw core::command_line_error(
            flag, "needs --gpus-per-node (it prices hops inside or between nodes)");
      }
    }
  }
  if (flags.intra_bw) {
    p.intra_bw = bandwidth_flag("--intra-bw", *flags.intra_bw);
  }
  if (flags.inter_bw) {
    p.inter_bw = bandwidth_flag("--inter-bw", *flags.inter_bw);
  }
  if (flags.inter_alpha) {
    p.inter_alpha = time_flag("--inter-alpha", *flags.inter_alpha);
  }

  require_exclusive(flags.chunks.has_value(), "--chunks", flags.chunk_size.has_value(),
                    "--chunk-size");
  if (flags.chunks) {
    if (*flags.chunks < 1) {
      throw core::command_line_error(
          "--chunks", fmt::format("must be at least 1 chunk per tree (got {})", *flags.chunks));
    }
    p.chunking = cost::DbtChunking::chunk_count(*flags.chunks);
  } else if (flags.chunk_size) {
    p.chunking = cost::DbtChunking::chunk_size(parse_flag(
        "--chunk-size", [&] { return core::parse_size(*flags.chunk_size, core::Zero::REJECTED); }));
  }

  if (flags.protocol) {
    const auto mode = cost::parse_protocol_mode(*flags.protocol);
    if (!mode) {
      throw core::command_line_error(
          "--protocol",
          fmt::format("unknown protocol '{}'; expected none, ll, ll128, simple or auto",
                      *flags.protocol));
    }
    p.protocol = *mode;
  }

  require_exclusive(flags.csv, "--csv", flags.json, "--json");
  r.format =
      flags.csv ? ReportFormat::CSV : (flags.json ? ReportFormat::JSON : ReportFormat::TABLE);
  return r;
}

}  // namespace collsim::report
