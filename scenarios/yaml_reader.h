#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "core/bandwidth.h"
#include "core/input_error.h"
#include "core/name_table.h"
#include "core/time.h"
#include "core/units.h"

namespace collsim::scenarios {

class YamlMap;

// YamlValue: one node of a parsed YAML file together with where it came from (the file,
// its 1-based line:col, its key path such as "spec.topology.nics.bandwidth" or
// "spec.topology.links[3].to"), with strict typed reads. Every read that fails throws
// core::InputError carrying that file, position and path, so a section reader never
// formats a location itself:
//   YamlMap t = section.as_map();
//   params.nodes = t.required("nodes").as_int();
//   if (auto v = t.optional("latency")) params.latency = v->as_time();
//   t.finish();  // rejects keys nobody read
// Scalars are strict: integers are plain decimal digits (no quotes, no 0x, no 8.0), numbers
// plain decimals, booleans true/false; dimensioned values go through core/units.h, so a bare
// number for a bandwidth is an error. Copies are cheap (yaml-cpp nodes are handles).
class YamlValue {
 public:
  YamlValue(YAML::Node node, std::shared_ptr<const std::string> file, std::string path,
            YAML::Mark fallback);
  YamlValue(const YamlValue&) = default;
  YamlValue(YamlValue&&) = default;
  // Assigning a yaml-cpp node overwrites the node it refers to inside the document, so a
  // YamlValue is never assigned, only constructed.
  YamlValue& operator=(const YamlValue&) = delete;
  YamlValue& operator=(YamlValue&&) = delete;

  const std::string& path() const { return path_; }
  const YAML::Node& node() const { return node_; }
  // 1-based position of this node (of its parent if yaml-cpp has none for it).
  core::SourceLocation location() const;
  // Throws the InputError for this node: "<file>:<line>:<col>: <path>: <message>".
  [[noreturn]] void fail(std::string_view message) const;
  // Throws an InputError for `relative` (a key path below this node, e.g. "nics.perNode"):
  // at the deepest node of that path present in the file, named by the full path.
  [[noreturn]] void fail_at(std::string_view relative, std::string_view message) const;

  bool is_null() const;
  bool is_map() const { return node_.IsMap(); }
  bool is_list() const { return node_.IsSequence(); }
  bool is_scalar() const { return node_.IsScalar(); }

  std::string as_string() const;  // any non-null scalar, quoted or not
  int as_int() const;             // a plain integer that fits an int
  std::int64_t as_int64() const;
  double as_number() const;  // a plain, finite decimal number (1, 2.5, 1e3)
  bool as_bool() const;      // true or false
  core::Bandwidth as_bandwidth(core::Zero zero = core::Zero::REJECTED) const;
  core::Time as_time(core::Zero zero = core::Zero::ALLOWED) const;
  core::Bytes as_size(core::Zero zero = core::Zero::ALLOWED) const;
  // One of the values of `table` by name; an unknown name lists the choices.
  template <class E, std::size_t N>
  E as_enum(const core::NameTable<E, N>& table) const;
  // The same for values that own their names: one of `choices`, known by name(choice), so
  // a reader takes the names from the layer that defines the enum instead of spelling them.
  template <class E, class Name>
  E as_named(std::span<const E> choices, Name name) const;

  YamlMap as_map() const;
  std::vector<YamlValue> as_list() const;

 private:
  friend class YamlMap;
  std::string describe() const;  // "a map", "a list", "nothing", "'text'" for messages
  std::string enum_error(std::string_view got, std::string_view choices) const;

  YAML::Node node_;
  std::shared_ptr<const std::string> file_;
  std::string path_;
  YAML::Mark mark_;
};

// YamlMap: a mapping being read. Each key is read at most once through required() or
// optional(); finish() then rejects any key that was not asked for (naming the keys that
// were), or skip_rest() accepts them for another reader. Duplicate and non-scalar keys are
// rejected when the map is opened. In debug builds, destroying a map without finish() or
// skip_rest() (other than by an exception) asserts, so a forgotten check cannot pass
// silently. Move-only. Complexity: O(keys) per lookup (maps are small).
class YamlMap {
 public:
  explicit YamlMap(YamlValue self);
  YamlMap(YamlMap&& other) noexcept;
  YamlMap& operator=(YamlMap&&) = delete;
  YamlMap(const YamlMap&) = delete;
  YamlMap& operator=(const YamlMap&) = delete;
  ~YamlMap();

  YamlValue required(std::string_view key);  // missing: "required key is missing"
  std::optional<YamlValue> optional(std::string_view key);
  bool has(std::string_view key) const;

  void finish();
  void skip_rest();

 private:
  struct Entry {
    std::string key;
    YAML::Mark key_mark;
    YAML::Node value;
    bool used = false;
  };
  Entry* find(std::string_view key);
  YamlValue value_of(const Entry& e) const;

  YamlValue self_;
  std::vector<Entry> entries_;
  std::vector<std::string> asked_;
  bool finished_ = false;
};

// YamlDocument: one parsed YAML file. A syntax error becomes an InputError at its
// position; so do an unreadable file, an empty one and one with several documents.
class YamlDocument {
 public:
  static YamlDocument load_file(const std::string& path);
  // `file` is the name errors show.
  static YamlDocument parse(std::string_view text, std::string file);

  YamlValue root() const;
  const std::string& file() const { return *file_; }

 private:
  YamlDocument(YAML::Node root, std::shared_ptr<const std::string> file);

  YAML::Node root_;
  std::shared_ptr<const std::string> file_;
};

template <class E, std::size_t N>
E YamlValue::as_enum(const core::NameTable<E, N>& table) const {
  const std::string got = as_string();
  std::string names;
  for (const auto& [value, name] : table) {
    if (name == got) {
      return value;
    }
    names += names.empty() ? "" : ", ";
    names += name;
  }
  fail(enum_error(got, names));
}

template <class E, class Name>
E YamlValue::as_named(std::span<const E> choices, Name name) const {
  const std::string got = as_string();
  std::string names;
  for (const E value : choices) {
    if (name(value) == got) {
      return value;
    }
    names += names.empty() ? "" : ", ";
    names += name(value);
  }
  fail(enum_error(got, names));
}

}  // namespace collsim::scenarios
