#include "algorithms/piece_split.h"

#include <cassert>

namespace collsim::algorithms {

core::Bytes split_part(core::Bytes total, std::uint64_t n, std::uint64_t i) {
  assert(n >= 1 && i < n && total >= 0);
  // 128 bits: total·(i+1) overflows 64 bits for large messages cut into many parts.
  __extension__ using Wide = unsigned __int128;
  const Wide t = static_cast<Wide>(total);
  return static_cast<core::Bytes>(t * (i + 1) / n - t * i / n);
}

core::Bytes largest_part(core::Bytes total, std::uint64_t n) {
  assert(n >= 1 && total >= 0);
  const auto t = static_cast<std::uint64_t>(total);
  return static_cast<core::Bytes>(t / n + (t % n != 0 ? 1 : 0));
}

}  // namespace collsim::algorithms
