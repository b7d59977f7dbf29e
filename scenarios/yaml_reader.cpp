#include "scenarios/yaml_reader.h"

#include <cassert>
#include <charconv>
#include <cmath>
#include <exception>
#include <fstream>
#include <limits>
#include <sstream>

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include "core/utf8_text.h"
#include "files/input_file.h"

namespace collsim::scenarios {
namespace {

std::string child_path(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : fmt::format("{}.{}", parent, key);
}

YAML::Mark mark_or(const YAML::Node& node, YAML::Mark fallback) {
  if (!node.IsDefined()) {
    return fallback;
  }
  const YAML::Mark m = node.Mark();
  return m.is_null() ? fallback : m;
}

core::SourceLocation location_of(const std::string& file, const YAML::Mark& mark) {
  if (mark.is_null()) {
    return {file, 0, 0};
  }
  return {file, mark.line + 1, mark.column + 1};
}

// yaml-cpp tags unquoted scalars "?" and quoted ones "!".
bool is_plain(const YAML::Node& node) {
  return node.IsScalar() && node.Tag() == "?";
}

// Records where the first two documents' root nodes are, and nothing else: enough to tell
// that a second document exists, and whether the parser made progress at all.
class DocumentCounter : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> roots;

  void OnDocumentStart(const YAML::Mark&) override { in_root_ = true; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& m, YAML::anchor_t) override { node(m); }
  void OnAlias(const YAML::Mark& m, YAML::anchor_t) override { node(m); }
  void OnScalar(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                const std::string&) override {
    node(m);
  }
  void OnSequenceStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                       YAML::EmitterStyle::value) override {
    node(m);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& m, const std::string&, YAML::anchor_t,
                  YAML::EmitterStyle::value) override {
    node(m);
  }
  void OnMapEnd() override {}

 private:
  void node(const YAML::Mark& m) {
    if (in_root_) {
      roots.push_back(m);
      in_root_ = false;
    }
  }
  bool in_root_ = false;
};

bool is_integer_text(std::string_view s) {
  std::size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) {
    return false;
  }
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') {
      return false;
    }
  }
  return true;
}

}  // namespace

YamlValue::YamlValue(YAML::Node node, std::shared_ptr<const std::string> file, std::string path,
                     YAML::Mark fallback)
    : node_(std::move(node)),
      file_(std::move(file)),
      path_(std::move(path)),
      // yaml-cpp places an empty value after its key, often on the next line: point at the
      // key (or list) it belongs to instead.
      mark_(is_null() ? fallback : mark_or(node_, fallback)) {}

core::SourceLocation YamlValue::location() const {
  return location_of(*file_, mark_);
}

void YamlValue::fail(std::string_view message) const {
  throw core::InputError(location(), path_, std::string(message));
}

void YamlValue::fail_at(std::string_view relative, std::string_view message) const {
  // Walk "a.b[2].c" as far as the file goes, for the position; name the whole path. The
  // lookups go through a const node: a mutable yaml-cpp node would insert what it is asked
  // for, and assigning one node to another rewrites the document (hence reset()).
  YAML::Node at = node_;
  YAML::Mark mark = mark_;
  std::size_t pos = 0;
  while (pos < relative.size()) {
    if (relative[pos] == '.') {
      ++pos;
    }
    const YAML::Node& here = at;
    YAML::Node next;
    if (relative[pos] == '[') {
      const std::size_t close = relative.find(']', pos);
      std::size_t index = 0;
      std::from_chars(relative.data() + pos + 1, relative.data() + close, index);
      pos = close + 1;
      if (!here.IsSequence() || index >= here.size()) {
        break;
      }
      next.reset(here[index]);
    } else {
      const std::size_t end = std::min(relative.find_first_of(".[", pos), relative.size());
      const std::string key(relative.substr(pos, end - pos));
      pos = end;
      if (!here.IsMap() || !here[key].IsDefined()) {
        break;
      }
      next.reset(here[key]);
    }
    at.reset(next);
    mark = mark_or(at, mark);
  }
  std::string path = path_;
  if (!relative.empty()) {
    path = relative.front() == '[' ? path + std::string(relative) : child_path(path, relative);
  }
  throw core::InputError(location_of(*file_, mark), path, std::string(message));
}

bool YamlValue::is_null() const {
  return !node_.IsDefined() || node_.IsNull();
}

std::string YamlValue::describe() const {
  if (is_null()) {
    return "nothing";
  }
  if (node_.IsMap()) {
    return "a map";
  }
  if (node_.IsSequence()) {
    return "a list";
  }
  return fmt::format("'{}'", node_.Scalar());
}

std::string YamlValue::enum_error(std::string_view got, std::string_view choices) const {
  return fmt::format("unknown value '{}'; expected one of: {}", got, choices);
}

std::string YamlValue::as_string() const {
  if (is_null() || !node_.IsScalar()) {
    fail(fmt::format("expected a string, got {}", describe()));
  }
  return node_.Scalar();
}

std::int64_t YamlValue::as_int64() const {
  if (!is_plain(node_) || is_null() || !is_integer_text(node_.Scalar())) {
    fail(fmt::format("expected an integer, got {}", describe()));
  }
  const std::string& s = node_.Scalar();
  std::int64_t value = 0;
  const char* begin = s.data() + (s[0] == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), value);
  if (ec != std::errc() || end != s.data() + s.size()) {
    fail(fmt::format("integer {} is out of range", s));
  }
  return value;
}

int YamlValue::as_int() const {
  const std::int64_t v = as_int64();
  if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) {
    fail(fmt::format("integer {} is out of range", v));
  }
  return static_cast<int>(v);
}

double YamlValue::as_number() const {
  if (!is_plain(node_) || is_null()) {
    fail(fmt::format("expected a number, got {}", describe()));
  }
  const std::string& s = node_.Scalar();
  double value = 0;
  const char* begin = s.data() + (!s.empty() && s[0] == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(begin, s.data() + s.size(), value);
  // from_chars also takes "inf" and "nan"; a scenario has no use for them.
  if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value)) {
    fail(fmt::format("expected a number, got {}", describe()));
  }
  return value;
}

bool YamlValue::as_bool() const {
  if (is_plain(node_) && node_.Scalar() == "true") {
    return true;
  }
  if (is_plain(node_) && node_.Scalar() == "false") {
    return false;
  }
  fail(fmt::format("expected true or false, got {}", describe()));
}

core::Bandwidth YamlValue::as_bandwidth(core::Zero zero) const {
  if (is_null() || !node_.IsScalar()) {
    fail(fmt::format("expected a bandwidth such as 400Gb/s, got {}", describe()));
  }
  try {
    return core::parse_bandwidth(node_.Scalar(), zero);
  } catch (const core::UnitError& e) {
    fail(e.what());
  }
}

core::Time YamlValue::as_time(core::Zero zero) const {
  if (is_null() || !node_.IsScalar()) {
    fail(fmt::format("expected a time such as 0.5us, got {}", describe()));
  }
  try {
    return core::parse_time(node_.Scalar(), zero);
  } catch (const core::UnitError& e) {
    fail(e.what());
  }
}

core::Bytes YamlValue::as_size(core::Zero zero) const {
  if (is_null() || !node_.IsScalar()) {
    fail(fmt::format("expected a size such as 512KiB, got {}", describe()));
  }
  try {
    return core::parse_size(node_.Scalar(), zero);
  } catch (const core::UnitError& e) {
    fail(e.what());
  }
}

YamlMap YamlValue::as_map() const {
  if (!node_.IsMap()) {
    fail(fmt::format("expected a map of keys, got {}", describe()));
  }
  return YamlMap(*this);
}

std::vector<YamlValue> YamlValue::as_list() const {
  if (!node_.IsSequence()) {
    fail(fmt::format("expected a list, got {}", describe()));
  }
  std::vector<YamlValue> items;
  for (std::size_t i = 0; i < node_.size(); ++i) {
    items.emplace_back(node_[i], file_, fmt::format("{}[{}]", path_, i), mark_);
  }
  return items;
}

YamlMap::YamlMap(YamlValue self) : self_(std::move(self)) {
  assert(self_.node().IsMap());
  for (const auto& kv : self_.node()) {
    const YAML::Mark key_mark = mark_or(kv.first, self_.mark_);
    if (!kv.first.IsScalar()) {
      finished_ = true;
      throw core::InputError(location_of(*self_.file_, key_mark), self_.path(),
                             "a key must be a plain name, not a map or list");
    }
    const std::string& name = kv.first.Scalar();
    for (const Entry& e : entries_) {
      if (e.key == name) {
        finished_ = true;
        throw core::InputError(
            location_of(*self_.file_, key_mark), child_path(self_.path(), name),
            fmt::format("duplicate key (first at line {})", e.key_mark.line + 1));
      }
    }
    entries_.push_back({name, key_mark, kv.second, false});
  }
}

YamlMap::YamlMap(YamlMap&& other) noexcept
    : self_(std::move(other.self_)),
      entries_(std::move(other.entries_)),
      asked_(std::move(other.asked_)),
      finished_(other.finished_) {
  other.finished_ = true;
}

YamlMap::~YamlMap() {
  assert(finished_ || std::uncaught_exceptions() > 0);
}

YamlMap::Entry* YamlMap::find(std::string_view key) {
  for (Entry& e : entries_) {
    if (e.key == key) {
      return &e;
    }
  }
  return nullptr;
}

bool YamlMap::has(std::string_view key) const {
  for (const Entry& e : entries_) {
    if (e.key == key) {
      return true;
    }
  }
  return false;
}

YamlValue YamlMap::value_of(const Entry& e) const {
  // A key with no value ("key:") has no position of its own in yaml-cpp: use the key's.
  return YamlValue(e.value, self_.file_, child_path(self_.path(), e.key), e.key_mark);
}

std::optional<YamlValue> YamlMap::optional(std::string_view key) {
  asked_.emplace_back(key);
  Entry* e = find(key);
  if (e == nullptr) {
    return std::nullopt;
  }
  e->used = true;
  return value_of(*e);
}

YamlValue YamlMap::required(std::string_view key) {
  std::optional<YamlValue> v = optional(key);
  if (!v) {
    throw core::InputError(self_.location(), child_path(self_.path(), key),
                           "required key is missing");
  }
  return *std::move(v);
}

void YamlMap::finish() {
  finished_ = true;
  for (const Entry& e : entries_) {
    if (e.used) {
      continue;
    }
    std::string known;
    for (const std::string& k : asked_) {
      known += known.empty() ? "" : ", ";
      known += k;
    }
    throw core::InputError(location_of(*self_.file_, e.key_mark), child_path(self_.path(), e.key),
                           asked_.empty() ? "unknown key; this map takes no keys"
                                          : fmt::format("unknown key; expected one of: {}", known));
  }
}

void YamlMap::skip_rest() {
  finished_ = true;
}

YamlDocument::YamlDocument(YAML::Node root, std::shared_ptr<const std::string> file)
    : root_(std::move(root)), file_(std::move(file)) {}

YamlDocument YamlDocument::parse(std::string_view text, std::string file) {
  auto name = std::make_shared<const std::string>(std::move(file));
  if (const std::optional<core::Utf8Error> bad = core::find_invalid_utf8(text)) {
    throw core::InputError({*name, bad->line, bad->column}, "", core::describe(*bad));
  }
  const std::string input(text);
  // YAML::LoadAll loops forever on a stray ',' outside any collection (yaml-cpp issue
  // #1040, fixed upstream in 0.8.0 by PR #1319; Debian 12 ships 0.7.0), so the document is
  // loaded with YAML::Load, which parses one document, and a second one is looked for with
  // a bounded number of parser calls.
  YAML::Node root;
  DocumentCounter counter;
  bool several = false;
  try {
    root = YAML::Load(input);
    std::istringstream stream(input);
    YAML::Parser parser(stream);
    several = parser.HandleNextDocument(counter) && parser.HandleNextDocument(counter);
  } catch (const YAML::Exception& e) {
    throw core::InputError(location_of(*name, e.mark), "",
                           fmt::format("YAML syntax error: {}", e.msg));
  }
  if (several) {
    const YAML::Mark at = counter.roots.size() > 1 ? counter.roots[1] : YAML::Mark::null_mark();
    // A "document" that starts where the first did is the parser stuck on a token no
    // document can hold (the ',' of issue #1040).
    if (counter.roots.size() > 1 && counter.roots[0].pos == at.pos) {
      throw core::InputError(location_of(*name, at), "",
                             "YAML syntax error: unexpected character outside any list or map");
    }
    throw core::InputError(location_of(*name, at), "",
                           "a file holds one YAML document; found another here");
  }
  if (root.IsNull()) {
    throw core::InputError({*name, 0, 0}, "", "the file is empty");
  }
  return YamlDocument(root, std::move(name));
}

YamlDocument YamlDocument::load_file(const std::string& path) {
  return parse(files::read_input_file(path), path);
}

YamlValue YamlDocument::root() const {
  return YamlValue(root_, file_, "", mark_or(root_, YAML::Mark::null_mark()));
}

}  // namespace collsim::scenarios
