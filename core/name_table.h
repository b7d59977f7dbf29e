#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>

namespace collsim::core {

// NameTable: an enum's values with the names scenario files and the CLI use, in the order
// reports list them. The one table serves both directions and the list of values, so a
// value added to it is named, parsed and listed at once. O(N) lookups (N is a handful).
template <class E, std::size_t N>
using NameTable = std::array<std::pair<E, std::string_view>, N>;

template <class E, std::size_t N>
constexpr std::string_view name_in(const NameTable<E, N>& table, E value) {
  for (const auto& [v, name] : table) {
    if (v == value) {
      return name;
    }
  }
  return "unknown";
}

template <class E, std::size_t N>
constexpr std::optional<E> parse_in(const NameTable<E, N>& table, std::string_view name) {
  for (const auto& [v, n] : table) {
    if (n == name) {
      return v;
    }
  }
  return std::nullopt;
}

template <class E, std::size_t N>
constexpr std::array<E, N> values_of(const NameTable<E, N>& table) {
  std::array<E, N> values{};
  for (std::size_t i = 0; i < N; ++i) {
    values[i] = table[i].first;
  }
  return values;
}

}  // namespace collsim::core
