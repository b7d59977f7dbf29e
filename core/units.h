#pragma once

#include <string>
#include <string_view>

#include "core/bandwidth.h"
#include "core/time.h"

namespace collsim::core {

// Whether a zero value is meaningful for the field being parsed.
enum class Zero { ALLOWED, REJECTED };

// The strict parsers for dimensioned values, the one place a unit is read. A value is a decimal
// number (optional fraction and exponent: "0.5us", "1e9B") followed, optionally after spaces, by
// its unit; a bare number is an error, except "0" where zero is allowed (zero is the same
// in every unit). Results are exact integers; a value that is not a whole number of the
// base unit (1 B, 1 ps, 1 B/s), negative, too large for 64 bits, NaN or infinite, empty,
// or with an unknown unit throws UnitError with a message that says which and how to fix.
//
// Sizes:       B; KB MB GB TB PB (powers of 1000); KiB MiB GiB TiB PiB (powers of 1024).
// Times:       ps ns us µs ms s (µs as MICRO SIGN U+00B5 or GREEK SMALL LETTER MU U+03BC).
// Bandwidths:  B/s KB/s MB/s GB/s TB/s, KiB/s MiB/s GiB/s TiB/s (bytes);
//              b/s Kb/s Mb/s Gb/s Tb/s and bps Kbps Mbps Gbps Tbps (bits).
//              A trailing "bidirectional" marks a vendor's aggregate of both directions
//              and is halved ("900GB/s bidirectional" = 450 GB/s per direction).
// Complexity: O(length of the string).
Bytes parse_size(std::string_view text, Zero zero = Zero::ALLOWED);
Time parse_time(std::string_view text, Zero zero = Zero::ALLOWED);
Bandwidth parse_bandwidth(std::string_view text, Zero zero = Zero::REJECTED);

// Exact, round-trippable spellings in the largest unit that divides the value:
// 524288 -> "512KiB", 1000000000 -> "1GB", 500000 ps -> "500ns", 450e9 B/s -> "450GB/s".
std::string format_size(Bytes bytes);
// An estimate's size in GiB (2^30 B) to one decimal, the decimal left out when it is 0:
// "1GiB", "3.1GiB". For the memory estimates of refusals, where format_size's exactness
// would print "3137880KiB".
std::string format_gib(double bytes);
std::string format_time(Time t);
std::string format_bandwidth(Bandwidth bw);

// Readable spellings for reports, two decimals in the unit that keeps the value >= 1:
// "630.02 us", "20.32 ms", "512 ps". format_seconds takes a closed-form (real) time.
std::string format_duration(Time t);
std::string format_seconds(double seconds);

}  // namespace collsim::core
