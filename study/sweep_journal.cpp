#include "study/sweep_journal.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/crc.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "files/output_file.h"

namespace collsim::study {
namespace {
using files::write_all;

using Json = nlohmann::ordered_json;

Json encode_candidate(const std::optional<NcclCandidate>& c) {
  if (!c) {
    return nullptr;
  }
  Json j;
  j["algorithm"] = algorithms::algorithm_name(c->algorithm);
  j["protocol"] = cost::protocol_name(c->protocol);
  j["channels"] = c->channels;
  j["predicted_us"] = c->predicted_us;
  j["time_ps"] = c->simulated ? Json(c->simulated->ps()) : Json(nullptr);
  return j;
}

std::optional<NcclCandidate> decode_candidate(const Json& j) {
  if (j.is_null()) {
    return std::nullopt;
  }
  NcclCandidate c;
  const std::optional<algorithms::Algorithm> a =
      algorithms::parse_algorithm(j.at("algorithm").get<std::string>());
  const std::optional<cost::Protocol> p = cost::parse_protocol(j.at("protocol").get<std::string>());
  if (!a || !p) {
    throw std::invalid_argument("unknown NCCL candidate");
  }
  c.algorithm = *a;
  c.protocol = *p;
  c.channels = j.at("channels").get<int>();
  c.predicted_us = j.at("predicted_us").get<double>();
  if (!j.at("time_ps").is_null()) {
    c.simulated = core::Time::from_ps(j.at("time_ps").get<std::int64_t>());
  }
  return c;
}

Json encode(std::size_t unit, const RunRow& row) {
  Json j;
  j["unit"] = unit;
  j["algorithm"] = algorithms::algorithm_name(row.algorithm);
  j["bytes"] = row.bytes;
  j["ranks"] = row.ranks;
  j["time_ps"] = row.simulated ? Json(row.simulated->ps()) : Json(nullptr);
  j["closed_s"] = row.closed_seconds ? Json(*row.closed_seconds) : Json(nullptr);
  j["cause"] = row.cause;
  if (row.nccl_pick) {
    j["nccl_pick"] = encode_candidate(row.nccl_pick);
    j["nccl_faster"] = encode_candidate(row.nccl_faster);
  }
  return j;
}

// The CRC-32 of a run line's JSON without its "crc" field, so that an edited or damaged
// line is found and refused rather than read into the output.
std::uint32_t line_crc(std::string_view json) {
  boost::crc_32_type crc;
  crc.process_bytes(json.data(), json.size());
  return crc.checksum();
}

std::pair<std::size_t, RunRow> decode_run(const Json& j);

std::string encode_line(std::size_t unit, const RunRow& row) {
  Json j = encode(unit, row);
  const std::string body = j.dump();
  j["crc"] = line_crc(body);
  return j.dump() + "\n";
}

std::pair<std::size_t, RunRow> decode(std::string_view line) {
  Json j;
  try {
    j = Json::parse(line);
  } catch (const Json::exception&) {
    throw std::invalid_argument("does not parse");
  }
  if (!j.is_object() || !j.contains("crc") || !j["crc"].is_number_unsigned()) {
    throw std::invalid_argument("is not a run");
  }
  const auto crc = j["crc"].get<std::uint64_t>();
  j.erase("crc");
  if (crc != line_crc(j.dump())) {
    throw std::invalid_argument("fails its checksum (edited or damaged)");
  }
  try {
    return decode_run(j);
  } catch (const std::exception&) {
    throw std::invalid_argument("is not a run");
  }
}

std::pair<std::size_t, RunRow> decode_run(const Json& j) {
  RunRow row;
  const std::optional<algorithms::Algorithm> a =
      algorithms::parse_algorithm(j.at("algorithm").get<std::string>());
  if (!a) {
    throw std::invalid_argument("unknown algorithm");
  }
  row.algorithm = *a;
  row.bytes = j.at("bytes").get<core::Bytes>();
  row.ranks = j.at("ranks").get<int>();
  if (!j.at("time_ps").is_null()) {
    row.simulated = core::Time::from_ps(j.at("time_ps").get<std::int64_t>());
  }
  if (!j.at("closed_s").is_null()) {
    row.closed_seconds = j.at("closed_s").get<double>();
  }
  row.cause = j.at("cause").get<std::string>();
  if (j.contains("nccl_pick")) {
    row.nccl_pick = decode_candidate(j.at("nccl_pick"));
    row.nccl_faster = decode_candidate(j.at("nccl_faster"));
  }
  return {j.at("unit").get<std::size_t>(), row};
}

}  // namespace

std::string text_digest(std::string_view text) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  return fmt::format("{:016x}", h);
}

void SweepJournal::fail(const std::string& message) const {
  throw core::command_line_error(flag_, message);
}

SweepJournal::SweepJournal(std::string path, const std::string& identity, bool resume)
    : path_(std::move(path)), flag_(resume ? "--resume" : "-o") {
  try {
    open(identity, resume);
  } catch (...) {
    if (fd_ >= 0) {
      ::close(fd_);  // and with it the lock: the destructor does not run
    }
    throw;
  }
}

void SweepJournal::open(const std::string& identity, bool resume) {
  // Locked before it is read or changed, and re-opened if the file at the path was replaced
  // or removed between open and lock, so that the lock is always on the file at the path.
  while (true) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) {
      fail(fmt::format("cannot open the journal '{}': {}", path_, std::strerror(errno)));
    }
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd_);
      fd_ = -1;
      if (error == EWOULDBLOCK) {
        fail(
            fmt::format("another collsim sweep is writing this output (its journal '{}' is "
                        "locked); wait for it to finish or give another -o",
                        path_));
      }
      fail(fmt::format("cannot lock the journal '{}': {}", path_, std::strerror(error)));
    }
    struct stat held {};
    struct stat now {};
    if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino) {
      break;
    }
    ::close(fd_);
    fd_ = -1;
  }
  const std::string header = Json{{"collsim_journal", 2}, {"identity", identity}}.dump() + "\n";
  // What is kept: a prefix of the file (the header and every whole, intact run line), so
  // that keeping it is a truncation, which an interruption cannot half-do.
  std::size_t keep = 0;
  if (resume) {
    const std::string text = read_all();
    std::size_t number = 0;
    std::size_t at = 0;
    while (at < text.size()) {
      ++number;
      const std::size_t newline = text.find('\n', at);
      if (newline == std::string::npos) {
        break;  // cut by an interruption: the run is simply redone
      }
      const std::string_view line(text.data() + at, newline - at);
      if (number == 1) {
        if (std::string_view(text.data(), newline + 1) != header) {
          fail(
              fmt::format("the journal '{}' belongs to another sweep (another scenario, "
                          "--set, or shard) or another collsim; delete it or run without "
                          "--resume",
                          path_));
        }
      } else {
        try {
          const auto [unit, row] = decode(line);
          completed_[unit] = row;
        } catch (const std::exception& e) {
          fail(fmt::format("line {} of the journal '{}' {}; delete the journal to start over",
                           number, path_, e.what()));
        }
      }
      at = newline + 1;
      keep = at;
    }
  }
  if (keep == 0) {
    if (::ftruncate(fd_, 0) != 0) {
      fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(errno)));
    }
    if (const int error = write_all(fd_, header); error != 0) {
      fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(error)));
    }
  } else if (::ftruncate(fd_, static_cast<off_t>(keep)) != 0) {
    fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(errno)));
  }
  if (::lseek(fd_, 0, SEEK_END) < 0) {
    fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(errno)));
  }
}

std::string SweepJournal::read_all() const {
  std::string text;
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) {
      continue;
    }
    if (n < 0) {
      fail(fmt::format("cannot read the journal '{}': {}", path_, std::strerror(errno)));
    }
    if (n == 0) {
      return text;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

SweepJournal::~SweepJournal() {
  if (fd_ >= 0) {
    // A sweep that stops (an error) before its first run finished leaves nothing to resume.
    if (completed_.empty()) {
      ::unlink(path_.c_str());
    }
    ::close(fd_);
  }
}

void SweepJournal::append(std::size_t unit, const RunRow& row) {
  const std::string line = encode_line(unit, row);
  if (const int error = write_all(fd_, line); error != 0) {
    fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(error)));
  }
  completed_[unit] = row;
}

void SweepJournal::remove() {
  if (fd_ >= 0) {
    ::unlink(path_.c_str());  // while still locked, so no other sweep has opened it since
    ::close(fd_);
    fd_ = -1;
  }
}

}  // namespace collsim::study
