#include "files/output_file.h"

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include <fmt/format.h>

namespace collsim::files {
namespace {

namespace fs = std::filesystem;

// Linux's own bound on the links one path may pass through (ELOOP).
constexpr int MAX_LINKS = 40;

[[noreturn]] void refuse(const OutputFile& f, const std::string& reason) {
  throw core::InputError(f.where, f.flag, fmt::format("cannot write '{}': {}", f.path, reason));
}

[[noreturn]] void fail(const OutputFile& f, const std::string& path, int error) {
  const std::string shown =
      path == f.path ? fmt::format("'{}'", path) : fmt::format("'{}' (via '{}')", path, f.path);
  throw core::InputError(f.where, f.flag,
                         fmt::format("cannot write {}: {}", shown, std::strerror(error)));
}

bool same_file(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// Writes and flushes one temporary file; returns 0 or the errno of the failure.
int write_temp(const std::string& temp, std::string_view text) {
  const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    return errno;
  }
  if (const int error = write_all(fd, text); error != 0) {
    ::close(fd);
    return error;
  }
  const int synced = ::fsync(fd) == 0 ? 0 : errno;
  const int closed = ::close(fd) == 0 ? 0 : errno;
  return synced != 0 ? synced : closed;
}

// Opens a FIFO or character device for writing without blocking: a FIFO with no reader
// yet (ENXIO) is retried until `wait` has passed. Returns the descriptor, in blocking mode,
// or -errno.
int open_stream(const std::string& path, std::chrono::milliseconds wait) {
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (true) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      const int flags = ::fcntl(fd, F_GETFL);
      if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) {
        const int error = errno;
        ::close(fd);
        return -error;
      }
      return fd;
    }
    if (errno != ENXIO || std::chrono::steady_clock::now() >= deadline) {
      return -errno;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

int write_stream(const std::string& path, std::string_view text, std::chrono::milliseconds wait) {
  const int fd = open_stream(path, wait);
  if (fd < 0) {
    return -fd;
  }
  const int error = write_all(fd, text);
  const int closed = ::close(fd) == 0 ? 0 : errno;
  return error != 0 ? error : closed;
}

// The identity two outputs are compared by: the file's inode where it exists, else its
// absolute path with every existing folder's links followed.
std::string identity(const std::string& target) {
  struct stat st {};
  if (::stat(target.c_str(), &st) == 0) {
    return fmt::format("inode {}:{}", st.st_dev, st.st_ino);
  }
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(target, ec), ec);
  return "path " + (ec ? target : p.string());
}

}  // namespace

int write_all(int fd, std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

OutputTarget resolve_output(const OutputFile& file, const std::vector<std::string>& inputs) {
  if (file.path.empty()) {
    refuse(file, "the file name is empty");
  }
  std::string path = file.path;
  struct stat st {};
  for (int links = 0;; ++links) {
    if (::lstat(path.c_str(), &st) != 0) {
      if (errno != ENOENT) {
        fail(file, path, errno);
      }
      // A new file: its folder must exist, so that a run is not wasted on a typo.
      const fs::path parent = fs::path(path).parent_path();
      struct stat dir {};
      if (::stat(parent.empty() ? "." : parent.c_str(), &dir) != 0) {
        fail(file, path, errno);
      }
      if (!S_ISDIR(dir.st_mode)) {
        fail(file, path, ENOTDIR);
      }
      return {path, false};
    }
    if (!S_ISLNK(st.st_mode)) {
      break;
    }
    if (links == MAX_LINKS) {
      fail(file, file.path, ELOOP);
    }
    std::error_code ec;
    const fs::path to = fs::read_symlink(path, ec);
    if (ec) {
      fail(file, path, ec.value());
    }
    path = (to.is_absolute() ? to : fs::path(path).parent_path() / to).string();
  }
  if (S_ISDIR(st.st_mode)) {
    refuse(file, "it is a directory");
  }
  if (S_ISBLK(st.st_mode)) {
    refuse(file, "it is a block device, not a file to write a report into");
  }
  if (S_ISSOCK(st.st_mode)) {
    refuse(file, "it is a socket");
  }
  for (const std::string& input : inputs) {
    struct stat in {};
    if (::stat(input.c_str(), &in) == 0 && same_file(in, st)) {
      refuse(file,
             fmt::format("it is the input '{}'; writing it would destroy what is read", input));
    }
  }
  return {path, S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)};
}

std::vector<OutputTarget> check_outputs(const std::vector<OutputFile>& files,
                                        const std::vector<std::string>& inputs) {
  std::vector<OutputTarget> targets;
  std::vector<std::string> seen;
  for (std::size_t i = 0; i < files.size(); ++i) {
    targets.push_back(resolve_output(files[i], inputs));
    seen.push_back(identity(targets.back().path));
    for (std::size_t j = 0; j < i; ++j) {
      if (seen[j] == seen[i]) {
        refuse(files[i], fmt::format("{} '{}' names the same file; give each output its own",
                                     files[j].flag, files[j].path));
      }
    }
  }
  return targets;
}

void write_files_atomically(const std::vector<OutputFile>& files,
                            const std::vector<std::string>& inputs) {
  const std::vector<OutputTarget> targets = check_outputs(files, inputs);
  std::vector<std::string> temps;
  auto discard = [&] {
    for (const std::string& t : temps) {
      if (!t.empty()) {
        std::remove(t.c_str());
      }
    }
  };
  for (std::size_t i = 0; i < files.size(); ++i) {
    temps.emplace_back();
    if (targets[i].stream) {
      continue;
    }
    temps.back() = fmt::format("{}.tmp-{}", targets[i].path, getpid());
    if (const int error = write_temp(temps.back(), files[i].text); error != 0) {
      discard();
      fail(files[i], targets[i].path, error);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (!targets[i].stream) {
      continue;
    }
    const int error = write_stream(targets[i].path, files[i].text, files[i].fifo_reader_wait);
    if (error == ENXIO) {
      discard();
      refuse(files[i], fmt::format("no process opened the FIFO for reading within {} ms",
                                   files[i].fifo_reader_wait.count()));
    }
    if (error != 0) {
      discard();
      fail(files[i], targets[i].path, error);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (targets[i].stream) {
      continue;
    }
    if (std::rename(temps[i].c_str(), targets[i].path.c_str()) != 0) {
      const int error = errno;
      discard();
      fail(files[i], targets[i].path, error);
    }
  }
}

void write_file_atomically(const std::string& path, std::string_view text, std::string_view flag,
                           const std::vector<std::string>& inputs) {
  write_files_atomically({{path, std::string(text), std::string(flag)}}, inputs);
}

}  // namespace collsim::files
