#pragma once

#include <cstddef>
#include <map>
#include <string>

#include "study/scenario_run.h"

namespace collsim::study {

// SweepJournal: the runs of a sweep that have completed, kept in a file as they finish so
// that an interrupted sweep can resume (`collsim sweep --resume`). The file is one JSON
// object per line: first the sweep's identity (the caller's digest; collsim sweep hashes
// the effective scenario YAML and the shard, so a journal is never applied to another
// sweep), then one line per completed run with its unit index and its RunRow, exact (times
// in ps, the closed form as a round-tripping double). A line is written with one write()
// and no buffering, so a kill can cut at most the last line, which a resume drops.
// Not thread-safe: the sweep runner appends under its lock.
class SweepJournal {
 public:
  // Opens the journal at `path` for the sweep `identity`. resume = true keeps the runs of
  // an existing journal of the same identity (rewriting it without a cut last line);
  // otherwise, or when there is none, it starts empty. Throws core::InputError at "command
  // line", field "--resume", for a journal of another sweep or one that does not parse,
  // and for a file that cannot be written.
  SweepJournal(std::string path, const std::string& identity, bool resume);
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
  std::string path_;
  int fd_ = -1;
  std::map<std::size_t, RunRow> completed_;
};

// A 64-bit FNV-1a digest of `text`, as 16 hex digits: the journal's identity check.
std::string text_digest(std::string_view text);

}  // namespace collsim::study
