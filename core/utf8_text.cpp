#include "core/utf8_text.h"

#include <cerrno>
#include <iconv.h>
#include <stdexcept>

#include <fmt/format.h>

namespace collsim::core {
namespace {

// One conversion descriptor per call keeps the function thread-safe (iconv_t is stateful).
class Converter {
 public:
  Converter() : cd_(::iconv_open("UTF-32LE", "UTF-8")) {
    if (cd_ == reinterpret_cast<iconv_t>(-1)) {
      throw std::runtime_error("iconv cannot convert UTF-8");
    }
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  ~Converter() { ::iconv_close(cd_); }
  iconv_t get() const { return cd_; }

 private:
  iconv_t cd_;
};

// Lines and columns (in characters) of `text` up to `offset`, valid UTF-8 by then.
Utf8Error position(std::string_view text, std::size_t offset) {
  Utf8Error e;
  e.offset = offset;
  e.byte = static_cast<unsigned char>(text[offset]);
  for (std::size_t i = 0; i < offset; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\n') {
      ++e.line;
      e.column = 1;
    } else if ((c & 0xC0) != 0x80) {
      ++e.column;
    }
  }
  return e;
}

}  // namespace

std::optional<Utf8Error> find_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size() && static_cast<unsigned char>(text[i]) < 0x80) {
    ++i;  // ASCII needs no decoder, and most input is ASCII
  }
  if (i == text.size()) {
    return std::nullopt;
  }
  const Converter converter;
  char* in = const_cast<char*>(text.data() + i);  // iconv does not write its input
  std::size_t in_left = text.size() - i;
  char buffer[4096];
  while (in_left > 0) {
    char* out = buffer;
    std::size_t out_left = sizeof buffer;
    if (::iconv(converter.get(), &in, &in_left, &out, &out_left) == static_cast<std::size_t>(-1)) {
      if (errno == E2BIG) {
        continue;
      }
      return position(text, static_cast<std::size_t>(in - text.data()));  // EILSEQ or EINVAL
    }
  }
  return std::nullopt;
}

std::string describe(const Utf8Error& error) {
  return fmt::format("byte 0x{:02X} is not part of UTF-8 text (collsim reads UTF-8 only)",
                     error.byte);
}

}  // namespace collsim::core
