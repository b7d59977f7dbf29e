#include "report/csv_table.h"

#include <charconv>
#include <stdexcept>

#include <fmt/format.h>

namespace collsim::report {
namespace {

std::vector<std::string> split_line(std::string_view line, std::size_t number) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c == '"' && fields.back().empty()) {
      quoted = true;
    } else {
      fields.back() += c;
    }
  }
  if (quoted) {
    throw std::invalid_argument(fmt::format("line {}: a quoted field is not closed", number));
  }
  return fields;
}

}  // namespace

int CsvTable::column(std::string_view name) const {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (header[i] == name) {
      return static_cast<int>(i);
    }
  }
  return -1;
}

CsvTable parse_csv(std::string_view text) {
  CsvTable t;
  std::size_t number = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) {
      end = text.size();
    }
    std::string_view line = text.substr(pos, end - pos);
    pos = end + 1;
    ++number;
    if (!line.empty() && line.back() == '\r') {
      line.remove_suffix(1);
    }
    if (number == 1) {
      t.header = split_line(line, number);
      t.header_line = std::string(line);
      continue;
    }
    if (line.empty()) {
      continue;
    }
    std::vector<std::string> fields = split_line(line, number);
    if (fields.size() != t.header.size()) {
      throw std::invalid_argument(fmt::format("line {}: {} fields, the header has {}", number,
                                              fields.size(), t.header.size()));
    }
    t.rows.push_back(std::move(fields));
    t.lines.emplace_back(line);
  }
  if (number == 0) {
    throw std::invalid_argument("the file is empty");
  }
  return t;
}

std::optional<std::size_t> parse_count(std::string_view field) {
  std::size_t v = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
  if (field.empty() || ec != std::errc() || end != field.data() + field.size()) {
    return std::nullopt;
  }
  return v;
}

}  // namespace collsim::report
