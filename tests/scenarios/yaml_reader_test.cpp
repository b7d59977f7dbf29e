#include "scenarios/yaml_reader.h"

#include <string>
#include <utility>

#include <gtest/gtest.h>

#include "tests/error_text.h"

namespace collsim::scenarios {
namespace {

// The what() of the InputError `f` throws, or tests::NOTHING_THROWN ("no error").
template <class F>
std::string input_error(F&& f) {
  return tests::error_text<core::InputError>(std::forward<F>(f));
}

// Line:col in the expectations are 1-based, counted in this text ("  count: 8" has its 8
// at column 10).
constexpr const char* TEXT = R"(top:
  count: 8
  quoted: "8"
  frac: 8.5
  ratio: 2.5
  flag: true
  bw: 400Gb/s
  bare: 400
  t: 0.5us
  size: 1GiB
  color: red
  items: [1, 2, x]
  empty:
  sub: {a: 1}
)";

YamlValue top() {
  static const YamlDocument doc = YamlDocument::parse(TEXT, "f.yaml");
  YamlMap root = doc.root().as_map();
  YamlValue v = root.required("top");
  root.finish();
  return v;
}

// The value at top.<key>.
YamlValue at(std::string_view key) {
  YamlMap m = top().as_map();
  YamlValue v = m.required(key);
  m.skip_rest();
  return v;
}

enum class Colour { RED, GREEN };

TEST(YamlReader, TypedReads) {
  EXPECT_EQ(at("count").as_int(), 8);
  EXPECT_EQ(at("count").as_int64(), 8);
  EXPECT_DOUBLE_EQ(at("ratio").as_number(), 2.5);
  EXPECT_DOUBLE_EQ(at("count").as_number(), 8.0);
  EXPECT_TRUE(at("flag").as_bool());
  EXPECT_EQ(at("bw").as_bandwidth(), core::Bandwidth::from_bytes_per_second(50'000'000'000));
  EXPECT_EQ(at("t").as_time(), core::Time::from_ps(500'000));
  EXPECT_EQ(at("size").as_size(), 1LL << 30);
  EXPECT_EQ(at("quoted").as_string(), "8");
  EXPECT_EQ(at("color").as_enum(
                core::NameTable<Colour, 2>{{{Colour::RED, "red"}, {Colour::GREEN, "green"}}}),
            Colour::RED);
  const std::vector<YamlValue> items = at("items").as_list();
  ASSERT_EQ(items.size(), 3U);
  EXPECT_EQ(items[1].as_int(), 2);
  EXPECT_EQ(items[1].path(), "top.items[1]");
  EXPECT_TRUE(at("empty").is_null());
  EXPECT_EQ(at("sub").path(), "top.sub");
}

TEST(YamlReader, StrictScalarsSayWhereAndWhat) {
  EXPECT_EQ(input_error([] { at("quoted").as_int(); }),
            "f.yaml:3:11: top.quoted: expected an integer, got '8'");
  EXPECT_EQ(input_error([] { at("frac").as_int(); }),
            "f.yaml:4:9: top.frac: expected an integer, got '8.5'");
  EXPECT_EQ(input_error([] { at("color").as_number(); }),
            "f.yaml:11:10: top.color: expected a number, got 'red'");
  EXPECT_EQ(input_error([] { at("count").as_bool(); }),
            "f.yaml:2:10: top.count: expected true or false, got '8'");
  EXPECT_EQ(input_error([] { at("bare").as_bandwidth(); }),
            "f.yaml:8:9: top.bare: '400' has no unit; write the unit with the number, e.g. "
            "'400Gb/s'");
  EXPECT_EQ(input_error([] { at("bw").as_time(); }),
            "f.yaml:7:7: top.bw: '400Gb/s' is a bandwidth, but a time is expected (e.g. '0.5us')");
  EXPECT_EQ(input_error([] { at("sub").as_size(); }),
            "f.yaml:14:8: top.sub: expected a size such as 512KiB, got a map");
  EXPECT_EQ(input_error([] {
              at("color").as_enum(core::NameTable<Colour, 1>{{{Colour::GREEN, "green"}}});
            }),
            "f.yaml:11:10: top.color: unknown value 'red'; expected one of: green");
  EXPECT_EQ(input_error([] { at("items").as_list()[2].as_int(); }),
            "f.yaml:12:17: top.items[2]: expected an integer, got 'x'");
  // An empty value is reported at its key.
  EXPECT_EQ(input_error([] { at("empty").as_string(); }),
            "f.yaml:13:3: top.empty: expected a string, got nothing");
  EXPECT_EQ(input_error([] { at("count").as_map(); }),
            "f.yaml:2:10: top.count: expected a map of keys, got '8'");
  EXPECT_EQ(input_error([] { at("count").as_list(); }),
            "f.yaml:2:10: top.count: expected a list, got '8'");
}

TEST(YamlReader, IntegersAndNumbersInRange) {
  const YamlDocument doc =
      YamlDocument::parse("a: 99999999999\nb: 99999999999999999999\nc: .inf\nd: 0x10\n", "n.yaml");
  YamlMap m = doc.root().as_map();
  EXPECT_EQ(m.required("a").as_int64(), 99'999'999'999);
  EXPECT_EQ(input_error([&] { m.required("a").as_int(); }),
            "n.yaml:1:4: a: integer 99999999999 is out of range");
  EXPECT_EQ(input_error([&] { m.required("b").as_int64(); }),
            "n.yaml:2:4: b: integer 99999999999999999999 is out of range");
  EXPECT_EQ(input_error([&] { m.required("c").as_number(); }),
            "n.yaml:3:4: c: expected a number, got '.inf'");
  EXPECT_EQ(input_error([&] { m.required("d").as_int(); }),
            "n.yaml:4:4: d: expected an integer, got '0x10'");
  m.finish();
}

TEST(YamlReader, MapsRejectUnknownMissingAndDuplicateKeys) {
  // Unknown: the first key nobody asked for, at the key, naming the keys that were.
  EXPECT_EQ(input_error([] {
              YamlMap m = top().as_map();
              m.required("count");
              m.optional("nothing-here");
              m.finish();
            }),
            "f.yaml:3:3: top.quoted: unknown key; expected one of: count, nothing-here");
  EXPECT_EQ(input_error([] {
              YamlMap m = top().as_map();
              m.required("missing");
            }),
            "f.yaml:2:3: top.missing: required key is missing");
  EXPECT_EQ(input_error([] {
              const YamlDocument doc = YamlDocument::parse("a: 1\nb: 2\na: 3\n", "d.yaml");
              doc.root().as_map().skip_rest();
            }),
            "d.yaml:3:1: a: duplicate key (first at line 1)");
  EXPECT_EQ(input_error([] {
              const YamlDocument doc = YamlDocument::parse("? [a]\n: 1\n", "k.yaml");
              doc.root().as_map().skip_rest();
            }),
            "k.yaml:1:3: a key must be a plain name, not a map or list");
  YamlMap m = top().as_map();
  EXPECT_TRUE(m.has("flag"));
  EXPECT_FALSE(m.has("nope"));
  EXPECT_FALSE(m.optional("nope").has_value());
  m.skip_rest();
}

TEST(YamlReader, FailAtPointsAtTheDeepestNodeOnThePath) {
  const YamlDocument doc =
      YamlDocument::parse("spec:\n  nics:\n    perNode: 3\n  links:\n    - {to: x}\n", "p.yaml");
  YamlMap root = doc.root().as_map();
  const YamlValue spec = root.required("spec");
  root.finish();
  EXPECT_EQ(input_error([&] { spec.fail_at("nics.perNode", "bad"); }),
            "p.yaml:3:14: spec.nics.perNode: bad");
  // Absent below nics: the nics map (its first key) stands in.
  EXPECT_EQ(input_error([&] { spec.fail_at("nics.bandwidth", "bad"); }),
            "p.yaml:3:5: spec.nics.bandwidth: bad");
  EXPECT_EQ(input_error([&] { spec.fail_at("links[0].to", "bad"); }),
            "p.yaml:5:12: spec.links[0].to: bad");
  EXPECT_EQ(input_error([&] { spec.fail_at("links[3].to", "bad"); }),
            "p.yaml:5:5: spec.links[3].to: bad");
  EXPECT_EQ(input_error([&] { spec.fail_at("", "bad"); }), "p.yaml:2:3: spec: bad");
  // Looking does not touch the document.
  YamlMap m = spec.as_map();
  YamlMap nics = m.required("nics").as_map();
  EXPECT_EQ(nics.required("perNode").as_int(), 3);
  EXPECT_FALSE(nics.has("bandwidth"));
  nics.finish();
  EXPECT_EQ(m.required("links").as_list().size(), 1U);
  m.finish();
}

TEST(YamlReader, DocumentErrors) {
  EXPECT_EQ(input_error([] { YamlDocument::parse("", "e.yaml"); }), "e.yaml: the file is empty");
  EXPECT_EQ(input_error([] { YamlDocument::parse("# only a comment\n", "e.yaml"); }),
            "e.yaml: the file is empty");
  EXPECT_EQ(input_error([] { YamlDocument::parse("a: 1\n---\nb: 2\n", "two.yaml"); }),
            "two.yaml:3:1: a file holds one YAML document; found another here");
  EXPECT_EQ(input_error([] { YamlDocument::parse("a: [1, 2\n", "s.yaml"); }),
            "s.yaml:2:1: YAML syntax error: end of sequence flow not found");
  // yaml-cpp 0.7's LoadAll loops forever on these (its issue #1040; found by the fuzzer).
  EXPECT_EQ(input_error([] { YamlDocument::parse(",", "c.yaml"); }),
            "c.yaml:1:1: YAML syntax error: unexpected character outside any list or map");
  EXPECT_EQ(input_error([] { YamlDocument::parse(std::string(",\1\0arcol", 8), "c.yaml"); }),
            "c.yaml:1:1: YAML syntax error: unexpected character outside any list or map");
  EXPECT_EQ(input_error([] { YamlDocument::load_file("/nonexistent/x.yaml"); }),
            "/nonexistent/x.yaml: cannot read the file: No such file or directory");
}

}  // namespace
}  // namespace collsim::scenarios
