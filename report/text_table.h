#pragma once

#include <string>
#include <vector>

namespace collsim::report {

// TextTable: an aligned plain-text table for reports — a header row, then data rows; each
// column as wide as its widest cell, columns two spaces apart, right-aligned (numbers)
// unless declared left-aligned; no trailing spaces. render() is O(cells).
class TextTable {
 public:
  enum class Align { LEFT, RIGHT };

  void add_column(std::string header, Align align = Align::RIGHT);
  // Precondition: one cell per column.
  void add_row(std::vector<std::string> cells);
  // Every line ends with '\n'.
  std::string render() const;

 private:
  std::vector<std::string> headers_;
  std::vector<Align> aligns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace collsim::report
