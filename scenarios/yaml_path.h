#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace collsim::scenarios {

// YamlPath: the address of one field of a scenario document, as `--set` and `sweep:` write
// it and as error messages name fields: keys joined by '.', list items by [index], e.g.
// "spec.topology.nodes", "spec.collective.algorithms[1]", "spec.sweep[0].values".
// A key is a letter or '_' followed by letters, digits and '_'; an index is decimal.
// Invariant: at least one segment, the first a key. O(length) to parse.
class YamlPath {
 public:
  using Segment = std::variant<std::string, std::size_t>;

  // Throws std::invalid_argument saying what is wrong with `text`.
  static YamlPath parse(std::string_view text);

  const std::vector<Segment>& segments() const { return segments_; }
  const std::string& text() const { return text_; }
  // Whether `field` (a path as errors name it) is this path or lies below it.
  bool covers(std::string_view field) const;
  // Whether `field` is this path or one of the fields on the way to it.
  bool passes_through(std::string_view field) const;
  // Whether one of the two paths lies inside the other (or they are equal).
  bool overlaps(std::string_view field) const;
  bool overlaps(const YamlPath& other) const { return overlaps(other.text()); }

 private:
  std::vector<Segment> segments_;
  std::string text_;
};

// Sets the field at `path` in the document under `root` to `value` (the node itself, so
// its source position goes with it). Maps on the way that do not exist yet (or are empty
// values) are created; the last key is added if it is missing. Throws std::invalid_argument
// naming the prefix of the path that cannot be followed: through a scalar, a key of a list,
// an index of a map, an index past the end of a list. O(path length · keys per map).
void set_at_path(YAML::Node root, const YamlPath& path, const YAML::Node& value);

}  // namespace collsim::scenarios
