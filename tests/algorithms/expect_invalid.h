#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace collsim::algorithms {

// Expects `f` to throw std::invalid_argument whose message starts with `parameter`.
template <typename F>
void expect_invalid(F&& f, std::string_view parameter) {
  try {
    f();
    ADD_FAILURE() << "no exception; expected one naming " << parameter;
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).substr(0, parameter.size()), parameter) << e.what();
  }
}

}  // namespace collsim::algorithms
