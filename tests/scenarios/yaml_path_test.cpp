#include "scenarios/yaml_path.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "tests/error_text.h"

namespace collsim::scenarios {
namespace {

// The what() of the invalid_argument parsing `text` throws, or tests::NOTHING_THROWN.
std::string parse_error(const std::string& text) {
  return tests::error_text<std::invalid_argument>([&] { YamlPath::parse(text); });
}

TEST(YamlPath, ParsesKeysAndIndices) {
  const YamlPath p = YamlPath::parse("spec.sweep[12].values");
  ASSERT_EQ(p.segments().size(), 4U);
  EXPECT_EQ(std::get<std::string>(p.segments()[1]), "sweep");
  EXPECT_EQ(std::get<std::size_t>(p.segments()[2]), 12U);
  EXPECT_EQ(p.text(), "spec.sweep[12].values");
  EXPECT_EQ(parse_error(""), "bad field path '': it is empty");
  EXPECT_EQ(parse_error("[0]"), "bad field path '[0]': it must start with a key");
  EXPECT_EQ(parse_error("a..b"), "bad field path 'a..b': a key starts with a letter or '_'");
  EXPECT_EQ(parse_error("a[x]"),
            "bad field path 'a[x]': a list index is a decimal number, as in algorithms[0]");
  EXPECT_EQ(parse_error("a[1"), "bad field path 'a[1': '[' must be followed by an index and ']'");
  EXPECT_EQ(parse_error("a b"),
            "bad field path 'a b': keys are joined by '.', list items written [index]");
  EXPECT_EQ(parse_error("a.9"), "bad field path 'a.9': a key starts with a letter or '_'");
}

TEST(YamlPath, CoversItsOwnSubtreeOnly) {
  const YamlPath p = YamlPath::parse("spec.topology");
  EXPECT_TRUE(p.covers("spec.topology"));
  EXPECT_TRUE(p.covers("spec.topology.nodes"));
  EXPECT_TRUE(p.covers("spec.topology[0]"));
  EXPECT_FALSE(p.covers("spec.topologyX"));
  EXPECT_FALSE(p.covers("spec"));
  EXPECT_TRUE(p.passes_through("spec"));
  EXPECT_TRUE(p.passes_through("spec.topology"));
  EXPECT_FALSE(p.passes_through("spec.topology.nodes"));
  EXPECT_FALSE(p.passes_through("spe"));
  EXPECT_TRUE(p.overlaps(YamlPath::parse("spec")));
  EXPECT_FALSE(p.overlaps(YamlPath::parse("spec.model")));
}

TEST(YamlPath, SetsAtAPathCreatingMapsOnTheWay) {
  YAML::Node doc = YAML::Load("spec:\n  model:\n  list: [a, b]\n  value: 3\n");
  set_at_path(doc, YamlPath::parse("spec.model.seed"), YAML::Load("7"));
  set_at_path(doc, YamlPath::parse("spec.new.deep.key"), YAML::Load("x"));
  set_at_path(doc, YamlPath::parse("spec.list[1]"), YAML::Load("c"));
  const YAML::Node& d = doc;
  EXPECT_EQ(d["spec"]["model"]["seed"].as<int>(), 7);
  EXPECT_EQ(d["spec"]["new"]["deep"]["key"].as<std::string>(), "x");
  EXPECT_EQ(d["spec"]["list"][1].as<std::string>(), "c");
  EXPECT_EQ(d["spec"]["list"][0].as<std::string>(), "a");
  auto error = [&](const std::string& path) {
    return tests::error_text<std::invalid_argument>(
        [&] { set_at_path(doc, YamlPath::parse(path), YAML::Load("1")); });
  };
  EXPECT_EQ(error("spec.value.x"), "cannot set 'spec.value.x': spec.value is a value, not a map");
  EXPECT_EQ(error("spec.list.x"),
            "cannot set 'spec.list.x': spec.list is a list, not a map (use [index])");
  EXPECT_EQ(error("spec.list[2]"),
            "cannot set 'spec.list[2]': spec.list has 2 items; there is no item [2]");
  EXPECT_EQ(error("spec[0]"), "cannot set 'spec[0]': spec is not a list");
}

}  // namespace
}  // namespace collsim::scenarios
