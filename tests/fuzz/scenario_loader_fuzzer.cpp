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
#include "tests/fuzz/fuzz_filters.h"

namespace {

bool cheap_to_load(std::string_view text) {
  if (text.find("sweep") == std::string_view::npos) {
    return collsim::fuzz::largest_integer(text) <= 32;
  }
  std::size_t items = 0;
  for (const char c : text) {
    items += c == ',' || c == '-' ? 1 : 0;
  }
  return items <= 24 && collsim::fuzz::largest_integer(text) <= 8;
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
