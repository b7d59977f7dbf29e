// References between the code and docs/ resolve inside the repository: a source file that
// cites a document names one that exists, a reference page that links a header or source file
// names one that exists, and no comment carries a date (history belongs in commit messages).
// docs/journal/ is the dated record and is exempt from the link and date rules: its paths
// are those of the day it was written.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace collsim::tests {
namespace {
namespace fs = std::filesystem;

const fs::path ROOT{COLLSIM_SOURCE_DIR};

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The folders whose files are the project's sources, tests, benchmarks and scripts.
const std::vector<std::string> SOURCE_FOLDERS{
    "core",  "memory", "files", "topology", "algorithms", "cost",  "sim",     "scenarios",
    "study", "report", "cli",   "tests",    "bench",      "cmake", "scripts", ".ci"};

bool is_source(const fs::path& p) {
  static const std::vector<std::string> EXTENSIONS{".h", ".cpp", ".cmake", ".sh", ".yaml", ""};
  const std::string ext = p.extension().string();
  return p.filename() == "CMakeLists.txt" ||
         std::find(EXTENSIONS.begin(), EXTENSIONS.end(), ext) != EXTENSIONS.end();
}

std::vector<fs::path> sources() {
  std::vector<fs::path> out{ROOT / "CMakeLists.txt"};
  for (const std::string& folder : SOURCE_FOLDERS) {
    for (const auto& entry : fs::recursive_directory_iterator(ROOT / folder)) {
      const std::string relative = fs::relative(entry.path(), ROOT).string();
      // Golden outputs are program output, not prose.
      if (entry.is_regular_file() && is_source(entry.path()) &&
          !relative.starts_with("scenarios/examples/golden/")) {
        out.push_back(entry.path());
      }
    }
  }
  return out;
}

std::vector<fs::path> doc_pages() {
  std::vector<fs::path> out{ROOT / "README.md"};
  for (const auto& entry : fs::directory_iterator(ROOT / "docs")) {
    if (entry.is_regular_file() && entry.path().extension() == ".md") {
      out.push_back(entry.path());
    }
  }
  return out;
}

// A cited document of this repository: "docs/<page>.md", or a bare upper-case name such as
// README.md. Paths into other projects ("nccl-tests' doc/PERFORMANCE.md") are sources of
// facts, named with their project, and are not matched.
const std::regex DOC_CITATION(R"re((?:^|[^\w/.-])(docs/[\w/-]+\.md|[A-Z][A-Z_]*\.md)\b)re");

TEST(DocReferences, EverySourceCitesOnlyDocumentsThatExist) {
  const std::vector<fs::path> files = sources();
  ASSERT_GT(files.size(), 200u);
  for (const fs::path& file : files) {
    const std::string text = read(file);
    for (auto m = std::sregex_iterator(text.begin(), text.end(), DOC_CITATION);
         m != std::sregex_iterator(); ++m) {
      const std::string cited = (*m)[1].str();
      const bool exists = fs::exists(ROOT / cited) || fs::exists(ROOT / "docs" / cited);
      EXPECT_TRUE(exists) << fs::relative(file, ROOT).string() << " cites " << cited
                          << ", which is not in the repository";
    }
  }
}

// A header or source path of the repository, as a page writes it in backticks:
// `sim/executor.h`, `tests/sim/network_model_test.cpp`, `bench/scaling_bench.cpp`.
// Paths into other projects (NCCL's `src/include/device.h`) start elsewhere and are not
// matched.
const std::regex CODE_LINK(
    R"re(`((?:core|memory|files|topology|algorithms|cost|sim|scenarios|study|report|cli|tests|bench|cmake|scripts)/(?:[a-z_]+/)*[\w-]+\.(?:h|cpp|cmake|sh))`)re");

TEST(DocReferences, EveryPageLinksOnlyFilesThatExist) {
  std::size_t links = 0;
  for (const fs::path& page : doc_pages()) {
    const std::string text = read(page);
    for (auto m = std::sregex_iterator(text.begin(), text.end(), CODE_LINK);
         m != std::sregex_iterator(); ++m) {
      ++links;
      const std::string linked = (*m)[1].str();
      EXPECT_TRUE(fs::exists(ROOT / linked)) << fs::relative(page, ROOT).string() << " links `"
                                             << linked << "`, which is not in the repository";
    }
  }
  EXPECT_GT(links, 50u) << "the pattern no longer finds the pages' links";
}

TEST(DocReferences, EverySourceNamesOnlyRepositoryFilesThatExist) {
  static const std::regex PATH(
      R"re((?:^|[^\w/.-])((?:core|memory|files|topology|algorithms|cost|sim|scenarios|study|report|cli|tests|bench)/(?:[a-z_]+/)*[a-z_]+\.(?:h|cpp))\b)re");
  for (const fs::path& file : sources()) {
    const std::string text = read(file);
    for (auto m = std::sregex_iterator(text.begin(), text.end(), PATH); m != std::sregex_iterator();
         ++m) {
      const std::string named = (*m)[1].str();
      EXPECT_TRUE(fs::exists(ROOT / named)) << fs::relative(file, ROOT).string() << " names "
                                            << named << ", which is not in the repository";
    }
  }
}

TEST(DocReferences, NoSourceCommentCarriesADate) {
  static const std::regex DATE(R"re(\b20\d\d-[01]\d-[0-3]\d\b)re");
  for (const fs::path& file : sources()) {
    std::istringstream in(read(file));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      EXPECT_FALSE(std::regex_search(line, DATE))
          << fs::relative(file, ROOT).string() << ":" << number << " carries a date: " << line;
    }
  }
}

TEST(DocReferences, NoReferencePageCarriesADatedEntry) {
  // A dated heading or "measured on <date>" belongs in docs/journal/.
  static const std::regex DATED(R"re(^#+ .*\b(?:20\d\d-)?1[0-2]-[0-3]\d\b)re");
  for (const fs::path& page : doc_pages()) {
    std::istringstream in(read(page));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
      ++number;
      EXPECT_FALSE(std::regex_search(line, DATED))
          << fs::relative(page, ROOT).string() << ":" << number << " is a dated entry: " << line;
    }
  }
}

}  // namespace
}  // namespace collsim::tests
