#include "files/output_file.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "tests/error_text.h"
#include "tests/temp_dir_test.h"

namespace collsim::files {
namespace {

namespace fs = std::filesystem;

class OutputFileTest : public tests::TempDirTest {
 protected:
  static std::string error(const std::vector<OutputFile>& files,
                           const std::vector<std::string>& inputs = {}) {
    return tests::error_text<core::InputError>([&] { write_files_atomically(files, inputs); });
  }
};

TEST_F(OutputFileTest, ARelativeLinkIsFollowedFromItsOwnFolderAndAChainToItsEnd) {
  fs::create_directories(path("a/b"));
  fs::create_symlink("b/target.csv", path("a/first"));
  fs::create_symlink("a/first", path("second"));
  const OutputTarget t = resolve_output({path("second"), "", "-o"}, {});
  EXPECT_EQ(fs::path(t.path).lexically_normal(), fs::path(path("a/b/target.csv")));
  EXPECT_FALSE(t.stream);
  write_file_atomically(path("second"), "x,y\n", "-o");
  EXPECT_EQ(read(path("a/b/target.csv")), "x,y\n");
  EXPECT_TRUE(fs::is_symlink(path("second")));
  EXPECT_TRUE(fs::is_symlink(path("a/first")));
}

TEST_F(OutputFileTest, ALinkLoopIsRefusedWithTheSystemsReason) {
  fs::create_symlink("loop2", path("loop1"));
  fs::create_symlink("loop1", path("loop2"));
  EXPECT_EQ(
      error({{path("loop1"), "x", "-o"}}),
      "command line: -o: cannot write '" + path("loop1") + "': Too many levels of symbolic links");
}

TEST_F(OutputFileTest, AFifoWithAReaderIsWrittenStraightIn) {
  ASSERT_EQ(::mkfifo(path("pipe").c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = read(path("pipe")); });
  write_files_atomically({{path("pipe"), "streamed\n", "-o"}});
  reader.join();
  EXPECT_EQ(got, "streamed\n");
  struct stat st {};
  ASSERT_EQ(::lstat(path("pipe").c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(OutputFileTest, AFifoNobodyReadsIsAnErrorAfterTheWaitNotAHang) {
  ASSERT_EQ(::mkfifo(path("pipe").c_str(), 0600), 0);
  OutputFile f{path("pipe"), "x", "-o"};
  f.fifo_reader_wait = std::chrono::milliseconds(50);
  EXPECT_EQ(error({f}), "command line: -o: cannot write '" + path("pipe") +
                            "': no process opened the FIFO for reading within 50 ms");
}

TEST_F(OutputFileTest, AStreamThatFailsLeavesTheOtherFilesUnwritten) {
  std::ofstream(path("old.csv")) << "old\n";
  EXPECT_EQ(error({{path("old.csv"), "new\n", "-o"}, {"/dev/full", "x", "--update-baseline"}}),
            "command line: --update-baseline: cannot write '/dev/full': No space left on device");
  EXPECT_EQ(read(path("old.csv")), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()), 1);
}

TEST_F(OutputFileTest, AnOutputIsNeverAnInputNorTwoOutputsOneFile) {
  std::ofstream(path("in.yaml")) << "kind: Scenario\n";
  ::link(path("in.yaml").c_str(), path("hard.yaml").c_str());
  EXPECT_EQ(error({{path("hard.yaml"), "x", "-o"}}, {path("in.yaml")}),
            "command line: -o: cannot write '" + path("hard.yaml") + "': it is the input '" +
                path("in.yaml") + "'; writing it would destroy what is read");
  EXPECT_EQ(read(path("in.yaml")), "kind: Scenario\n");
  // Two new files that are one: compared by their absolute path.
  fs::create_directories(path("d"));
  EXPECT_EQ(error({{path("d/r.csv"), "a", "-o"}, {path("d/../d/r.csv"), "b", "--update-baseline"}}),
            "command line: --update-baseline: cannot write '" + path("d/../d/r.csv") + "': -o '" +
                path("d/r.csv") + "' names the same file; give each output its own");
  EXPECT_FALSE(fs::exists(path("d/r.csv")));
}

TEST_F(OutputFileTest, DirectoriesBlockDevicesAndAnEmptyNameAreRefused) {
  EXPECT_EQ(error({{dir_.string(), "x", "-o"}}),
            "command line: -o: cannot write '" + dir_.string() + "': it is a directory");
  EXPECT_EQ(error({{"", "x", "-o"}}), "command line: -o: cannot write '': the file name is empty");
  std::ofstream(path("file")) << "";
  EXPECT_EQ(error({{path("file/r.csv"), "x", "-o"}}),
            "command line: -o: cannot write '" + path("file/r.csv") + "': Not a directory");
  for (const char* block : {"/dev/loop0", "/dev/sda", "/dev/vda", "/dev/nvme0n1"}) {
    struct stat st {};
    if (::stat(block, &st) == 0 && S_ISBLK(st.st_mode)) {
      EXPECT_EQ(error({{block, "x", "-o"}}),
                std::string("command line: -o: cannot write '") + block +
                    "': it is a block device, not a file to write a report into");
    }
  }
}

}  // namespace
}  // namespace collsim::files
