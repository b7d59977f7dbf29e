// libFuzzer target for the scenario loader (docs/scenario-format.md, "Fuzzing"): every
// input must load or throw core::InputError; anything else — another exception, a crash,
// a sanitizer report, a hang — is a bug. Inputs that would only make a topology builder
// slow are skipped (returning -1 keeps them out of the corpus): any free-standing integer
// above 32 (a GPU, node or radix count), and for a sweep more than 24 list items or any
// integer above 8, since every sweep point builds its own fabric. The builders' limits
// themselves are tested in tests/topology.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/input_error.h"
#include "scenarios/scenario_loader.h"

namespace {

bool word_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '.' ||
         c == '_';
}

// The largest free-standing decimal integer of the text (digits with no letter, digit, '.'
// or '_' on either side), saturating.
std::uint64_t largest_integer(std::string_view text) {
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

bool cheap_to_load(std::string_view text) {
  if (text.find("sweep") == std::string_view::npos) {
    return largest_integer(text) <= 32;
  }
  std::size_t items = 0;
  for (const char c : text) {
    items += c == ',' || c == '-' ? 1 : 0;
  }
  return items <= 24 && largest_integer(text) <= 8;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (size > 4096 || !cheap_to_load(text)) {
    return -1;
  }
  try {
    collsim::scenarios::load_scenario_text(text, "fuzz.yaml");
  } catch (const collsim::core::InputError&) {
    // The expected outcome for almost every input.
  }
  return 0;
}
