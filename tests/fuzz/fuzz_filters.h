#pragma once

// What the fuzzers use to skip inputs that would only be slow (a large GPU, node or radix
// count), so their time goes to inputs that can find a bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace collsim::fuzz {

inline bool word_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
         c == '_';
}

// The largest free-standing decimal integer of the text (digits with no letter, digit, '.'
// or '_' on either side), saturating at about 10^7. O(text).
inline std::uint64_t largest_integer(std::string_view text) {
  std::uint64_t largest = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9' || (i > 0 && word_char(text[i - 1]))) {
      continue;
    }
    std::size_t end = i;
    std::uint64_t value = 0;
    while (end < text.size() && text[end] >= '0' && text[end] <= '9') {
      value = value > 1'000'000 ? value : value * 10 + static_cast<std::uint64_t>(text[end] - '0');
      ++end;
    }
    if (end == text.size() || !word_char(text[end])) {
      largest = std::max(largest, value);
    }
    i = end;
  }
  return largest;
}

}  // namespace collsim::fuzz
