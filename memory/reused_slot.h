#pragma once

#include <cstdint>

namespace collsim::memory {

// take_reused_slot: an index into `items` for a new record — the one released last, if any
// (LIFO, so its lines are the likeliest to be in cache), else a new default-constructed
// record appended. Callers release an index by pushing it onto `released`. The solver
// numbers its flows this way (the flow model indexes its own records by those ids), and the
// event queue its cancellable slots. O(1) amortised.
template <class Items, class Released>
std::uint32_t take_reused_slot(Items& items, Released& released) {
  if (released.empty()) {
    items.emplace_back();
    return static_cast<std::uint32_t>(items.size() - 1);
  }
  const std::uint32_t slot = released.back();
  released.pop_back();
  return slot;
}

}  // namespace collsim::memory
