#include "core/units.h"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include <fmt/format.h>

#include "core/input_error.h"

namespace collsim::core {
namespace {

using i128 = Picobytes;  // any 128-bit signed integer; this one is already declared

enum class Kind { SIZE, TIME, BANDWIDTH };

// value in base units = number * num / den
struct Unit {
  std::string_view name;
  std::int64_t num;
  std::int64_t den;
};

constexpr std::int64_t KI = 1024;
constexpr std::array SIZE_UNITS{
    Unit{"B", 1, 1},
    Unit{"KB", 1'000, 1},
    Unit{"MB", 1'000'000, 1},
    Unit{"GB", 1'000'000'000, 1},
    Unit{"TB", 1'000'000'000'000, 1},
    Unit{"PB", 1'000'000'000'000'000, 1},
    Unit{"KiB", KI, 1},
    Unit{"MiB", KI* KI, 1},
    Unit{"GiB", KI* KI* KI, 1},
    Unit{"TiB", KI* KI* KI* KI, 1},
    Unit{"PiB", KI* KI* KI* KI* KI, 1},
};
constexpr std::array TIME_UNITS{
    Unit{"ps", 1, 1},
    Unit{"ns", 1'000, 1},
    Unit{"us", 1'000'000, 1},
    Unit{"\xC2\xB5s", 1'000'000, 1},  // µs with MICRO SIGN
    Unit{"\xCE\xBCs", 1'000'000, 1},  // μs with GREEK SMALL LETTER MU
    Unit{"ms", 1'000'000'000, 1},
    Unit{"s", PS_PER_SECOND, 1},
};
constexpr std::array BANDWIDTH_UNITS{
    Unit{"B/s", 1, 1},
    Unit{"KB/s", 1'000, 1},
    Unit{"MB/s", 1'000'000, 1},
    Unit{"GB/s", 1'000'000'000, 1},
    Unit{"TB/s", 1'000'000'000'000, 1},
    Unit{"KiB/s", KI, 1},
    Unit{"MiB/s", KI* KI, 1},
    Unit{"GiB/s", KI* KI* KI, 1},
    Unit{"TiB/s", KI* KI* KI* KI, 1},
    Unit{"b/s", 1, 8},
    Unit{"Kb/s", 1'000, 8},
    Unit{"Mb/s", 1'000'000, 8},
    Unit{"Gb/s", 1'000'000'000, 8},
    Unit{"Tb/s", 1'000'000'000'000, 8},
    Unit{"bps", 1, 8},
    Unit{"Kbps", 1'000, 8},
    Unit{"Mbps", 1'000'000, 8},
    Unit{"Gbps", 1'000'000'000, 8},
    Unit{"Tbps", 1'000'000'000'000, 8},
};
// Bit-count sizes are not sizes here, but they are the likeliest slip for a bandwidth
// ("400 Gb"), so they are recognised to say exactly what is missing.
constexpr std::array BIT_SIZE_UNITS{"b", "Kb", "Mb", "Gb", "Tb"};

std::string_view kind_name(Kind k) {
  switch (k) {
    case Kind::SIZE:
      return "size";
    case Kind::TIME:
      return "time";
    case Kind::BANDWIDTH:
      return "bandwidth";
  }
  return "value";
}

std::string_view example(Kind k) {
  switch (k) {
    case Kind::SIZE:
      return "512KiB";
    case Kind::TIME:
      return "0.5us";
    case Kind::BANDWIDTH:
      return "400Gb/s";
  }
  return "";
}

std::string_view base_unit(Kind k) {
  switch (k) {
    case Kind::SIZE:
      return "bytes";
    case Kind::TIME:
      return "picoseconds (the time resolution)";
    case Kind::BANDWIDTH:
      return "bytes per second";
  }
  return "";
}

template <std::size_t N>
std::optional<Unit> find_unit(const std::array<Unit, N>& table, std::string_view name) {
  for (const Unit& u : table) {
    if (u.name == name) {
      return u;
    }
  }
  return std::nullopt;
}

std::optional<Unit> find_unit(Kind k, std::string_view name) {
  switch (k) {
    case Kind::SIZE:
      return find_unit(SIZE_UNITS, name);
    case Kind::TIME:
      return find_unit(TIME_UNITS, name);
    case Kind::BANDWIDTH:
      return find_unit(BANDWIDTH_UNITS, name);
  }
  return std::nullopt;
}

template <std::size_t N>
std::string list_units(const std::array<Unit, N>& table) {
  std::string out;
  for (const Unit& u : table) {
    if (!out.empty()) {
      out += ' ';
    }
    out += u.name;
  }
  return out;
}

std::string list_units(Kind k) {
  switch (k) {
    case Kind::SIZE:
      return list_units(SIZE_UNITS);
    case Kind::TIME:
      return list_units(TIME_UNITS);
    case Kind::BANDWIDTH:
      return list_units(BANDWIDTH_UNITS);
  }
  return "";
}

bool is_space(char c) {
  return c == ' ' || c == '\t';
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) {
    s.remove_prefix(1);
  }
  while (!s.empty() && is_space(s.back())) {
    s.remove_suffix(1);
  }
  return s;
}

[[noreturn]] void fail(std::string message) {
  throw UnitError(std::move(message));
}

bool checked_mul(i128& v, i128 by) {
  return !__builtin_mul_overflow(v, by, &v);
}

// The wrong-unit message: says what the unit is if it belongs to another kind.
[[noreturn]] void fail_unit(Kind k, std::string_view text, std::string_view number,
                            std::string_view unit) {
  if (k == Kind::BANDWIDTH) {
    for (std::string_view bits : BIT_SIZE_UNITS) {
      if (unit == bits) {
        fail(fmt::format("'{}' is a data size in bits, not a bandwidth; did you mean '{}{}/s'?",
                         text, number, unit));
      }
    }
    if (find_unit(Kind::SIZE, unit)) {
      fail(fmt::format("'{}' is a data size, not a bandwidth; did you mean '{}{}/s'?", text, number,
                       unit));
    }
  }
  for (Kind other : {Kind::SIZE, Kind::TIME, Kind::BANDWIDTH}) {
    if (other != k && find_unit(other, unit)) {
      fail(fmt::format("'{}' is a {}, but a {} is expected (e.g. '{}')", text, kind_name(other),
                       kind_name(k), example(k)));
    }
  }
  fail(fmt::format("unknown {} unit '{}' in '{}'; expected one of: {}", kind_name(k), unit, text,
                   list_units(k)));
}

std::int64_t parse_value(std::string_view raw, Kind k, Zero zero) {
  const std::string_view text = trim(raw);
  if (text.empty()) {
    fail(fmt::format("empty value; expected a {} such as '{}'", kind_name(k), example(k)));
  }
  std::size_t pos = 0;
  bool negative = false;
  if (text[pos] == '+' || text[pos] == '-') {
    negative = text[pos] == '-';
    ++pos;
  }
  {
    std::string word;
    for (std::size_t i = pos; i < text.size() && i < pos + 3; ++i) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
    }
    if (word == "nan" || word == "inf") {
      fail(fmt::format("'{}' is not a finite number", text));
    }
  }

  // Mantissa digits as an exact integer; the decimal point only moves the exponent.
  i128 mantissa = 0;
  int exp10 = 0;
  int digits = 0;
  int significant = 0;
  bool seen_point = false;
  for (; pos < text.size(); ++pos) {
    const char c = text[pos];
    if (c == '.' && !seen_point) {
      seen_point = true;
      continue;
    }
    if (c < '0' || c > '9') {
      break;
    }
    ++digits;
    if (mantissa != 0 || c != '0') {
      if (++significant > 36) {
        fail(fmt::format("'{}' has too many digits", text));
      }
      mantissa = mantissa * 10 + (c - '0');
    }
    if (seen_point) {
      --exp10;
    }
  }
  if (digits == 0) {
    fail(fmt::format("'{}' is not a number followed by a {} unit (e.g. '{}')", text, kind_name(k),
                     example(k)));
  }
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E') && pos + 1 < text.size()) {
    std::size_t p = pos + 1;
    bool exp_negative = false;
    if (text[p] == '+' || text[p] == '-') {
      exp_negative = text[p] == '-';
      ++p;
    }
    if (p < text.size() && text[p] >= '0' && text[p] <= '9') {
      int e = 0;
      for (; p < text.size() && text[p] >= '0' && text[p] <= '9'; ++p) {
        if (e > 10000) {
          fail(fmt::format("'{}' is out of range", text));
        }
        e = e * 10 + (text[p] - '0');
      }
      exp10 += exp_negative ? -e : e;
      pos = p;
    }
  }
  const std::string_view number = text.substr(0, pos);
  std::string_view unit = trim(text.substr(pos));

  bool bidirectional = false;
  constexpr std::string_view BIDIR = "bidirectional";
  if (k == Kind::BANDWIDTH && unit.size() > BIDIR.size() && unit.ends_with(BIDIR) &&
      is_space(unit[unit.size() - BIDIR.size() - 1])) {
    bidirectional = true;
    unit = trim(unit.substr(0, unit.size() - BIDIR.size()));
  }

  if (negative && mantissa != 0) {
    fail(fmt::format("'{}' is negative; a {} must be >= 0", text, kind_name(k)));
  }
  if (unit.empty()) {
    if (mantissa == 0 && zero == Zero::ALLOWED && !bidirectional) {
      return 0;
    }
    if (mantissa == 0 && zero == Zero::REJECTED) {
      fail(fmt::format("'{}' is zero; a {} here must be greater than zero", text, kind_name(k)));
    }
    fail(fmt::format("'{}' has no unit; write the unit with the number, e.g. '{}'", text,
                     example(k)));
  }
  const std::optional<Unit> u = find_unit(k, unit);
  if (!u) {
    fail_unit(k, text, number, unit);
  }

  i128 num = mantissa;
  i128 den = u->den * (bidirectional ? 2 : 1);
  bool ok = checked_mul(num, u->num);
  if (mantissa != 0) {
    for (int e = exp10; ok && e > 0; --e) {
      ok = checked_mul(num, 10);
    }
    for (int e = exp10; ok && e < 0; ++e) {
      ok = checked_mul(den, 10);
      if (!ok) {  // the fraction is finer than any representable resolution
        fail(fmt::format("'{}' is not a whole number of {}", text, base_unit(k)));
      }
    }
  }
  if (!ok || num / den > std::numeric_limits<std::int64_t>::max()) {
    fail(fmt::format("'{}' is out of range (at most {} {})", text,
                     std::numeric_limits<std::int64_t>::max(), base_unit(k)));
  }
  if (num % den != 0) {
    fail(fmt::format("'{}' is not a whole number of {}", text, base_unit(k)));
  }
  const auto value = static_cast<std::int64_t>(num / den);
  if (value == 0 && zero == Zero::REJECTED) {
    fail(fmt::format("'{}' is zero; a {} here must be greater than zero", text, kind_name(k)));
  }
  return value;
}

template <std::size_t N>
std::string format_exact(std::int64_t value, const std::array<Unit, N>& table,
                         std::string_view fallback_unit) {
  // Largest unit first; a unit applies when it divides the value exactly.
  const Unit* best = nullptr;
  for (const Unit& u : table) {
    if (u.den == 1 && value % u.num == 0 && (best == nullptr || u.num > best->num)) {
      best = &u;
    }
  }
  if (best == nullptr || value == 0) {
    return fmt::format("{}{}", value, fallback_unit);
  }
  return fmt::format("{}{}", value / best->num, best->name);
}

std::string readable(double value_ps) {
  if (!std::isfinite(value_ps)) {
    return value_ps > 0 ? "inf" : "nan";
  }
  const double a = std::fabs(value_ps);
  if (a < 1e3) {
    return fmt::format("{:.2f} ps", value_ps);
  }
  if (a < 1e6) {
    return fmt::format("{:.2f} ns", value_ps / 1e3);
  }
  if (a < 1e9) {
    return fmt::format("{:.2f} us", value_ps / 1e6);
  }
  if (a < 1e12) {
    return fmt::format("{:.2f} ms", value_ps / 1e9);
  }
  return fmt::format("{:.2f} s", value_ps / 1e12);
}

}  // namespace

Bytes parse_size(std::string_view text, Zero zero) {
  return parse_value(text, Kind::SIZE, zero);
}

Time parse_time(std::string_view text, Zero zero) {
  return Time::from_ps(parse_value(text, Kind::TIME, zero));
}

Bandwidth parse_bandwidth(std::string_view text, Zero zero) {
  return Bandwidth::from_bytes_per_second(parse_value(text, Kind::BANDWIDTH, zero));
}

std::string format_size(Bytes bytes) {
  // Binary units are what message sizes are written in; decimal ones only when exact.
  constexpr std::array BINARY{SIZE_UNITS[0], SIZE_UNITS[6], SIZE_UNITS[7],
                              SIZE_UNITS[8], SIZE_UNITS[9], SIZE_UNITS[10]};
  if (bytes != 0 && bytes % KI == 0) {
    return format_exact(bytes, BINARY, "B");
  }
  return format_exact(bytes, SIZE_UNITS, "B");
}

std::string format_gib(double bytes) {
  const double tenths = std::round(bytes / static_cast<double>(KI * KI * KI) * 10);
  return std::fmod(tenths, 10) == 0 ? fmt::format("{:.0f}GiB", tenths / 10)
                                    : fmt::format("{:.1f}GiB", tenths / 10);
}

std::string format_time(Time t) {
  constexpr std::array UNITS{TIME_UNITS[0], TIME_UNITS[1], TIME_UNITS[2], TIME_UNITS[5],
                             TIME_UNITS[6]};
  return t.ps() == 0 ? "0s" : format_exact(t.ps(), UNITS, "ps");
}

std::string format_bandwidth(Bandwidth bw) {
  // Among the exact spellings in byte and bit units, the one with the smallest number:
  // 50e9 B/s is "50GB/s" (not "400Gb/s"), 12.5e6 B/s is "100Mb/s" (not "12500KB/s").
  const std::int64_t v = bw.bytes_per_second();
  std::string best = fmt::format("{}B/s", v);
  i128 best_number = v;
  for (const Unit& u : BANDWIDTH_UNITS) {
    const i128 scaled = static_cast<i128>(v) * u.den;
    if (v == 0 || u.name.ends_with("ps") || u.name.find('i') != std::string_view::npos ||
        scaled % u.num != 0 || scaled / u.num >= best_number) {
      continue;
    }
    best_number = scaled / u.num;
    best = fmt::format("{}{}", static_cast<std::int64_t>(best_number), u.name);
  }
  return best;
}

std::string format_duration(Time t) {
  if (t.ps() > -1000 && t.ps() < 1000) {
    return fmt::format("{} ps", t.ps());
  }
  return readable(static_cast<double>(t.ps()));
}

std::string format_seconds(double seconds) {
  return readable(seconds * 1e12);
}

}  // namespace collsim::core
