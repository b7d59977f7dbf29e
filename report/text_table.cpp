#include "report/text_table.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace collsim::report {
namespace {

// Display width: UTF-8 continuation bytes take no column.
std::size_t width(const std::string& s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

}  // namespace

void TextTable::add_column(std::string header, Align align) {
  headers_.push_back(std::move(header));
  aligns_.push_back(align);
}

void TextTable::add_row(std::vector<std::string> cells) {
  assert(cells.size() == headers_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
  std::vector<std::size_t> widths(headers_.size());
  for (std::size_t c = 0; c < headers_.size(); ++c) {
    widths[c] = width(headers_[c]);
    for (const auto& row : rows_) {
      widths[c] = std::max(widths[c], width(row[c]));
    }
  }
  std::string out;
  auto line = [&](const std::vector<std::string>& cells) {
    std::string l;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      const std::string pad(widths[c] - width(cells[c]), ' ');
      if (c > 0) {
        l += "  ";
      }
      l += aligns_[c] == Align::RIGHT ? pad + cells[c] : cells[c] + pad;
    }
    l.erase(l.find_last_not_of(' ') + 1);
    out += l + '\n';
  };
  line(headers_);
  for (const auto& row : rows_) {
    line(row);
  }
  return out;
}

}  // namespace collsim::report
