#pragma once

#include <chrono>
#include <iosfwd>
#include <string_view>

namespace collsim::core {

// ProgressLine: one status line on a terminal stream, rewritten in place with "\r" — the
// only place collsim shows wall-clock time, so it is never given a file or a pipe (nullptr:
// it does nothing). show() writes "\rcollsim: <text>" padded against a longer earlier line;
// finish(), or the destructor, ends the line with a newline if anything was shown. Not
// thread-safe: callers that update from several threads hold their own lock.
class ProgressLine {
 public:
  explicit ProgressLine(std::ostream* out);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  bool active() const { return out_ != nullptr; }
  std::chrono::steady_clock::duration elapsed() const;
  double elapsed_seconds() const;
  void show(std::string_view text);
  void finish();

 private:
  std::ostream* out_;
  std::chrono::steady_clock::time_point start_;
  bool shown_ = false;
};

}  // namespace collsim::core
