#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sim/flat_lists.h"
#include "sim/link_users.h"

namespace collsim::sim {

// LinkClasses: the links of a run grouped by the routes that cross them. Two links crossed
// by exactly the same routes carry the same transfers at every instant, so per-link
// bookkeeping (LinkUsage) needs to follow only one of them, the class's representative
// (its lowest id), and can copy its record to the others. In a ring most of a route is one
// class: a GPU's PCIe link and its NIC's uplink carry only that GPU's sends, the
// receiver's NIC downlink and PCIe link only the sends to it.
struct LinkClasses {
  // Per link: its class's representative; a link no route crosses is its own.
  std::vector<std::uint32_t> representative;
  // Per route: the representatives of the classes it crosses, each once, in route order.
  FlatLists route_links;
};

// `users` is LinkUsers(routes, number of links). Complexity: O(T + L log L · d) for a
// total route length T over L links crossed by up to d routes each.
LinkClasses link_classes(std::span<const std::span<const std::uint32_t>> routes,
                         const LinkUsers& users);

}  // namespace collsim::sim
