// The source tree's own rules, checked on the files themselves (docs/architecture.md):
// each source folder is one library that links only downward, an include names a file of
// its own folder or of a library the folder links (directly or through others), no headers
// include each other in a circle, and no file name appears twice. The libraries and their
// dependencies are read from the CMakeLists.txt files, so the build is the one place that
// says which folder may use which.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
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

// Folders of the repository that hold no source of the simulator's libraries.
bool outside_sources(const fs::path& relative) {
  const std::string top = relative.begin()->string();
  return top.starts_with(".") || top.starts_with("build") || top == "tests" || top == "bench" ||
         top == "docs" || top == "scripts" || top == "out";
}

// One library folder: its CMake target and the targets it links.
struct Library {
  std::string folder;  // relative to the root, e.g. "sim/solver"
  std::string target;
  std::vector<std::string> deps;
};

// Every folder whose CMakeLists.txt declares a collsim_library (or the collsim executable),
// with the collsim_* targets it links.
std::vector<Library> libraries() {
  static const std::regex LIBRARY(R"(collsim_library\((\w+)[^)]*?DEPS([^)]*)\))");
  static const std::regex EXECUTABLE(R"(target_link_libraries\((collsim) PRIVATE([^)]*)\))");
  static const std::regex DEP(R"(\bcollsim_\w+)");
  std::vector<Library> out;
  for (auto it = fs::recursive_directory_iterator(ROOT); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path relative = fs::relative(it->path(), ROOT);
    if (it->is_directory() && outside_sources(relative)) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().filename() != "CMakeLists.txt" || relative.parent_path().empty()) {
      continue;
    }
    const std::string text = read(it->path());
    std::smatch m;
    if (std::regex_search(text, m, LIBRARY) || std::regex_search(text, m, EXECUTABLE)) {
      Library lib{relative.parent_path().string(), m[1].str(), {}};
      const std::string deps = m[2].str();
      for (auto d = std::sregex_iterator(deps.begin(), deps.end(), DEP);
           d != std::sregex_iterator(); ++d) {
        if (d->str() != "collsim_warnings") {
          lib.deps.push_back(d->str());
        }
      }
      out.push_back(std::move(lib));
    }
  }
  std::sort(out.begin(), out.end(),
            [](const Library& a, const Library& b) { return a.folder < b.folder; });
  return out;
}

// The library folder a source file belongs to: the longest library folder that contains it.
std::string owner(const std::string& relative_file, const std::vector<Library>& libs) {
  std::string best;
  for (const Library& lib : libs) {
    if (relative_file.starts_with(lib.folder + "/") && lib.folder.size() > best.size()) {
      best = lib.folder;
    }
  }
  return best;
}

// Every .h/.cpp file of the library folders, relative to the root.
std::vector<std::string> source_files(const std::vector<Library>& libs) {
  std::vector<std::string> out;
  for (const Library& lib : libs) {
    for (const auto& entry : fs::recursive_directory_iterator(ROOT / lib.folder)) {
      const std::string ext = entry.path().extension().string();
      const std::string relative = fs::relative(entry.path(), ROOT).string();
      if (entry.is_regular_file() && (ext == ".h" || ext == ".cpp") &&
          owner(relative, libs) == lib.folder) {
        out.push_back(relative);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The quoted includes of a file ("folder/file.h"), in order.
std::vector<std::string> includes(const fs::path& file) {
  static const std::regex INCLUDE(R"re(^\s*#\s*include\s+"([^"]+)")re");
  std::vector<std::string> out;
  std::istringstream in(read(file));
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, INCLUDE)) {
      out.push_back(m[1].str());
    }
  }
  return out;
}

// Depth-first search for a circle; returns one as "a -> b -> a", or "".
std::string find_cycle(const std::map<std::string, std::vector<std::string>>& graph) {
  std::map<std::string, int> state;  // 0 unseen, 1 on the stack, 2 done
  std::vector<std::string> stack;
  std::string cycle;
  auto visit = [&](auto&& self, const std::string& node) -> void {
    state[node] = 1;
    stack.push_back(node);
    const auto it = graph.find(node);
    if (it != graph.end()) {
      for (const std::string& next : it->second) {
        if (!cycle.empty()) {
          return;
        }
        if (state[next] == 1) {
          const auto from = std::find(stack.begin(), stack.end(), next);
          for (auto s = from; s != stack.end(); ++s) {
            cycle += *s + " -> ";
          }
          cycle += next;
          return;
        }
        if (state[next] == 0) {
          self(self, next);
        }
      }
    }
    stack.pop_back();
    state[node] = 2;
  };
  for (const auto& [node, edges] : graph) {
    if (state[node] == 0 && cycle.empty()) {
      visit(visit, node);
    }
  }
  return cycle;
}

TEST(SourceTree, EveryStageFolderIsALibrary) {
  const std::vector<Library> libs = libraries();
  std::set<std::string> folders;
  for (const Library& lib : libs) {
    folders.insert(lib.folder);
  }
  for (const char* stage : {"core", "memory", "files", "topology", "algorithms", "cost", "sim",
                            "sim/solver", "scenarios", "study", "report", "cli"}) {
    EXPECT_TRUE(folders.contains(stage)) << stage << " has no library in its CMakeLists.txt";
  }
}

TEST(SourceTree, LibrariesLinkOnlyDownwardWithoutACircle) {
  const std::vector<Library> libs = libraries();
  std::map<std::string, std::vector<std::string>> graph;
  std::set<std::string> targets;
  for (const Library& lib : libs) {
    graph[lib.target] = lib.deps;
    targets.insert(lib.target);
  }
  for (const Library& lib : libs) {
    for (const std::string& dep : lib.deps) {
      EXPECT_TRUE(targets.contains(dep)) << lib.target << " links " << dep << ", not a library";
    }
  }
  EXPECT_EQ(find_cycle(graph), "");
}

TEST(SourceTree, IncludesReachOnlyOwnFolderOrLinkedLibraries) {
  const std::vector<Library> libs = libraries();
  std::map<std::string, const Library*> by_target;
  std::map<std::string, const Library*> by_folder;
  for (const Library& lib : libs) {
    by_target[lib.target] = &lib;
    by_folder[lib.folder] = &lib;
  }
  // The folders each library may include from: its own and every library it links, directly
  // or through the libraries it links.
  std::map<std::string, std::set<std::string>> reachable;
  for (const Library& lib : libs) {
    std::set<std::string>& seen = reachable[lib.folder];
    std::vector<const Library*> todo{&lib};
    while (!todo.empty()) {
      const Library* at = todo.back();
      todo.pop_back();
      if (!seen.insert(at->folder).second) {
        continue;
      }
      for (const std::string& dep : at->deps) {
        if (by_target.contains(dep)) {
          todo.push_back(by_target[dep]);
        }
      }
    }
  }
  const std::vector<std::string> files = source_files(libs);
  ASSERT_GT(files.size(), 100u);
  for (const std::string& file : files) {
    const std::string from = owner(file, libs);
    for (const std::string& inc : includes(ROOT / file)) {
      if (!fs::exists(ROOT / inc)) {
        ADD_FAILURE() << file << " includes \"" << inc << "\", which is not in the repository";
        continue;
      }
      const std::string to = owner(inc, libs);
      EXPECT_TRUE(reachable[from].contains(to))
          << file << " includes \"" << inc << "\": " << from << " does not link " << to;
    }
  }
}

TEST(SourceTree, NoHeadersIncludeEachOtherInACircle) {
  const std::vector<Library> libs = libraries();
  std::map<std::string, std::vector<std::string>> graph;
  for (const std::string& file : source_files(libs)) {
    if (file.ends_with(".h")) {
      graph[file] = includes(ROOT / file);
    }
  }
  EXPECT_EQ(find_cycle(graph), "");
}

TEST(SourceTree, NoFileNameTwice) {
  std::map<std::string, std::vector<std::string>> by_name;
  std::vector<std::string> roots;
  for (const Library& lib : libraries()) {
    roots.push_back(lib.folder);
  }
  roots.push_back("tests");
  roots.push_back("bench");
  std::set<std::string> seen_paths;
  for (const std::string& root : roots) {
    for (const auto& entry : fs::recursive_directory_iterator(ROOT / root)) {
      const std::string ext = entry.path().extension().string();
      const std::string relative = fs::relative(entry.path(), ROOT).string();
      if (entry.is_regular_file() && (ext == ".h" || ext == ".cpp") &&
          seen_paths.insert(relative).second) {
        by_name[entry.path().filename().string()].push_back(relative);
      }
    }
  }
  for (const auto& [name, paths] : by_name) {
    EXPECT_EQ(paths.size(), 1u) << name << " is at " << paths.front() << " and " << paths.back();
  }
}

}  // namespace
}  // namespace collsim::tests
