#include "study/routable_order.h"

#include <algorithm>
#include <stdexcept>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/vf2_sub_graph_iso.hpp>

namespace collsim::study {
namespace {

using Graph = boost::adjacency_list<boost::setS, boost::vecS, boost::bidirectionalS>;

}  // namespace

std::vector<std::pair<algorithms::Rank, algorithms::Rank>> send_pairs(
    const algorithms::Schedule& schedule) {
  // By source rank, its destinations in order of first use: a rank talks to few peers, so
  // a short list each is cheaper than sorting every send.
  std::vector<std::vector<algorithms::Rank>> peers(schedule.num_ranks());
  std::vector<std::pair<algorithms::Rank, algorithms::Rank>> pairs;
  for (const algorithms::Op& op : schedule.ops()) {
    if (op.kind != algorithms::OpKind::SEND) {
      continue;
    }
    std::vector<algorithms::Rank>& mine = peers[op.src];
    if (std::find(mine.begin(), mine.end(), op.dst) == mine.end()) {
      mine.push_back(op.dst);
      pairs.emplace_back(op.src, op.dst);
    }
  }
  return pairs;
}

std::optional<std::vector<topology::VertexId>> routable_order(
    const std::vector<std::pair<algorithms::Rank, algorithms::Rank>>& pairs,
    topology::Fabric& fabric, const std::vector<topology::VertexId>& gpus) {
  const std::size_t n = gpus.size();
  if (n == 0 || n > MAX_ORDER_SEARCH_RANKS) {
    return std::nullopt;
  }
  Graph pattern(n);
  for (const auto& [src, dst] : pairs) {
    boost::add_edge(src, dst, pattern);
  }
  Graph target(n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = 0; b < n; ++b) {
      if (a == b) {
        continue;
      }
      try {
        fabric.route(gpus[a], gpus[b], 0);
        boost::add_edge(a, b, target);
      } catch (const std::runtime_error&) {
        // no route: no edge
      }
    }
  }
  std::optional<std::vector<topology::VertexId>> found;
  auto first = [&](const auto& rank_to_gpu, const auto&) {
    std::vector<topology::VertexId> order(n);
    for (std::size_t r = 0; r < n; ++r) {
      order[r] = gpus[boost::get(rank_to_gpu, r)];
    }
    found = std::move(order);
    return false;  // one is enough
  };
  boost::vf2_subgraph_mono(pattern, target, first);
  return found;
}

}  // namespace collsim::study
