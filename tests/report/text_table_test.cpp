#include "report/text_table.h"

#include <gtest/gtest.h>

namespace collsim::report {
namespace {

TEST(TextTable, AlignsColumns) {
  TextTable t;
  t.add_column("size");
  t.add_column("name", TextTable::Align::LEFT);
  t.add_column("time");
  t.add_row({"1KiB", "ring", "630.02 us"});
  t.add_row({"1GiB", "binary_tree", "1.00 s"});
  EXPECT_EQ(t.render(),
            "size  name              time\n"
            "1KiB  ring         630.02 us\n"
            "1GiB  binary_tree     1.00 s\n");
}

// A left-aligned last column leaves no trailing spaces; µ counts as one column.
TEST(TextTable, NoTrailingSpacesAndUtf8Width) {
  TextTable t;
  t.add_column("t");
  t.add_column("winner", TextTable::Align::LEFT);
  t.add_row({"5 \xC2\xB5s", "ring"});
  EXPECT_EQ(t.render(),
            "   t  winner\n"
            "5 \xC2\xB5s  ring\n");
}

}  // namespace
}  // namespace collsim::report
