#include "study/sweep_journal.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "core/input_error.h"
#include "files/output_file.h"

namespace collsim::study {
namespace {
using files::write_all;
using files::write_file_atomically;

using Json = nlohmann::ordered_json;

[[noreturn]] void fail(const std::string& message) {
  throw core::InputError({"command line", 0, 0}, "--resume", message);
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
  return j;
}

std::pair<std::size_t, RunRow> decode(const Json& j) {
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

SweepJournal::SweepJournal(std::string path, const std::string& identity, bool resume)
    : path_(std::move(path)) {
  std::string kept = Json{{"collsim_journal", 1}, {"identity", identity}}.dump() + "\n";
  std::ifstream in(path_, std::ios::binary);
  if (resume && in) {
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line)) {
      ++number;
      const bool complete = !in.eof();  // the line ended with '\n'
      Json j;
      try {
        j = Json::parse(line);
      } catch (const Json::exception&) {
        if (!complete) {
          break;  // cut by an interruption: the run is simply redone
        }
        fail(fmt::format("line {} of the journal '{}' does not parse; delete it to start over",
                         number, path_));
      }
      if (number == 1) {
        if (!j.is_object() || j.value("identity", std::string()) != identity) {
          fail(
              fmt::format("the journal '{}' belongs to another sweep (another scenario, "
                          "--set, or shard); delete it or run without --resume",
                          path_));
        }
        continue;
      }
      if (!complete) {
        break;
      }
      try {
        const auto [unit, row] = decode(j);
        completed_[unit] = row;
        kept += encode(unit, row).dump() + "\n";
      } catch (const std::exception&) {
        fail(fmt::format("line {} of the journal '{}' is not a run; delete it to start over",
                         number, path_));
      }
    }
  }
  in.close();
  write_file_atomically(path_, kept, "--resume");
  fd_ = ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd_ < 0) {
    fail(fmt::format("cannot open the journal '{}': {}", path_, std::strerror(errno)));
  }
}

SweepJournal::~SweepJournal() {
  if (fd_ >= 0) {
    ::close(fd_);
  }
}

void SweepJournal::append(std::size_t unit, const RunRow& row) {
  const std::string line = encode(unit, row).dump() + "\n";
  if (const int error = write_all(fd_, line); error != 0) {
    fail(fmt::format("cannot write the journal '{}': {}", path_, std::strerror(error)));
  }
  completed_[unit] = row;
}

void SweepJournal::remove() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
  std::remove(path_.c_str());
}

}  // namespace collsim::study
