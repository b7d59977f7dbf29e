#pragma once

#include <csignal>
#include <cstddef>
#include <iosfwd>
#include <optional>

#include "scenarios/scenario_loader.h"
#include "study/result_set.h"
#include "study/sweep_journal.h"

namespace collsim::study {

// How a set of runs is carried out.
struct RunnerOptions {
  unsigned jobs = 1;                 // worker threads
  std::optional<Shard> shard;        // only these points
  SweepJournal* journal = nullptr;   // skip its completed runs, append each new one
  std::ostream* progress = nullptr;  // a "\r"-updated progress line (stderr, on a terminal)
  // Test hook (COLLSIM_SWEEP_KILL_AFTER, COLLSIM_SWEEP_KILL_SIGNAL): after this many runs
  // were journaled, the process raises `kill_signal`, as an interruption would. 0 = never.
  std::size_t kill_after = 0;
  int kill_signal = SIGKILL;
};

// Runs every (point, algorithm, size) of `loaded` — the points of the shard, or all — on
// `jobs` threads and gathers the rows by index, so the result is the same for any thread
// count. `sweep` selects the sweep's report layout. The progress line shows runs and
// points done of the total, the elapsed time and an estimate of the time left; it is the
// only place wall-clock time appears. Throws what run_one throws (the lowest failing run's
// error), and core::InputError for a journal whose runs do not match the scenario's.
ResultSet run_points(const scenarios::LoadedScenario& loaded, bool sweep,
                     const RunnerOptions& options);

}  // namespace collsim::study
