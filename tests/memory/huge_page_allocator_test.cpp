#include "memory/huge_page_allocator.h"

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace collsim::memory {
namespace {

// Whether this kernel hands out transparent huge pages where madvise(MADV_HUGEPAGE) asks.
bool kernel_offers_advised_huge_pages() {
  std::ifstream in("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string setting;
  std::getline(in, setting);
  return setting.find("[always]") != std::string::npos ||
         setting.find("[madvise]") != std::string::npos;
}

// The VmFlags of the mapping holding `p`, from /proc/self/smaps ("" if none holds it).
std::string vm_flags_at(const void* p) {
  const auto at = reinterpret_cast<std::uintptr_t>(p);
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool inside = false;
  while (std::getline(smaps, line)) {
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
    char dash = 0;
    std::istringstream header(line);
    if (header >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= at && at < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

TEST(HugePageAllocator, ALargeArrayIsAlignedToAHugePageAndAdvised) {
  HugeVector<std::uint64_t> v(3 * HUGE_PAGE / sizeof(std::uint64_t));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % HUGE_PAGE, 0u);
  if (!kernel_offers_advised_huge_pages()) {
    GTEST_SKIP() << "transparent huge pages are off on this kernel";
  }
  // "hg": the mapping was advised MADV_HUGEPAGE.
  EXPECT_NE(vm_flags_at(v.data() + v.size() / 2).find(" hg"), std::string::npos)
      << vm_flags_at(v.data());
}

TEST(HugePageAllocator, AVectorKeepsItsValuesAsItGrowsPastAHugePageAndBack) {
  // push_back reallocates from small blocks into huge-page ones; shrink_to_fit goes back to a
  // small one. Each block is freed with the size and alignment it was allocated with
  // (the sanitizer build checks that).
  HugeVector<std::uint32_t> v;
  const std::size_t n = 2 * HUGE_PAGE / sizeof(std::uint32_t) + 7;
  for (std::uint32_t i = 0; i < n; ++i) {
    v.push_back(i * 3);
  }
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(v.data()) % HUGE_PAGE, 0u);
  for (std::uint32_t i = 0; i < n; ++i) {
    ASSERT_EQ(v[i], i * 3) << i;
  }
  v.resize(10);
  v.shrink_to_fit();
  EXPECT_EQ(v.capacity(), 10u);
  for (std::uint32_t i = 0; i < 10; ++i) {
    EXPECT_EQ(v[i], i * 3);
  }
}

}  // namespace
}  // namespace collsim::memory
