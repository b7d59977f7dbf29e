#pragma once

#include <cstdint>
#include <span>

#include "sim/flat_lists.h"
#include "sim/link_users.h"

namespace collsim::sim {

// binding_links: for each route of a run, the links of it that can ever limit a flow.
// Link l is implied by link m when every route through l also goes through m and
// C_m <= C_l: then the load on l never exceeds the load on m, which never exceeds
// C_m <= C_l, so l never binds (a GPU's PCIe link to its NIC, implied by the NIC's network
// port, is the common case). Among links with the same routes and capacity, the lowest id
// is kept. Dropping implied links leaves the max-min allocation unchanged, and every
// route keeps at least one link (following "implied by" strictly decreases capacity, or
// grows the route set, or lowers the id, and never leaves the route).
// `routes[r]` are link ids < capacities.size(); `users` is LinkUsers(routes,
// capacities.size()). Returns, per route, its binding links in route order. Complexity: O(sum over
// routes of length^2 · routes per link) in the worst case; in practice a few times the total route
// length.
FlatLists binding_links(std::span<const std::span<const std::uint32_t>> routes,
                        const LinkUsers& users, std::span<const std::int64_t> capacities);

}  // namespace collsim::sim
