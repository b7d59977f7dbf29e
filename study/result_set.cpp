#include "study/result_set.h"

#include <charconv>

#include <fmt/format.h>

#include "core/input_error.h"
#include "scenarios/scenario_writer.h"
#include "study/sweep_journal.h"

namespace collsim::study {

std::string scenario_digest(const scenarios::Scenario& base) {
  scenarios::Scenario s = base;
  s.description.reset();
  s.outputs = {};
  return text_digest(scenarios::effective_yaml(s));
}

Shard parse_shard(std::string_view text) {
  const std::size_t slash = text.find('/');
  Shard s;
  bool ok = slash != std::string_view::npos;
  if (ok) {
    const auto a = std::from_chars(text.data(), text.data() + slash, s.index);
    const auto b = std::from_chars(text.data() + slash + 1, text.data() + text.size(), s.count);
    ok = a.ec == std::errc() && a.ptr == text.data() + slash && b.ec == std::errc() &&
         b.ptr == text.data() + text.size() && s.count >= 1 && s.index < s.count;
  }
  if (!ok) {
    throw core::command_line_error(
        "--shard", fmt::format("expected i/N with 0 <= i < N, e.g. 0/4 (got '{}')", text));
  }
  return s;
}

}  // namespace collsim::study
