#pragma once

#include <cstddef>
#include <vector>

namespace collsim::memory {

// Storage for the engine's large arrays in transparent huge pages (2 MiB).
//
// What it models: nothing simulated; it is where the arrays a large run walks at random
// live. At 16k ranks the flow and link records, the op states and the event lanes are tens
// to thousands of MiB, so with 4 KiB pages nearly every record a send touches also misses
// the TLB, and under a hypervisor each such miss is a two-dimensional page walk. Backed by
// 2 MiB pages, the same arrays fit the TLB's reach (measured in docs/engine.md, "Huge
// pages"). Linux gives anonymous memory huge pages only where asked when
// /sys/kernel/mm/transparent_hugepage/enabled says "madvise" (as on this project's
// machines), so the arrays ask: madvise(MADV_HUGEPAGE).
//
// Invariants: a request of at least HUGE_PAGE bytes is aligned to HUGE_PAGE and advised
// MADV_HUGEPAGE, so every whole 2 MiB page inside it can be a huge page; smaller requests
// are plain operator new. The advice is a hint: no byte changes, and where the kernel
// refuses it (THP off, an old kernel) the memory is ordinary memory. Memory comes from
// operator new either way, so sanitizers see every array. Stateless: all instances equal.
// Cost: O(1) per allocation plus one madvise system call for a large one; at most one
// partly used huge page per array beyond what 4 KiB pages would hold.
void* allocate_array(std::size_t bytes, std::size_t alignment);
void deallocate_array(void* p, std::size_t bytes, std::size_t alignment) noexcept;

inline constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;

  HugePageAllocator() = default;
  template <class U>
  explicit(false) HugePageAllocator(const HugePageAllocator<U>& /*other*/) noexcept {}

  T* allocate(std::size_t n) { return static_cast<T*>(allocate_array(n * sizeof(T), alignof(T))); }
  void deallocate(T* p, std::size_t n) noexcept { deallocate_array(p, n * sizeof(T), alignof(T)); }

  friend bool operator==(const HugePageAllocator& /*a*/, const HugePageAllocator& /*b*/) {
    return true;
  }
};

// A vector whose storage, once it reaches HUGE_PAGE bytes, lies in huge pages.
template <class T>
using HugeVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace collsim::memory
