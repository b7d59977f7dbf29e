#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

namespace collsim::study {

// The most jobs --jobs accepts: JOBS_PER_THREAD x the machine's hardware threads. Runs are
// compute-bound, so more threads than that add memory (a fabric and a schedule each) and no
// speed.
inline constexpr unsigned JOBS_PER_THREAD = 4;
unsigned max_jobs();

// The --jobs flag as written, or the machine's hardware threads (at least 1) when it is not
// given. Throws core::InputError at "command line", field "--jobs", for anything but a
// whole number from 1 to max_jobs() ("-1", "0", "1.5", "8x", a number past the maximum).
unsigned job_count(const std::optional<std::string>& jobs);

// Runs job(i) for every i in [0, count) on min(jobs, count) threads (jobs 0 counts as 1),
// items taken in increasing order, each exactly once. Jobs run concurrently, so `job` must
// guard what it shares; results are the caller's to place by index, which is what keeps a
// sweep's output independent of the thread count. An exception stops the hand-out of
// further items; once every thread has finished, the exception of the lowest failing item
// is rethrown (every lower item was handed out before it and ran, so which error is
// reported does not depend on the thread count or timing).
void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& job);

}  // namespace collsim::study
