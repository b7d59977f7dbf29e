#include "report/csv_table.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "tests/error_text.h"

namespace collsim::report {
namespace {

TEST(CsvTable, ReadsQuotedFieldsAndKeepsEachRowsText) {
  const CsvTable t = parse_csv("a,b,c\n1,\"x, \"\"y\"\"\",\n\n2,z,w\r\n");
  EXPECT_EQ(t.header, (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(t.rows.size(), 2U);
  EXPECT_EQ(t.rows[0], (std::vector<std::string>{"1", "x, \"y\"", ""}));
  EXPECT_EQ(t.lines[0], "1,\"x, \"\"y\"\"\",");
  EXPECT_EQ(t.lines[1], "2,z,w");
  EXPECT_EQ(t.column("c"), 2);
  EXPECT_EQ(t.column("d"), -1);
}

TEST(CsvTable, RejectsRowsOfTheWrongWidthAndOpenQuotes) {
  auto error = [](const std::string& text) {
    return tests::error_text<std::invalid_argument>([&] { parse_csv(text); });
  };
  EXPECT_EQ(error(""), "the file is empty");
  EXPECT_EQ(error("a,b\n1\n"), "line 2: 1 fields, the header has 2");
  EXPECT_EQ(error("a,b\n\"1,2\n"), "line 2: a quoted field is not closed");
}

}  // namespace
}  // namespace collsim::report
