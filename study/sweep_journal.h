#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "study/scenario_run.h"

namespace collsim::study {

// SweepJournal: the runs of a sweep that have completed, kept in a file as they finish so
// that an interrupted sweep can resume (`collsim sweep --resume`). The file is one JSON
// object per line: first the format version and the sweep's identity (the caller's digest;
// collsim sweep hashes the effective scenario YAML and the shard, so a journal is never
// applied to another sweep), then one line per completed run with its unit index, its
// RunRow, exact (times in ps, the closed form as a round-tripping double), and the CRC-32
// of the rest of the line. A line is written with one write() and no buffering, so a kill
// can cut at most the last line, which a resume drops; any other line that does not check
// is refused with its number. The file is held under an exclusive flock(2) for the
// journal's life, so a second sweep on the same output is refused while the first runs.
// Not thread-safe: the sweep runner appends under its lock.
class SweepJournal {
 public:
  // Opens and locks the journal at `path` for the sweep `identity`. resume = true keeps
  // the runs of an existing journal of the same identity (cutting a cut last line off);
  // otherwise, or when there is none, it starts empty. Throws core::InputError at "command
  // line", field "--resume" (or "-o" when not resuming), for a journal another sweep holds,
  // one of another sweep, a line that does not check, and a file that cannot be written.
  SweepJournal(std::string path, const std::string& identity, bool resume);
  // Removes the file if it holds no run (the sweep stopped before its first finished).
  ~SweepJournal();
  SweepJournal(const SweepJournal&) = delete;
  SweepJournal& operator=(const SweepJournal&) = delete;

  // Completed runs by unit index.
  const std::map<std::size_t, RunRow>& completed() const { return completed_; }
  void append(std::size_t unit, const RunRow& row);
  // Deletes the file, once the sweep's output is written.
  void remove();
  const std::string& path() const { return path_; }

 private:
  void open(const std::string& identity, bool resume);
  [[noreturn]] void fail(const std::string& message) const;
  std::string read_all() const;

  std::string path_;
  std::string flag_;  // what an error blames: --resume when resuming, else -o
  int fd_ = -1;
  std::map<std::size_t, RunRow> completed_;
};

// A 64-bit FNV-1a digest of `text`, as 16 hex digits: the journal's identity check.
std::string text_digest(std::string_view text);

}  // namespace collsim::study
