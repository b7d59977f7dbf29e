#pragma once

#include <cstddef>

namespace collsim::sim {

// The two sift operations of a 4-ary min-heap stored in a vector-like container (children
// of i at 4i+1 .. 4i+4), shared by the event queue and the completion heap.
// `before(a, b)` is the strict order; `placed(e, i)` is told every time entry e is stored
// at index i, for a heap that tracks positions (a no-op otherwise). `e`, the entry that
// fills the hole at i, is taken by value: the stores into the container then cannot alias it.
// Complexity: sift_up O(log4 n) comparisons, sift_down O(4 log4 n).

struct NotTracked {
  template <class T>
  void operator()(const T& /*e*/, std::size_t /*i*/) const {}
};

// Moves e up from the hole at index i until its parent is not after it, and stores it.
template <class Heap, class T, class Before, class Placed = NotTracked>
void four_ary_sift_up(Heap& heap, std::size_t i, const T e, Before before, Placed placed = {}) {
  while (i > 0) {
    const std::size_t parent = (i - 1) / 4;
    if (!before(e, heap[parent])) {
      break;
    }
    heap[i] = heap[parent];
    placed(heap[i], i);
    i = parent;
  }
  heap[i] = e;
  placed(heap[i], i);
}

// Moves e down from the hole at index i until no child is before it, and stores it.
template <class Heap, class T, class Before, class Placed = NotTracked>
void four_ary_sift_down(Heap& heap, std::size_t i, const T e, Before before, Placed placed = {}) {
  const std::size_t n = heap.size();
  for (;;) {
    const std::size_t first = 4 * i + 1;
    if (first >= n) {
      break;
    }
    std::size_t best = first;
    const std::size_t end = first + 4 < n ? first + 4 : n;
    for (std::size_t c = first + 1; c < end; ++c) {
      if (before(heap[c], heap[best])) {
        best = c;
      }
    }
    if (!before(heap[best], e)) {
      break;
    }
    heap[i] = heap[best];
    placed(heap[i], i);
    i = best;
  }
  heap[i] = e;
  placed(heap[i], i);
}

}  // namespace collsim::sim
