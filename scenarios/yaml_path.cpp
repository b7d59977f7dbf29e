#include "scenarios/yaml_path.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace collsim::scenarios {
namespace {

bool key_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

bool key_char(char c) {
  return key_start(c) || (c >= '0' && c <= '9');
}

std::string prefix_text(const std::vector<YamlPath::Segment>& segments, std::size_t count) {
  std::string text;
  for (std::size_t i = 0; i < count; ++i) {
    if (const auto* key = std::get_if<std::string>(&segments[i])) {
      text += (i == 0 ? "" : ".") + *key;
    } else {
      text += fmt::format("[{}]", std::get<std::size_t>(segments[i]));
    }
  }
  return text;
}

}  // namespace

YamlPath YamlPath::parse(std::string_view text) {
  YamlPath path;
  path.text_ = std::string(text);
  auto bad = [&](std::string_view why) {
    throw std::invalid_argument(fmt::format("bad field path '{}': {}", text, why));
  };
  if (text.empty()) {
    bad("it is empty");
  }
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '[') {
      if (path.segments_.empty()) {
        bad("it must start with a key");
      }
      const std::size_t close = text.find(']', i);
      if (close == std::string_view::npos || close == i + 1) {
        bad("'[' must be followed by an index and ']'");
      }
      std::size_t index = 0;
      const auto [end, ec] = std::from_chars(text.data() + i + 1, text.data() + close, index);
      if (ec != std::errc() || end != text.data() + close) {
        bad("a list index is a decimal number, as in algorithms[0]");
      }
      path.segments_.emplace_back(index);
      i = close + 1;
      continue;
    }
    if (!path.segments_.empty()) {
      if (text[i] != '.') {
        bad("keys are joined by '.', list items written [index]");
      }
      ++i;
    }
    const std::size_t start = i;
    if (i == text.size() || !key_start(text[i])) {
      bad("a key starts with a letter or '_'");
    }
    while (i < text.size() && key_char(text[i])) {
      ++i;
    }
    path.segments_.emplace_back(std::string(text.substr(start, i - start)));
  }
  return path;
}

namespace {

// Whether the path `inner` is `outer` or lies below it (a key or an index further).
bool lies_within(std::string_view inner, std::string_view outer) {
  return inner.substr(0, outer.size()) == outer &&
         (inner.size() == outer.size() || inner[outer.size()] == '.' || inner[outer.size()] == '[');
}

}  // namespace

bool YamlPath::covers(std::string_view field) const {
  return lies_within(field, text_);
}

bool YamlPath::passes_through(std::string_view field) const {
  return lies_within(text_, field);
}

bool YamlPath::overlaps(std::string_view field) const {
  return covers(field) || passes_through(field);
}

void set_at_path(YAML::Node root, const YamlPath& path, const YAML::Node& value) {
  const auto& segments = path.segments();
  // yaml-cpp nodes are handles: reset() moves the handle, while assignment would overwrite
  // the node it refers to inside the document.
  YAML::Node at;
  at.reset(root);
  for (std::size_t i = 0; i < segments.size(); ++i) {
    const bool last = i + 1 == segments.size();
    auto fail = [&](std::string_view why) {
      throw std::invalid_argument(
          fmt::format("cannot set '{}': {} {}", path.text(), prefix_text(segments, i), why));
    };
    YAML::Node next;
    if (const auto* key = std::get_if<std::string>(&segments[i])) {
      if (at.IsNull()) {
        at = YAML::Node(YAML::NodeType::Map);
      } else if (!at.IsMap()) {
        fail(i == 0            ? "is not a map"
             : at.IsSequence() ? "is a list, not a map (use [index])"
                               : "is a value, not a map");
      }
      if (last) {
        at[*key] = value;
        return;
      }
      if (!at[*key].IsDefined() || at[*key].IsNull()) {
        at[*key] = YAML::Node(YAML::NodeType::Map);
      }
      next.reset(at[*key]);
    } else {
      const std::size_t index = std::get<std::size_t>(segments[i]);
      if (!at.IsSequence()) {
        fail("is not a list");
      }
      if (index >= at.size()) {
        fail(fmt::format("has {} items; there is no item [{}]", at.size(), index));
      }
      if (last) {
        at[index] = value;
        return;
      }
      next.reset(at[index]);
    }
    at.reset(next);
  }
}

}  // namespace collsim::scenarios
