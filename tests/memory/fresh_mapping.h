#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <sys/mman.h>
#include <vector>

#include <gtest/gtest.h>

#include "memory/background_prefault.h"

namespace collsim::memory::testing {

// Pages of the page-aligned [begin, begin + bytes) that are resident, by mincore().
inline std::size_t resident_pages(const std::byte* begin, std::size_t bytes) {
  const std::uintptr_t page = BackgroundPrefault::page_size();
  std::vector<unsigned char> in((bytes + page - 1) / page);
  EXPECT_EQ(mincore(const_cast<std::byte*>(begin), bytes, in.data()), 0);
  return static_cast<std::size_t>(
      std::count_if(in.begin(), in.end(), [](unsigned char c) { return (c & 1) != 0; }));
}

// A fresh anonymous mapping whose data starts on a 2 MiB boundary, so that residency starts
// at zero pages and huge-page steps fall where a test expects them.
class FreshMapping {
 public:
  explicit FreshMapping(std::size_t bytes) : bytes_(bytes + BackgroundPrefault::STEP) {
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    EXPECT_NE(p, MAP_FAILED);
    base_ = static_cast<std::byte*>(p);
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t step = BackgroundPrefault::STEP;
    data_ = base_ + ((at + step - 1) / step * step - at);
  }
  ~FreshMapping() { munmap(base_, bytes_); }
  FreshMapping(const FreshMapping&) = delete;
  FreshMapping& operator=(const FreshMapping&) = delete;

  std::byte* data() const { return data_; }
  // Resident pages of [offset, offset + bytes); offset a multiple of the page size.
  std::size_t resident_pages(std::size_t offset, std::size_t bytes) const {
    return testing::resident_pages(data_ + offset, bytes);
  }

 private:
  std::byte* base_ = nullptr;
  std::byte* data_ = nullptr;
  std::size_t bytes_;
};

}  // namespace collsim::memory::testing
