#pragma once

#include <string>

namespace collsim::cli {

// InterruptNote: while it lives, SIGINT and SIGTERM write `line` (one line, to stderr) and
// then end the process as the signal would have (so the shell still sees 128 + signal).
// It models the one thing an interrupted sweep must say: where its finished runs are and
// that --resume continues from them. The handler only calls write(2) and raise(3), both
// async-signal-safe; `line` is copied before the handler is installed and never changes.
// One at a time (a second one while the first lives is a bug: std::logic_error). The
// destructor puts back the handlers it replaced.
class InterruptNote {
 public:
  explicit InterruptNote(std::string line);
  ~InterruptNote();
  InterruptNote(const InterruptNote&) = delete;
  InterruptNote& operator=(const InterruptNote&) = delete;
};

}  // namespace collsim::cli
