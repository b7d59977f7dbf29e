#include "tests/cli/run_collsim.h"

#include <algorithm>
#include <array>
#include <fcntl.h>
#include <spawn.h>
#include <stdexcept>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

extern char** environ;

namespace collsim::tests {
namespace {

std::string drain(int fd) {
  std::string s;
  std::array<char, 4096> buf{};
  for (ssize_t n; (n = read(fd, buf.data(), buf.size())) > 0;) {
    s.append(buf.data(), static_cast<std::size_t>(n));
  }
  return s;
}

// A pipe end read while the child runs would deadlock on large output; files do not.
int temp_file() {
  char name[] = "/tmp/collsim-cli-XXXXXX";
  const int fd = mkstemp(name);
  if (fd < 0) {
    throw std::runtime_error("mkstemp failed");
  }
  unlink(name);
  return fd;
}

}  // namespace

CliResult run_collsim(const std::vector<std::string>& args) {
  return run_collsim_to(args, "");
}

CliResult run_collsim_to(const std::vector<std::string>& args, const std::string& stdout_path) {
  std::vector<std::string> argv_s{COLLSIM_BINARY};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) {
    argv.push_back(a.data());
  }
  argv.push_back(nullptr);

  const int out_fd =
      stdout_path.empty() ? temp_file() : open(stdout_path.c_str(), O_WRONLY | O_CLOEXEC);
  if (out_fd < 0) {
    throw std::runtime_error("cannot open " + stdout_path);
  }
  const int err_fd = temp_file();
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out_fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_fd, STDERR_FILENO);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) {
    throw std::runtime_error("cannot start " + argv_s[0]);
  }
  int status = 0;
  waitpid(pid, &status, 0);

  CliResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  lseek(err_fd, 0, SEEK_SET);
  if (stdout_path.empty()) {
    lseek(out_fd, 0, SEEK_SET);
    r.out = drain(out_fd);
  }
  r.err = drain(err_fd);
  close(out_fd);
  close(err_fd);
  return r;
}

void expect_one_line_error(const CliResult& r, const std::string& what) {
  EXPECT_EQ(r.exit_code, 2) << what;
  EXPECT_EQ(r.out, "") << what;
  ASSERT_FALSE(r.err.empty()) << what;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << what << ": " << r.err;
  EXPECT_EQ(r.err.back(), '\n') << what;
}

}  // namespace collsim::tests
