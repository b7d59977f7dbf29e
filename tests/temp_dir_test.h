#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

#include <gtest/gtest.h>

// Shared by the test executables of every layer.
namespace collsim::tests {

// A fixture with a fresh directory per test under the system's temporary directory, named
// by the process, the suite and the test (so parallel ctest runs never share one), removed
// afterwards with everything in it.
class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() / ("collsim-" + std::to_string(::getpid()) + "-" +
                                                     info->test_suite_name() + "-" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  // `name` inside the directory.
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  // The whole text of `file` (empty when it cannot be read).
  static std::string read(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  std::filesystem::path dir_;
};

}  // namespace collsim::tests
