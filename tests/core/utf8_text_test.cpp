#include "core/utf8_text.h"

#include <string>

#include <gtest/gtest.h>

namespace collsim::core {
namespace {

TEST(Utf8Text, ValidTextOfEveryLengthPasses) {
  EXPECT_FALSE(find_invalid_utf8(""));
  EXPECT_FALSE(find_invalid_utf8("plain ascii\n"));
  // 2-, 3- and 4-byte characters: é, €, 𝄞, and the last code point U+10FFFF.
  EXPECT_FALSE(find_invalid_utf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E \xF4\x8F\xBF\xBF"));
  // A long text, past the decoder's buffer.
  EXPECT_FALSE(find_invalid_utf8(std::string(100000, 'x') + "\xC3\xA9" + std::string(9000, 'y')));
}

TEST(Utf8Text, EveryKindOfBadSequenceIsFoundAtItsFirstByte) {
  struct Case {
    std::string text;
    std::size_t offset;
    unsigned char byte;
  };
  const Case cases[] = {
      {"ab\xFF", 2, 0xFF},                // never a UTF-8 byte
      {"a\x80z", 1, 0x80},                // a continuation byte alone
      {"ab\xC3", 2, 0xC3},                // a sequence cut by the end
      {"a\xC3z", 1, 0xC3},                // a sequence cut by an ASCII byte
      {"\xC0\x80", 0, 0xC0},              // an overlong NUL
      {"x\xE0\x80\xAF", 1, 0xE0},         // an overlong '/'
      {"\xED\xA0\x80", 0, 0xED},          // a UTF-16 surrogate
      {"\xF4\x90\x80\x80", 0, 0xF4},      // past U+10FFFF
      {"\xC3\xA9\xC3\xA9\xFE", 4, 0xFE},  // after valid multi-byte characters
  };
  for (const Case& c : cases) {
    const std::optional<Utf8Error> e = find_invalid_utf8(c.text);
    ASSERT_TRUE(e) << c.offset;
    EXPECT_EQ(e->offset, c.offset);
    EXPECT_EQ(e->byte, c.byte);
  }
}

TEST(Utf8Text, TheLineAndColumnCountCharactersNotBytes) {
  const std::optional<Utf8Error> e = find_invalid_utf8("one\ntwo\n\xC3\xA9\xE2\x82\xAC!\xFF\n");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->line, 3);
  EXPECT_EQ(e->column, 4);  // é, € and ! come before it
  EXPECT_EQ(describe(*e), "byte 0xFF is not part of UTF-8 text (collsim reads UTF-8 only)");
}

}  // namespace
}  // namespace collsim::core
