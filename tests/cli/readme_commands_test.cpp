#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

namespace collsim::tests {
namespace {

std::string read(const std::string& relative) {
  std::ifstream in(std::string(COLLSIM_SOURCE_DIR) + "/" + relative);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The line of `text` that starts with `prefix`, or "" if none.
std::string line_starting(const std::string& text, const std::string& prefix) {
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(prefix, 0) == 0) {
      return line;
    }
  }
  return "";
}

TEST(ReadmeCommands, CiRunsTheReadmesTestCommandVerbatim) {
  const std::string readme_test =
      line_starting(read("README.md"), "./scripts/install-deps.sh && cmake -S . -B build-ci");
  ASSERT_FALSE(readme_test.empty()) << "README.md lost its test command";
  EXPECT_NE(readme_test.find("ctest"), std::string::npos);
  EXPECT_EQ(line_starting(read(".ci/run"), "./scripts/install-deps.sh"), readme_test);
}

TEST(ReadmeCommands, TheDefaultJobRunsAnExampleThatExists) {
  const std::string run =
      line_starting(read("README.md"), "./scripts/install-deps.sh && cmake -S . -B build ");
  ASSERT_FALSE(run.empty()) << "README.md lost its default command";
  const std::string marker = "collsim run ";
  const auto at = run.find(marker);
  ASSERT_NE(at, std::string::npos);
  const std::string file = run.substr(at + marker.size());
  EXPECT_TRUE(std::filesystem::exists(std::string(COLLSIM_SOURCE_DIR) + "/" + file)) << file;
}

}  // namespace
}  // namespace collsim::tests
