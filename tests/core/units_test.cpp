#include "core/units.h"

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "core/input_error.h"

namespace collsim::core {
namespace {

struct Good {
  const char* text;
  std::int64_t value;
};

TEST(ParseSize, AcceptsEveryUnitExactly) {
  const Good cases[] = {
      {"8B", 8},
      {"0", 0},
      {"0B", 0},
      {"1KB", 1000},
      {"1MB", 1000000},
      {"1GB", 1000000000},
      {"2TB", 2000000000000},
      {"1KiB", 1024},
      {"512KiB", 524288},
      {"1MiB", 1048576},
      {"16GiB", 17179869184},
      {"1TiB", 1099511627776},
      {"1.5GiB", 1610612736},
      {"0.5KiB", 512},
      {"1e9B", 1000000000},
      {"1E3KB", 1000000},
      {"  64 MiB ", 67108864},
      {"+4KiB", 4096},
  };
  for (const Good& c : cases) {
    EXPECT_EQ(parse_size(c.text), c.value) << c.text;
  }
}

TEST(ParseTime, AcceptsEveryUnitExactly) {
  const Good cases[] = {
      {"1ps", 1},
      {"500ns", 500000},
      {"0.5us", 500000},
      {"5us", 5000000},
      {"5\xC2\xB5s", 5000000},
      {"5\xCE\xBCs", 5000000},
      {"1.5ms", 1500000000},
      {"2s", 2000000000000},
      {"0", 0},
      {"0us", 0},
      {"1e-6s", 1000000},
      {"0.001ns", 1},
  };
  for (const Good& c : cases) {
    EXPECT_EQ(parse_time(c.text).ps(), c.value) << c.text;
  }
}

TEST(ParseBandwidth, BytesAndBitsAndBidirectional) {
  const Good cases[] = {
      {"100GB/s", 100000000000},
      {"450GB/s", 450000000000},
      {"400Gb/s", 50000000000},
      {"400Gbps", 50000000000},
      {"200 Gb/s", 25000000000},
      {"1B/s", 1},
      {"8b/s", 1},
      {"12.5Gb/s", 1562500000},
      {"1KB/s", 1000},
      {"1KiB/s", 1024},
      {"1GiB/s", 1073741824},
      {"2TB/s", 2000000000000},
      {"1Tb/s", 125000000000},
      {"900GB/s bidirectional", 450000000000},
      {"800Gb/s  bidirectional", 50000000000},
      {"100Mbps", 12500000},
  };
  for (const Good& c : cases) {
    EXPECT_EQ(parse_bandwidth(c.text).bytes_per_second(), c.value) << c.text;
  }
  EXPECT_EQ(parse_bandwidth("0", Zero::ALLOWED).bytes_per_second(), 0);
}

struct Bad {
  const char* text;
  const char* message;
};

template <typename Parse>
void expect_errors(Parse parse, const Bad* begin, const Bad* end) {
  for (const Bad* c = begin; c != end; ++c) {
    try {
      parse(c->text);
      ADD_FAILURE() << "accepted '" << c->text << "'";
    } catch (const UnitError& e) {
      EXPECT_EQ(std::string(e.what()), c->message) << c->text;
    }
  }
}

TEST(ParseBandwidth, RejectsWithClearMessages) {
  const Bad cases[] = {
      {"400", "'400' has no unit; write the unit with the number, e.g. '400Gb/s'"},
      {"400 Gb", "'400 Gb' is a data size in bits, not a bandwidth; did you mean '400Gb/s'?"},
      {"50GB", "'50GB' is a data size, not a bandwidth; did you mean '50GB/s'?"},
      {"5us", "'5us' is a time, but a bandwidth is expected (e.g. '400Gb/s')"},
      {"400Gb/h",
       "unknown bandwidth unit 'Gb/h' in '400Gb/h'; expected one of: B/s KB/s MB/s GB/s TB/s "
       "KiB/s MiB/s GiB/s TiB/s b/s Kb/s Mb/s Gb/s Tb/s bps Kbps Mbps Gbps Tbps"},
      {"-100GB/s", "'-100GB/s' is negative; a bandwidth must be >= 0"},
      {"0GB/s", "'0GB/s' is zero; a bandwidth here must be greater than zero"},
      {"0", "'0' is zero; a bandwidth here must be greater than zero"},
      {"", "empty value; expected a bandwidth such as '400Gb/s'"},
      {"   ", "empty value; expected a bandwidth such as '400Gb/s'"},
      {"nan", "'nan' is not a finite number"},
      {"-inf", "'-inf' is not a finite number"},
      {"InfGB/s", "'InfGB/s' is not a finite number"},
      {"1b/s", "'1b/s' is not a whole number of bytes per second"},
      {"1B/s bidirectional", "'1B/s bidirectional' is not a whole number of bytes per second"},
      {"99999999999TB/s",
       "'99999999999TB/s' is out of range (at most 9223372036854775807 bytes per second)"},
      {"GB/s", "'GB/s' is not a number followed by a bandwidth unit (e.g. '400Gb/s')"},
      {"1e99999999GB/s", "'1e99999999GB/s' is out of range"},
  };
  expect_errors([](const char* t) { return parse_bandwidth(t); }, std::begin(cases),
                std::end(cases));
}

TEST(ParseSize, RejectsWithClearMessages) {
  const Bad cases[] = {
      {"1024", "'1024' has no unit; write the unit with the number, e.g. '512KiB'"},
      {"1.5B", "'1.5B' is not a whole number of bytes"},
      {"-1KiB", "'-1KiB' is negative; a size must be >= 0"},
      {"1kb",
       "unknown size unit 'kb' in '1kb'; expected one of: B KB MB GB TB PB KiB MiB GiB "
       "TiB PiB"},
      {"10GB/s", "'10GB/s' is a bandwidth, but a size is expected (e.g. '512KiB')"},
      {"9EiB",
       "unknown size unit 'EiB' in '9EiB'; expected one of: B KB MB GB TB PB KiB MiB "
       "GiB TiB PiB"},
      {"8192PiB", "'8192PiB' is out of range (at most 9223372036854775807 bytes)"},
      {"1.0.0KiB",
       "unknown size unit '.0KiB' in '1.0.0KiB'; expected one of: B KB MB GB TB PB "
       "KiB MiB GiB TiB PiB"},
      {"1234567890123456789012345678901234567B",
       "'1234567890123456789012345678901234567B' has "
       "too many digits"},
  };
  expect_errors([](const char* t) { return parse_size(t); }, std::begin(cases), std::end(cases));
  EXPECT_THROW(parse_size("0B", Zero::REJECTED), UnitError);
}

TEST(ParseTime, RejectsWithClearMessages) {
  const Bad cases[] = {
      {"5", "'5' has no unit; write the unit with the number, e.g. '0.5us'"},
      {"0.5ps", "'0.5ps' is not a whole number of picoseconds (the time resolution)"},
      {"-1us", "'-1us' is negative; a time must be >= 0"},
      {"5 sec",
       "unknown time unit 'sec' in '5 sec'; expected one of: ps ns us \xC2\xB5s "
       "\xCE\xBCs ms s"},
      {"1KiB", "'1KiB' is a size, but a time is expected (e.g. '0.5us')"},
      {"1e-13s", "'1e-13s' is not a whole number of picoseconds (the time resolution)"},
      {"200000000s",
       "'200000000s' is out of range (at most 9223372036854775807 picoseconds "
       "(the time resolution))"},
  };
  expect_errors([](const char* t) { return parse_time(t); }, std::begin(cases), std::end(cases));
}

// Estimates: GiB to one decimal, the decimal dropped when it is 0, rounded to nearest.
TEST(FormatUnits, GibEstimatesHaveOneDecimal) {
  EXPECT_EQ(format_gib(1073741824.0), "1GiB");
  EXPECT_EQ(format_gib(3290431488.0), "3.1GiB");  // 3.064 GiB
  EXPECT_EQ(format_gib(1181116006.4), "1.1GiB");  // 1.1 GiB
  EXPECT_EQ(format_gib(1020054732.8), "1GiB");    // 0.95 GiB rounds up to 1.0
  EXPECT_EQ(format_gib(0), "0GiB");
}

TEST(FormatUnits, ExactSpellingsRoundTrip) {
  EXPECT_EQ(format_size(524288), "512KiB");
  EXPECT_EQ(format_size(1000000000), "1GB");
  EXPECT_EQ(format_size(17179869184), "16GiB");
  EXPECT_EQ(format_size(8), "8B");
  EXPECT_EQ(format_size(1500), "1500B");
  EXPECT_EQ(format_time(Time::from_ps(500000)), "500ns");
  EXPECT_EQ(format_time(Time::from_ps(5000000)), "5us");
  EXPECT_EQ(format_time(Time::from_ps(1)), "1ps");
  EXPECT_EQ(format_bandwidth(Bandwidth::from_bytes_per_second(450000000000)), "450GB/s");
  EXPECT_EQ(format_bandwidth(Bandwidth::from_bytes_per_second(50000000000)), "50GB/s");
  EXPECT_EQ(format_bandwidth(Bandwidth::from_bytes_per_second(12500000)), "100Mb/s");
  EXPECT_EQ(format_bandwidth(Bandwidth::from_bytes_per_second(7)), "7B/s");
  for (const char* s : {"512KiB", "1GB", "1500B", "3MiB"}) {
    EXPECT_EQ(format_size(parse_size(s)), s);
  }
  for (const char* s : {"500ns", "5us", "1ps", "3ms", "2s"}) {
    EXPECT_EQ(format_time(parse_time(s)), s);
  }
  for (const char* s : {"450GB/s", "100Mb/s", "7B/s", "1KB/s"}) {
    EXPECT_EQ(format_bandwidth(parse_bandwidth(s)), s);
  }
}

TEST(FormatUnits, ReadableDurations) {
  EXPECT_EQ(format_seconds(630.02e-6), "630.02 us");
  EXPECT_EQ(format_seconds(20.32e-3), "20.32 ms");
  EXPECT_EQ(format_seconds(1.5), "1.50 s");
  EXPECT_EQ(format_duration(Time::from_ps(512)), "512 ps");
  EXPECT_EQ(format_duration(Time::from_ps(60120000)), "60.12 us");
}

TEST(InputError, RendersFileLineColumnAndField) {
  const InputError e({"a.yaml", 12, 5}, "spec.model.stepLatency", "'5' has no unit");
  EXPECT_STREQ(e.what(), "a.yaml:12:5: spec.model.stepLatency: '5' has no unit");
  const InputError flag({"command line", 0, 0}, "--alpha", "bad");
  EXPECT_STREQ(flag.what(), "command line: --alpha: bad");
  const InputError bare({}, "", "bad");
  EXPECT_STREQ(bare.what(), "bad");
}

}  // namespace
}  // namespace collsim::core
