#include "cli/interrupt_note.h"

#include <array>
#include <atomic>
#include <csignal>
#include <stdexcept>
#include <unistd.h>

namespace collsim::cli {
namespace {

constexpr std::array<int, 2> SIGNALS{SIGINT, SIGTERM};

// The note's text lives in static storage: the handler may run on any thread at any time.
std::string note_text;
std::atomic<bool> installed{false};
std::array<struct sigaction, SIGNALS.size()> previous{};

extern "C" void on_interrupt(int signal) {
  const char* at = note_text.data();
  std::size_t left = note_text.size();
  while (left > 0) {
    const ssize_t n = ::write(STDERR_FILENO, at, left);
    if (n <= 0) {
      break;  // a closed stderr must not keep the process from ending
    }
    at += n;
    left -= static_cast<std::size_t>(n);
  }
  // SA_RESETHAND put the default action back; the signal is delivered once this returns.
  std::raise(signal);
}

}  // namespace

InterruptNote::InterruptNote(std::string line) {
  if (installed.exchange(true)) {
    throw std::logic_error("InterruptNote: one is already installed");
  }
  note_text = std::move(line);
  note_text += '\n';
  struct sigaction action {};
  action.sa_handler = on_interrupt;
  sigemptyset(&action.sa_mask);
  for (const int s : SIGNALS) {
    sigaddset(&action.sa_mask, s);  // one note, even when both signals arrive together
  }
  action.sa_flags = SA_RESETHAND;
  for (std::size_t i = 0; i < SIGNALS.size(); ++i) {
    ::sigaction(SIGNALS[i], &action, &previous[i]);
  }
}

InterruptNote::~InterruptNote() {
  for (std::size_t i = 0; i < SIGNALS.size(); ++i) {
    ::sigaction(SIGNALS[i], &previous[i], nullptr);
  }
  installed = false;
}

}  // namespace collsim::cli
