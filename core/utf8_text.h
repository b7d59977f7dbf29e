#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace collsim::core {

// Where UTF-8 validation found the first byte that is not part of a valid character.
struct Utf8Error {
  std::size_t offset = 0;  // of the first bad byte in the text
  int line = 1;            // 1-based, counting '\n'
  int column = 1;          // 1-based, in characters of the line before the bad byte
  unsigned char byte = 0;  // the bad byte
};

// The first invalid UTF-8 sequence in `text` (a stray continuation byte, a truncated
// sequence, an overlong form, a surrogate or a code point past U+10FFFF), or nothing when
// the whole text is valid. Every input string is checked where it is read, so that every
// output format (JSON above all) can carry it. Decoding is the C library's (iconv), not
// hand-written. O(size of the text).
std::optional<Utf8Error> find_invalid_utf8(std::string_view text);

// "byte 0xNN is not part of UTF-8 text ..." — the message of an error placed at the
// error's line and column.
std::string describe(const Utf8Error& error);

}  // namespace collsim::core
