#include "files/input_file.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "core/input_error.h"

namespace collsim::files {
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& reason) {
  throw core::InputError({path, 0, 0}, "", "cannot read the file: " + reason);
}

const char* type_name(mode_t mode) {
  if (S_ISDIR(mode)) {
    return "it is a directory";
  }
  if (S_ISFIFO(mode)) {
    return "it is a FIFO, not a regular file";
  }
  if (S_ISSOCK(mode)) {
    return "it is a socket, not a regular file";
  }
  if (S_ISCHR(mode) || S_ISBLK(mode)) {
    return "it is a device, not a regular file";
  }
  return "it is not a regular file";
}

// Closes the descriptor on every path out of read_input_file.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::string read_input_file(const std::string& path) {
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC));
  if (fd.get() < 0) {
    refuse(path, std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) {
    refuse(path, std::strerror(errno));
  }
  if (!S_ISREG(st.st_mode)) {
    refuse(path, type_name(st.st_mode));
  }
  if (static_cast<unsigned long long>(st.st_size) > MAX_INPUT_BYTES) {
    refuse(path, fmt::format("it holds {} bytes, more than the {} MiB an input may have",
                             st.st_size, MAX_INPUT_BYTES >> 20));
  }
  std::string text;
  text.resize(static_cast<std::size_t>(st.st_size));
  std::size_t done = 0;
  // A file that grows while it is read is read up to the cap, never beyond it.
  while (true) {
    if (done == text.size()) {
      if (text.size() >= MAX_INPUT_BYTES) {
        char probe = 0;
        const ssize_t more = ::read(fd.get(), &probe, 1);
        if (more > 0) {
          refuse(path,
                 fmt::format("it grew past the {} MiB an input may have", MAX_INPUT_BYTES >> 20));
        }
        break;
      }
      text.resize(std::min(MAX_INPUT_BYTES, std::max<std::size_t>(4096, text.size() * 2)));
    }
    const ssize_t n = ::read(fd.get(), text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      refuse(path, std::strerror(errno));
    }
    if (n == 0) {
      break;
    }
    done += static_cast<std::size_t>(n);
  }
  text.resize(done);
  return text;
}

}  // namespace collsim::files
