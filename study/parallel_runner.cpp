#include "study/parallel_runner.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "core/input_error.h"

namespace collsim::study {

unsigned max_jobs() {
  return JOBS_PER_THREAD * std::max(1U, std::thread::hardware_concurrency());
}

unsigned job_count(const std::optional<std::string>& jobs) {
  if (!jobs) {
    return std::max(1U, std::thread::hardware_concurrency());
  }
  const unsigned most = max_jobs();
  const std::string& text = *jobs;
  unsigned long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size() || value < 1 ||
      value > most) {
    throw core::command_line_error(
        "--jobs", fmt::format("'{}' is not a number of jobs: give a whole number from 1 to {} "
                              "({} per hardware thread of this machine)",
                              text, most, JOBS_PER_THREAD));
  }
  return static_cast<unsigned>(value);
}

void run_parallel(std::size_t count, unsigned jobs, const std::function<void(std::size_t)>& job) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::exception_ptr error;
  std::size_t error_index = 0;
  std::mutex error_mutex;
  auto worker = [&] {
    while (!failed.load()) {
      const std::size_t i = next.fetch_add(1);
      if (i >= count) {
        return;
      }
      try {
        job(i);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(error_mutex);
        if (!error || i < error_index) {
          error = std::current_exception();
          error_index = i;
        }
        failed.store(true);
      }
    }
  };
  const std::size_t threads = std::min<std::size_t>(std::max(jobs, 1U), count);
  if (threads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) {
      pool.emplace_back(worker);
    }
    for (std::thread& t : pool) {
      t.join();
    }
  }
  if (error) {
    std::rethrow_exception(error);
  }
}

}  // namespace collsim::study
