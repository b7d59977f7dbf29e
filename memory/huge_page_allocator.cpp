#include "memory/huge_page_allocator.h"

#include <algorithm>
#include <new>
#include <sys/mman.h>

namespace collsim::memory {
namespace {

std::align_val_t alignment_for(std::size_t bytes, std::size_t alignment) {
  return std::align_val_t{bytes >= HUGE_PAGE ? std::max(alignment, HUGE_PAGE) : alignment};
}

}  // namespace

void* allocate_array(std::size_t bytes, std::size_t alignment) {
  void* p = ::operator new(bytes, alignment_for(bytes, alignment));
#ifdef MADV_HUGEPAGE
  if (bytes >= HUGE_PAGE) {
    // Advice only: where it is refused the array keeps 4 KiB pages and works the same.
    (void)madvise(p, bytes, MADV_HUGEPAGE);
  }
#endif
  return p;
}

void deallocate_array(void* p, std::size_t bytes, std::size_t alignment) noexcept {
  ::operator delete(p, bytes, alignment_for(bytes, alignment));
}

}  // namespace collsim::memory
