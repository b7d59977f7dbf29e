#include "files/input_file.h"

#include <filesystem>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "tests/error_text.h"
#include "tests/temp_dir_test.h"

namespace collsim::files {
namespace {

namespace fs = std::filesystem;

class InputFileTest : public tests::TempDirTest {
 protected:
  static std::string error(const std::string& p) {
    return tests::error_text<core::InputError>([&] { return read_input_file(p); });
  }
};

TEST_F(InputFileTest, ReadsARegularFileWholeWithItsBytes) {
  std::string text = "kind: Scenario\n";
  text.push_back('\0');
  text += std::string(70000, 'x');
  std::ofstream(path("s.yaml"), std::ios::binary) << text;
  EXPECT_EQ(read_input_file(path("s.yaml")), text);
}

TEST_F(InputFileTest, ReadsAnEmptyFileAsEmptyText) {
  std::ofstream(path("e.yaml")).flush();
  EXPECT_EQ(read_input_file(path("e.yaml")), "");
}

TEST_F(InputFileTest, FollowsASymlinkToARegularFile) {
  std::ofstream(path("t.yaml")) << "a: 1\n";
  fs::create_symlink(path("t.yaml"), path("link.yaml"));
  EXPECT_EQ(read_input_file(path("link.yaml")), "a: 1\n");
}

TEST_F(InputFileTest, NamesTheSystemsReasonForAMissingFile) {
  EXPECT_EQ(error(path("none.yaml")),
            path("none.yaml") + ": cannot read the file: No such file or directory");
}

TEST_F(InputFileTest, RefusesADirectory) {
  EXPECT_EQ(error(dir_.string()), dir_.string() + ": cannot read the file: it is a directory");
}

TEST_F(InputFileTest, RefusesAFifoWithoutAWriterInsteadOfWaiting) {
  ASSERT_EQ(::mkfifo(path("fifo").c_str(), 0600), 0);
  EXPECT_EQ(error(path("fifo")),
            path("fifo") + ": cannot read the file: it is a FIFO, not a regular file");
}

TEST_F(InputFileTest, RefusesASymlinkToADeviceBeforeReadingAByte) {
  fs::create_symlink("/dev/zero", path("zero.yaml"));
  EXPECT_EQ(error(path("zero.yaml")),
            path("zero.yaml") + ": cannot read the file: it is a device, not a regular file");
}

TEST_F(InputFileTest, RefusesAFileLargerThanTheCapByItsSize) {
  {
    std::ofstream big(path("big.csv"), std::ios::binary);
    big.seekp(static_cast<std::streamoff>(MAX_INPUT_BYTES));
    big.put('\n');
  }
  EXPECT_EQ(error(path("big.csv")), path("big.csv") + ": cannot read the file: it holds " +
                                        std::to_string(MAX_INPUT_BYTES + 1) +
                                        " bytes, more than the 256 MiB an input "
                                        "may have");
}

}  // namespace
}  // namespace collsim::files
