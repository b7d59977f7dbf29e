#pragma once

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <span>
#include <thread>
#include <vector>

#include "core/time.h"
#include "sim/link_usage.h"

namespace collsim::sim {

// LinkUsageRecorder: LinkUsage kept off the simulation's critical path. The run's enters and
// leaves are appended to a log (24 bytes each, written in sequence) and applied, in the
// order they were made, by a helper thread, so the simulating thread no longer waits on a
// cache miss per link followed (at 16k ranks the per-link records are megabytes, and those
// misses were ~12% of the run). The result is identical to calling LinkUsage directly,
// whatever the thread count: one thread applies every change, in log order.
//
// The helper starts only once a batch of `batch_size` changes has filled, so small runs
// (tests, scenario points) never start a thread; whatever is left is applied by result().
// Spans passed to enter()/leave() must stay valid until result() returns (the executor's
// route arrays do). At most four batches wait for the helper; a fifth blocks the recorder
// until one is applied, which bounds memory at ~4 · batch_size · 24 bytes.
// Complexity: O(1) per call on the simulating thread; O(links) per change on the helper.
class LinkUsageRecorder {
 public:
  static constexpr std::size_t DEFAULT_BATCH = 8192;

  explicit LinkUsageRecorder(std::size_t num_links, std::size_t batch_size = DEFAULT_BATCH);
  ~LinkUsageRecorder();
  LinkUsageRecorder(const LinkUsageRecorder&) = delete;
  LinkUsageRecorder& operator=(const LinkUsageRecorder&) = delete;

  void enter(std::span<const std::uint32_t> links, core::Time now) { log(links, now, true); }
  void leave(std::span<const std::uint32_t> links, core::Time now) { log(links, now, false); }
  // Applies every change logged so far (waiting for the helper) and returns the usage.
  const LinkUsage& result();

 private:
  struct Change {
    const std::uint32_t* links;
    std::uint32_t count;
    bool enter;
    core::Time now;
  };
  using Batch = std::vector<Change>;
  static constexpr std::size_t MAX_WAITING = 4;

  void log(std::span<const std::uint32_t> links, core::Time now, bool enter) {
    if (links.empty()) {
      return;
    }
    current_.push_back(Change{links.data(), static_cast<std::uint32_t>(links.size()), enter, now});
    if (current_.size() == batch_size_) {
      hand_over();
    }
  }
  void hand_over();
  void apply(const Batch& batch);
  void work();

  LinkUsage usage_;  // written only by the helper while it runs
  std::size_t batch_size_;
  Batch current_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Batch> waiting_;  // full batches, oldest first
  std::vector<Batch> spare_;    // applied batches, kept for reuse
  bool busy_ = false;           // the helper is applying a batch it took
  bool stop_ = false;
  std::thread helper_;
};

}  // namespace collsim::sim
