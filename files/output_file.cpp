#include "files/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

#include <fmt/format.h>

#include "core/input_error.h"

namespace collsim::files {
namespace {

[[noreturn]] void fail(std::string_view flag, std::string_view what, const std::string& path,
                       int error) {
  throw core::InputError({"command line", 0, 0}, std::string(flag),
                         fmt::format("cannot {} '{}': {}", what, path, std::strerror(error)));
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

void write_files_atomically(const std::vector<OutputFile>& files) {
  std::vector<std::string> temps;
  auto discard = [&] {
    for (const std::string& t : temps) {
      std::remove(t.c_str());
    }
  };
  for (const OutputFile& f : files) {
    temps.push_back(fmt::format("{}.tmp-{}", f.path, getpid()));
    if (const int error = write_temp(temps.back(), f.text); error != 0) {
      discard();
      fail(f.flag, "write", f.path, error);
    }
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    if (std::rename(temps[i].c_str(), files[i].path.c_str()) != 0) {
      const int error = errno;
      discard();
      fail(files[i].flag, "write", files[i].path, error);
    }
  }
}

void write_file_atomically(const std::string& path, std::string_view text, std::string_view flag) {
  write_files_atomically({{path, std::string(text), std::string(flag)}});
}

}  // namespace collsim::files
