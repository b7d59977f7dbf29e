#include "report/explain_report.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "algorithms/double_binary_tree.h"
#include "algorithms/generate.h"
#include "algorithms/ring.h"
#include "algorithms/schedule_stats.h"
#include "core/input_error.h"
#include "core/name_table.h"
#include "core/units.h"

namespace collsim::report {
namespace {

using algorithms::Algorithm;
using algorithms::Collective;
using algorithms::Op;
using algorithms::OpId;
using algorithms::OpKind;
using algorithms::Rank;
using algorithms::RankLayout;
using algorithms::Schedule;
using algorithms::ScheduleStats;

enum class Grouping { STEP, RANK };
constexpr core::NameTable<Grouping, 2> GROUPINGS{
    {{Grouping::STEP, "step"}, {Grouping::RANK, "rank"}}};

// The request behind the flags, every value checked.
struct Request {
  Algorithm algorithm = Algorithm::RING;
  Collective collective = Collective::ALL_REDUCE;
  std::vector<Rank> node_sizes;
  std::uint32_t nics_per_node = 1;
  core::Bytes bytes = 0;
  algorithms::GenerateOptions options;
  Grouping by = Grouping::STEP;
  std::size_t limit = DEFAULT_EXPLAIN_LIMIT;
  bool json = false;
};

std::string algorithm_list() {
  std::string out;
  for (Algorithm a : algorithms::all_algorithms()) {
    out += (out.empty() ? "" : ", ") + std::string(algorithms::algorithm_name(a));
  }
  return out;
}

core::Bytes size_flag(const std::string& flag, const std::string& text, core::Zero zero) {
  try {
    return core::parse_size(text, zero);
  } catch (const core::UnitError& e) {
    throw core::command_line_error(flag, e.what());
  }
}

std::vector<Rank> parse_node_sizes(const std::string& text) {
  std::vector<Rank> sizes;
  std::string_view rest = text;
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    int value = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (ec != std::errc() || end != item.data() + item.size() || value < 1 ||
        value > MAX_EXPLAIN_RANKS) {
      throw core::command_line_error(
          "--node-sizes",
          fmt::format("'{}' is not a GPU count; write the GPUs of each node, e.g. 4,4,2", item));
    }
    sizes.push_back(static_cast<Rank>(value));
    if (comma == std::string_view::npos) {
      break;
    }
    rest = rest.substr(comma + 1);
  }
  return sizes;
}

std::vector<Rank> layout_flags(const ExplainFlags& f) {
  if (f.node_sizes) {
    if (f.gpus_per_node) {
      throw core::command_line_error("--gpus-per-node",
                                     "give either --node-sizes or --gpus-per-node, not both");
    }
    std::vector<Rank> sizes = parse_node_sizes(*f.node_sizes);
    std::uint64_t total = 0;
    for (Rank g : sizes) {
      total += g;
    }
    if (total > MAX_EXPLAIN_RANKS) {
      throw core::command_line_error(
          "--node-sizes",
          fmt::format("{} ranks; explain builds at most {}", total, MAX_EXPLAIN_RANKS));
    }
    if (f.ranks && static_cast<std::uint64_t>(*f.ranks) != total) {
      throw core::command_line_error(
          "--ranks", fmt::format("{} ranks, but --node-sizes adds up to {}", *f.ranks, total));
    }
    return sizes;
  }
  if (!f.ranks) {
    throw core::command_line_error("--ranks", "is required (or give --node-sizes)");
  }
  if (*f.ranks < 1 || *f.ranks > MAX_EXPLAIN_RANKS) {
    throw core::command_line_error(
        "--ranks", fmt::format("must be 1 to {}, got {}", MAX_EXPLAIN_RANKS, *f.ranks));
  }
  const int g = f.gpus_per_node.value_or(1);
  if (g < 1 || *f.ranks % g != 0) {
    throw core::command_line_error(
        "--gpus-per-node", fmt::format("must be at least 1 and divide --ranks {}, got {} (give "
                                       "--node-sizes for nodes of different sizes)",
                                       *f.ranks, g));
  }
  return std::vector<Rank>(static_cast<std::size_t>(*f.ranks / g), static_cast<Rank>(g));
}

Request parse(const ExplainFlags& f) {
  Request q;
  if (!f.algorithm) {
    throw core::command_line_error("--algo", "is required: one of " + algorithm_list());
  }
  const auto algorithm = algorithms::parse_algorithm(*f.algorithm);
  if (!algorithm) {
    throw core::command_line_error(
        "--algo", fmt::format("unknown algorithm '{}'; one of {}", *f.algorithm, algorithm_list()));
  }
  q.algorithm = *algorithm;
  if (f.collective) {
    const auto c = algorithms::parse_collective(*f.collective);
    if (!c) {
      throw core::command_line_error(
          "--collective", fmt::format("unknown collective '{}'; one of allreduce, reducescatter, "
                                      "allgather, broadcast, reduce",
                                      *f.collective));
    }
    q.collective = *c;
  }
  if (!algorithms::supports(q.algorithm, q.collective)) {
    throw core::command_line_error(
        "--collective", fmt::format("{} has no {} schedule (reducescatter and allgather: ring; "
                                    "broadcast and reduce: ring, binary_tree, binomial_tree)",
                                    algorithms::algorithm_name(q.algorithm),
                                    algorithms::collective_name(q.collective)));
  }
  q.node_sizes = layout_flags(f);
  const Rank ranks = [&] {
    Rank p = 0;
    for (Rank g : q.node_sizes) {
      p += g;
    }
    return p;
  }();
  q.nics_per_node = *std::max_element(q.node_sizes.begin(), q.node_sizes.end());
  if (f.nics_per_node) {
    if (*f.nics_per_node < 1 || *f.nics_per_node > 1024) {
      throw core::command_line_error("--nics-per-node",
                                     fmt::format("must be 1 to 1024, got {}", *f.nics_per_node));
    }
    q.nics_per_node = static_cast<std::uint32_t>(*f.nics_per_node);
  }
  if (!f.bytes) {
    throw core::command_line_error("--bytes", "is required: the message size, e.g. 1MiB");
  }
  q.bytes = size_flag("--bytes", *f.bytes, core::Zero::ALLOWED);
  if (f.chunks && f.chunk_size) {
    throw core::command_line_error("--chunk-size",
                                   "give either --chunks or --chunk-size, not both");
  }
  if (f.chunks) {
    if (*f.chunks < 1) {
      throw core::command_line_error("--chunks",
                                     fmt::format("must be at least 1, got {}", *f.chunks));
    }
    q.options.chunks = static_cast<std::uint32_t>(*f.chunks);
  }
  if (f.chunk_size) {
    q.options.chunk_size = size_flag("--chunk-size", *f.chunk_size, core::Zero::REJECTED);
  }
  if (f.channels) {
    if (*f.channels < 1 || *f.channels > static_cast<int>(algorithms::MAX_CHANNELS)) {
      throw core::command_line_error(
          "--channels",
          fmt::format("must be 1 to {}, got {}", algorithms::MAX_CHANNELS, *f.channels));
    }
    q.options.channels = static_cast<std::uint32_t>(*f.channels);
  }
  q.options.pipeline = !f.no_pipeline;
  q.options.emit_reduce_ops = f.reduce_ops;
  if (f.inter) {
    if (q.algorithm != Algorithm::TWO_LEVEL) {
      throw core::command_line_error("--inter", "applies to two_level only");
    }
    const auto inter = algorithms::parse_algorithm(*f.inter);
    if (inter != Algorithm::RING && inter != Algorithm::DOUBLE_BINARY_TREE) {
      throw core::command_line_error(
          "--inter", fmt::format("must be ring or double_binary_tree, got '{}'", *f.inter));
    }
    q.options.inter = *inter;
  }
  if (f.root) {
    if (q.collective != Collective::BROADCAST && q.collective != Collective::REDUCE) {
      throw core::command_line_error("--root", "applies to broadcast and reduce only");
    }
    if (*f.root < 0 || static_cast<Rank>(*f.root) >= ranks) {
      throw core::command_line_error(
          "--root", fmt::format("must be a rank, 0 to {}, got {}", ranks - 1, *f.root));
    }
    q.options.root = static_cast<Rank>(*f.root);
  }
  if (f.by) {
    const std::optional<Grouping> by = core::parse_in(GROUPINGS, *f.by);
    if (!by) {
      throw core::command_line_error("--by", fmt::format("must be step or rank, got '{}'", *f.by));
    }
    q.by = *by;
  }
  if (f.limit) {
    if (*f.limit < 0) {
      throw core::command_line_error("--limit", fmt::format("must be 0 or more, got {}", *f.limit));
    }
    q.limit = static_cast<std::size_t>(*f.limit);
  }
  q.json = f.json;
  return q;
}

Schedule build(const Request& q, const RankLayout& layout) {
  try {
    return algorithms::generate(q.algorithm, q.collective, q.bytes, layout, q.options);
  } catch (const std::length_error& e) {
    throw core::command_line_error("", e.what());
  } catch (const std::invalid_argument& e) {
    throw core::command_line_error("", e.what());
  }
}

// The first `limit` ops ordered by (group, id): a histogram of the groups, then one pass
// that keeps only what will be printed, so a huge schedule is never sorted.
std::vector<OpId> listed_ops(const Schedule& s, Grouping by, std::size_t limit) {
  auto key = [&](OpId i) -> std::size_t {
    return by == Grouping::STEP ? s.op(i).label.step : s.op(i).src;
  };
  std::size_t keys = 0;
  for (OpId i = 0; i < s.size(); ++i) {
    keys = std::max(keys, key(i) + 1);
  }
  std::vector<std::size_t> count(keys, 0);
  for (OpId i = 0; i < s.size(); ++i) {
    ++count[key(i)];
  }
  // Groups below `cut` are listed whole, group `cut` in part.
  std::size_t cut = 0;
  std::size_t before = 0;
  while (cut < keys && before + count[cut] <= limit) {
    before += count[cut++];
  }
  std::vector<std::vector<OpId>> groups(std::min(keys, cut + 1));
  std::size_t partial = 0;
  for (OpId i = 0; i < s.size(); ++i) {
    const std::size_t k = key(i);
    if (k < cut) {
      groups[k].push_back(i);
    } else if (k == cut && partial < limit - before) {
      groups[k].push_back(i);
      ++partial;
    }
  }
  std::vector<OpId> out;
  out.reserve(std::min(limit, s.size()));
  for (const auto& g : groups) {
    out.insert(out.end(), g.begin(), g.end());
  }
  return out;
}

// "send/copy", "send/reduce" (a Combine::REDUCE send) or "reduce" (a REDUCE op).
std::string kind_name(const Op& o) {
  if (o.kind == OpKind::REDUCE) {
    return "reduce";
  }
  return o.combine == algorithms::Combine::COPY ? "send/copy" : "send/reduce";
}

std::string piece_text(const Schedule& s, algorithms::PieceId p) {
  if (s.leaf_count(p) == 1 && s.first_leaf(p) == p) {
    return fmt::format("piece {}", p);
  }
  return fmt::format("piece {} (leaves {}-{})", p, s.first_leaf(p),
                     s.first_leaf(p) + s.leaf_count(p) - 1);
}

std::string op_line(const Schedule& s, OpId i) {
  const Op& o = s.op(i);
  const std::string who =
      o.kind == OpKind::SEND ? fmt::format("{} -> {}", o.src, o.dst) : fmt::format("on {}", o.src);
  std::string deps;
  const auto d = s.deps(i);
  constexpr std::size_t SHOWN = 6;
  for (std::size_t e = 0; e < std::min(d.size(), SHOWN); ++e) {
    deps += fmt::format("{}#{}", deps.empty() ? "" : " ", d[e]);
  }
  if (d.size() > SHOWN) {
    deps += fmt::format(" +{} more", d.size() - SHOWN);
  }
  return fmt::format(
      "  #{:<7} {:<11} {:<10} {:<24} {:>8}  {} step {} chunk {} channel {} tree {}"
      "  after {}\n",
      i, kind_name(o), who, piece_text(s, o.piece), core::format_size(s.bytes(i)),
      algorithms::phase_name(o.label.phase), o.label.step, o.label.chunk, o.label.channel,
      o.label.tree, deps.empty() ? "-" : deps);
}

std::string layout_text(const Request& q, Rank ranks) {
  const bool uniform = std::all_of(q.node_sizes.begin(), q.node_sizes.end(),
                                   [&](Rank g) { return g == q.node_sizes[0]; });
  std::string nodes;
  if (uniform) {
    nodes = fmt::format("{} node{} of {} GPU{}", q.node_sizes.size(),
                        q.node_sizes.size() == 1 ? "" : "s", q.node_sizes[0],
                        q.node_sizes[0] == 1 ? "" : "s");
  } else {
    nodes = fmt::format("nodes of {} GPUs", fmt::join(q.node_sizes, ","));
  }
  return fmt::format("{} rank{} in {}, {} NIC{} per node", ranks, ranks == 1 ? "" : "s", nodes,
                     q.nics_per_node, q.nics_per_node == 1 ? "" : "s");
}

struct MinMax {
  core::Bytes min = 0;
  core::Bytes max = 0;
};

MinMax min_max(const std::vector<core::Bytes>& v) {
  if (v.empty()) {
    return {};
  }
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return {*lo, *hi};
}

// The nodes listed per channel in the text report; the JSON report lists every one.
constexpr Rank LISTED_NODES = 4;

// The rings of ring and nccl_ring, one rank order per channel; none for other algorithms.
std::vector<std::vector<Rank>> channel_rings(const Request& q, const RankLayout& layout) {
  std::vector<std::vector<Rank>> rings;
  if (q.algorithm != Algorithm::RING && q.algorithm != Algorithm::NCCL_RING) {
    return rings;
  }
  for (std::uint32_t c = 0; c < q.options.channels; ++c) {
    rings.push_back(q.algorithm == Algorithm::RING ? algorithms::ring_order(layout, c)
                                                   : algorithms::nccl_ring_order(layout, c));
  }
  return rings;
}

// "channel 0: node 0 nic0> 0 7 6 5 4 3 2 1 >nic1 | node 1 ...": per node, the NIC the ring
// enters by, the GPUs (local indices) in ring order and the NIC it leaves by.
std::string rings_text(const RankLayout& layout, const std::vector<std::vector<Rank>>& rings) {
  if (rings.empty()) {
    return {};
  }
  std::string out = "\nrings (per node: entry NIC> GPUs in ring order >exit NIC):\n";
  for (std::size_t c = 0; c < rings.size(); ++c) {
    out += fmt::format("  channel {}:", c);
    std::size_t i = 0;
    for (Rank node = 0; node < layout.num_nodes() && node < LISTED_NODES; ++node) {
      const Rank g = layout.node_size(node);
      const Rank first = rings[c][i];
      const Rank last = rings[c][i + g - 1];
      out += fmt::format("{} node {} nic{}>", node == 0 ? "" : " |", node, layout.nic_of(first));
      for (Rank k = 0; k < g; ++k) {
        out += fmt::format(" {}", layout.local_index(rings[c][i + k]));
      }
      out += fmt::format(" >nic{}", layout.nic_of(last));
      i += g;
    }
    if (layout.num_nodes() > LISTED_NODES) {
      out += fmt::format(" | ... {} more nodes", layout.num_nodes() - LISTED_NODES);
    }
    out += "\n";
  }
  return out;
}

// The trees of double_binary_tree and nccl_tree as (channel, tree, rank tree); none for other
// algorithms.
struct ChannelTree {
  std::uint32_t channel = 0;
  int tree = 0;
  algorithms::RankTree ranks;
};
std::vector<ChannelTree> channel_trees(const Request& q, const RankLayout& layout) {
  std::vector<ChannelTree> trees;
  const std::uint32_t channels = q.options.channels;
  if (q.algorithm == Algorithm::DOUBLE_BINARY_TREE) {
    for (std::uint32_t c = 0; c < channels; ++c) {
      for (int t = 0; t < 2; ++t) {
        trees.push_back({c, t, algorithms::double_binary_rank_tree(layout, t, c)});
      }
    }
  } else if (q.algorithm == Algorithm::NCCL_TREE) {
    const std::uint32_t first_half = algorithms::nccl_tree_zero_channels(channels);
    for (std::uint32_t c = 0; c < channels; ++c) {
      const int t = c < first_half ? 0 : 1;
      trees.push_back({c, t, algorithms::nccl_rank_tree(layout, t, t == 0 ? c : c - first_half)});
    }
  }
  return trees;
}

// "channel 0 tree 0: node 0 gpu0/nic0 | node 1 ...": per node, the head GPU (local index),
// the one that talks to the other nodes, and its NIC.
std::string trees_text(const RankLayout& layout, const std::vector<ChannelTree>& trees) {
  if (trees.empty()) {
    return {};
  }
  std::string out = "\ntrees (per node: the head GPU, which talks to other nodes, and its NIC):\n";
  for (const ChannelTree& t : trees) {
    std::vector<Rank> head(layout.num_nodes());
    for (std::uint32_t v = 0; v < t.ranks.size(); ++v) {
      const std::uint32_t up = t.ranks.parent(v);
      const Rank r = t.ranks.rank(v);
      if (up == algorithms::NO_VERTEX || layout.node_of(t.ranks.rank(up)) != layout.node_of(r)) {
        head[layout.node_of(r)] = r;
      }
    }
    out += fmt::format("  channel {} tree {}:", t.channel, t.tree);
    for (Rank node = 0; node < layout.num_nodes() && node < LISTED_NODES; ++node) {
      out += fmt::format("{} node {} gpu{}/nic{}", node == 0 ? "" : " |", node,
                         layout.local_index(head[node]), layout.nic_of(head[node]));
    }
    if (layout.num_nodes() > LISTED_NODES) {
      out += fmt::format(" | ... {} more nodes", layout.num_nodes() - LISTED_NODES);
    }
    out += "\n";
  }
  return out;
}

std::string text_report(const Request& q, const RankLayout& layout, const Schedule& s,
                        const ScheduleStats& st, const std::vector<core::Bytes>& network,
                        const std::vector<OpId>& listed) {
  std::string out = fmt::format(
      "{} {} of {} over {}\n{} channel{}, {}, {}{}\n", algorithms::algorithm_name(q.algorithm),
      algorithms::collective_name(q.collective), core::format_size(q.bytes),
      layout_text(q, s.num_ranks()), q.options.channels, q.options.channels == 1 ? "" : "s",
      algorithms::chunking_text(q.options), q.options.pipeline ? "pipelined" : "not pipelined",
      q.options.emit_reduce_ops ? ", REDUCE ops" : "");
  if (q.algorithm == Algorithm::TWO_LEVEL) {
    out += fmt::format("inter-node: {}\n", algorithms::algorithm_name(q.options.inter));
  }
  out += rings_text(layout, channel_rings(q, layout));
  out += trees_text(layout, channel_trees(q, layout));
  if (q.limit > 0) {
    out += fmt::format("\nschedule by {} ({} of {} ops):\n", core::name_in(GROUPINGS, q.by),
                       listed.size(), s.size());
    std::size_t group = SIZE_MAX;
    for (OpId i : listed) {
      const std::size_t k = q.by == Grouping::STEP ? s.op(i).label.step : s.op(i).src;
      if (k != group) {
        out += fmt::format("{} {}:\n", core::name_in(GROUPINGS, q.by), k);
        group = k;
      }
      out += op_line(s, i);
    }
    if (listed.size() < s.size()) {
      out += fmt::format("  ... {} more ops not listed (see --limit)\n", s.size() - listed.size());
    }
  }
  const MinMax sent = min_max(st.bytes_sent);
  const MinMax received = min_max(st.bytes_received);
  const MinMax net = min_max(network);
  out += fmt::format(
      "\ncounts:\n"
      "  ops:                      {} ({} sends, {} reduces), {} dependencies\n"
      "  pieces:                   {} leaves, {} composites\n"
      "  bytes sent per rank:      min {}, max {} (total {})\n"
      "  bytes received per rank:  min {}, max {}\n"
      "  network bytes per node:   min {}, max {} (sent to other nodes)\n"
      "  critical path:            {} steps (sends on the longest dependency chain)\n"
      "  schedule memory:          {} bytes\n",
      st.ops, st.sends, st.reduces, st.dependencies, s.num_leaves(),
      s.num_pieces() - s.num_leaves(), core::format_size(sent.min), core::format_size(sent.max),
      core::format_size(st.total_bytes_sent), core::format_size(received.min),
      core::format_size(received.max), core::format_size(net.min), core::format_size(net.max),
      st.critical_path_sends, s.memory_bytes());
  return out;
}

std::string json_report(const Request& q, const RankLayout& layout, const Schedule& s,
                        const ScheduleStats& st, const std::vector<core::Bytes>& network,
                        const std::vector<OpId>& listed) {
  using Json = nlohmann::ordered_json;
  Json j;
  j["algorithm"] = algorithms::algorithm_name(q.algorithm);
  j["collective"] = algorithms::collective_name(q.collective);
  j["bytes"] = q.bytes;
  j["ranks"] = s.num_ranks();
  j["node_sizes"] = q.node_sizes;
  j["nics_per_node"] = q.nics_per_node;
  j["channels"] = q.options.channels;
  j["chunks"] = q.options.chunks;
  j["chunk_size"] = q.options.chunk_size;
  j["pipeline"] = q.options.pipeline;
  j["reduce_ops"] = q.options.emit_reduce_ops;
  if (q.algorithm == Algorithm::TWO_LEVEL) {
    j["inter"] = algorithms::algorithm_name(q.options.inter);
  }
  j["by"] = core::name_in(GROUPINGS, q.by);
  if (const std::vector<std::vector<Rank>> rings = channel_rings(q, layout); !rings.empty()) {
    j["rings"] = rings;
  }
  const MinMax sent = min_max(st.bytes_sent);
  const MinMax received = min_max(st.bytes_received);
  const MinMax net = min_max(network);
  j["counts"] = {{"ops", st.ops},
                 {"sends", st.sends},
                 {"reduces", st.reduces},
                 {"dependencies", st.dependencies},
                 {"leaves", s.num_leaves()},
                 {"composites", s.num_pieces() - s.num_leaves()},
                 {"bytes_sent_min", sent.min},
                 {"bytes_sent_max", sent.max},
                 {"bytes_sent_total", st.total_bytes_sent},
                 {"bytes_received_min", received.min},
                 {"bytes_received_max", received.max},
                 {"network_bytes_min", net.min},
                 {"network_bytes_max", net.max},
                 {"critical_path_steps", st.critical_path_sends},
                 {"memory_bytes", s.memory_bytes()}};
  j["bytes_sent_per_rank"] = st.bytes_sent;
  j["bytes_received_per_rank"] = st.bytes_received;
  j["network_bytes_per_node"] = network;
  Json ops = Json::array();
  for (OpId i : listed) {
    const Op& o = s.op(i);
    Json op{{"id", i},
            {"kind", kind_name(o)},
            {"src", o.src},
            {"dst", o.dst},
            {"piece", o.piece},
            {"first_leaf", s.first_leaf(o.piece)},
            {"leaves", s.leaf_count(o.piece)},
            {"bytes", s.bytes(i)},
            {"phase", algorithms::phase_name(o.label.phase)},
            {"step", o.label.step},
            {"chunk", o.label.chunk},
            {"channel", o.label.channel},
            {"tree", o.label.tree}};
    op["deps"] = std::vector<OpId>(s.deps(i).begin(), s.deps(i).end());
    ops.push_back(std::move(op));
  }
  j["ops_listed"] = listed.size();
  j["ops"] = std::move(ops);
  return j.dump(2) + "\n";
}

}  // namespace

std::string explain_report(const ExplainFlags& flags) {
  const Request q = parse(flags);
  const RankLayout layout(q.node_sizes, q.nics_per_node);
  const Schedule s = build(q, layout);
  const ScheduleStats st = algorithms::schedule_stats(s);
  const std::vector<core::Bytes> network = algorithms::network_bytes_sent(s, layout);
  const std::vector<OpId> listed = listed_ops(s, q.by, q.limit);
  return q.json ? json_report(q, layout, s, st, network, listed)
                : text_report(q, layout, s, st, network, listed);
}

}  // namespace collsim::report
