#pragma once

#include <string>

// Shared by the test executables of every layer.
namespace collsim::tests {

// What error_text returns when `f` throws nothing.
inline constexpr const char* NOTHING_THROWN = "no error";

// The what() of the E that `f` throws, or NOTHING_THROWN when it returns normally (a value
// `f` returns is discarded). An exception of any other type propagates (and fails the
// test), so comparing the result with a message checks both the exception's type and its
// text.
template <class E, class F>
std::string error_text(F&& f) {
  try {
    static_cast<void>(f());
  } catch (const E& e) {
    return e.what();
  }
  return NOTHING_THROWN;
}

}  // namespace collsim::tests
