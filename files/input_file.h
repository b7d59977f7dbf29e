#pragma once

#include <cstddef>
#include <string>

namespace collsim::files {

// The largest input file collsim reads: scenarios, topologies, baselines and shard outputs
// are text of kilobytes to a few megabytes, so anything larger is a mistake (a device, a
// binary), refused before it is read.
inline constexpr std::size_t MAX_INPUT_BYTES = std::size_t{256} << 20;

// The whole text of the regular file at `path` (symlinks followed). Opened non-blocking, so
// a FIFO without a writer is refused instead of waiting forever; a directory, device, FIFO
// or socket is refused by its type, a file over MAX_INPUT_BYTES by its size, before a byte
// is read. Every refusal throws core::InputError at `path` (no line), reading
// "<path>: cannot read the file: <reason>", the reason being the system's (errno) or the
// file's type or size. O(size of the file).
std::string read_input_file(const std::string& path);

}  // namespace collsim::files
