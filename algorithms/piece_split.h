#pragma once

#include <cstdint>

#include "core/bandwidth.h"

namespace collsim::algorithms {

// The size of part i when `total` bytes are cut into n integer parts that sum to `total`
// and differ by at most one byte: floor(total·(i+1)/n) − floor(total·i/n) (the larger parts
// come last). Nesting keeps that property: part j of part i of S is floor(S/(n·m)) or one
// more. Parts are 0 bytes when total < n. Precondition: n >= 1, i < n, total >= 0. O(1).
core::Bytes split_part(core::Bytes total, std::uint64_t n, std::uint64_t i);

// The largest part of that split: ceil(total / n). O(1).
core::Bytes largest_part(core::Bytes total, std::uint64_t n);

}  // namespace collsim::algorithms
