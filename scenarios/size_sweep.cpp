#include "scenarios/size_sweep.h"

#include <charconv>
#include <stdexcept>
#include <string>
#include <system_error>

#include <fmt/format.h>

#include "core/units.h"

namespace collsim::scenarios {
namespace {

constexpr std::string_view FORM = "expected FROM:TO:xFACTOR such as 1KiB:1GiB:x2";

}  // namespace

std::vector<core::Bytes> size_sweep(core::Bytes from, core::Bytes to, int factor) {
  if (from < 1) {
    throw std::invalid_argument(
        fmt::format("the sweep must start at 1 B or more (got {} B)", from));
  }
  if (to < from) {
    throw std::invalid_argument(fmt::format("the sweep ends ({}) before it starts ({})",
                                            core::format_size(to), core::format_size(from)));
  }
  if (factor < 2) {
    throw std::invalid_argument(
        fmt::format("the sweep factor must be at least 2 (got {})", factor));
  }
  std::vector<core::Bytes> sizes{from};
  while (sizes.back() <= to / factor) {
    sizes.push_back(sizes.back() * factor);
  }
  return sizes;
}

std::vector<core::Bytes> parse_size_sweep(std::string_view text) {
  const std::size_t first = text.find(':');
  const std::size_t second = first == std::string_view::npos ? first : text.find(':', first + 1);
  if (second == std::string_view::npos || text.find(':', second + 1) != std::string_view::npos) {
    throw std::invalid_argument(fmt::format("'{}': {}", text, FORM));
  }
  const std::string_view factor_text = text.substr(second + 1);
  int factor = 0;
  const bool digits = factor_text.size() >= 2 && factor_text[0] == 'x' && factor_text[1] >= '0' &&
                      factor_text[1] <= '9';
  std::from_chars_result parsed{};
  if (digits) {
    parsed =
        std::from_chars(factor_text.data() + 1, factor_text.data() + factor_text.size(), factor);
  }
  if (!digits || parsed.ptr != factor_text.data() + factor_text.size()) {
    throw std::invalid_argument(fmt::format(
        "'{}': the factor '{}' is not 'x' and a whole number; {}", text, factor_text, FORM));
  }
  if (parsed.ec != std::errc()) {
    throw std::invalid_argument(
        fmt::format("'{}': the factor '{}' is too large", text, factor_text));
  }
  return size_sweep(core::parse_size(text.substr(0, first)),
                    core::parse_size(text.substr(first + 1, second - first - 1)), factor);
}

}  // namespace collsim::scenarios
