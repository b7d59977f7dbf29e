#include "core/progress_line.h"

#include <ostream>

namespace collsim::core {

ProgressLine::ProgressLine(std::ostream* out)
    : out_(out), start_(std::chrono::steady_clock::now()) {}

ProgressLine::~ProgressLine() {
  finish();
}

std::chrono::steady_clock::duration ProgressLine::elapsed() const {
  return std::chrono::steady_clock::now() - start_;
}

double ProgressLine::elapsed_seconds() const {
  return std::chrono::duration<double>(elapsed()).count();
}

void ProgressLine::show(std::string_view text) {
  if (out_ == nullptr) {
    return;
  }
  *out_ << "\rcollsim: " << text << "   " << std::flush;
  shown_ = true;
}

void ProgressLine::finish() {
  if (out_ != nullptr && shown_) {
    *out_ << '\n' << std::flush;
    shown_ = false;
  }
}

}  // namespace collsim::core
