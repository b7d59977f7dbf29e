#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace collsim::report {

// CsvTable: a CSV file as collsim writes it — a header row, then rows of as many fields,
// one line each (RFC 4180 quoting: a field with ',' or '"' is quoted, '"' doubled; no line
// breaks inside fields). `lines` keeps each data row's text as read, so a merge can copy
// rows byte for byte. O(length) to parse.
struct CsvTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> lines;
  std::string header_line;

  // The index of the column named `name`, or -1.
  int column(std::string_view name) const;
};

// A field holding a count or an index: plain decimal digits that fit a size_t, or nullopt.
std::optional<std::size_t> parse_count(std::string_view field);

// Throws std::invalid_argument naming the 1-based line for an empty text, a row with
// another field count than the header, or a broken quote.
CsvTable parse_csv(std::string_view text);

}  // namespace collsim::report
