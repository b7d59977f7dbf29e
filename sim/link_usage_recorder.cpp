#include "sim/link_usage_recorder.h"

#include <utility>

namespace collsim::sim {

LinkUsageRecorder::LinkUsageRecorder(std::size_t num_links, std::size_t batch_size)
    : usage_(num_links), batch_size_(batch_size == 0 ? 1 : batch_size) {
  current_.reserve(batch_size_);
}

LinkUsageRecorder::~LinkUsageRecorder() {
  if (helper_.joinable()) {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    helper_.join();
  }
}

void LinkUsageRecorder::hand_over() {
  Batch next;
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return waiting_.size() < MAX_WAITING; });
    waiting_.push_back(std::move(current_));
    if (!spare_.empty()) {
      next = std::move(spare_.back());
      spare_.pop_back();
    }
  }
  changed_.notify_all();
  if (!helper_.joinable()) {
    helper_ = std::thread([this] { work(); });
  }
  next.clear();
  next.reserve(batch_size_);
  current_ = std::move(next);
}

void LinkUsageRecorder::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stop_ || !waiting_.empty(); });
    if (waiting_.empty()) {
      return;  // stopped, and nothing left to apply
    }
    Batch batch = std::move(waiting_.front());
    waiting_.erase(waiting_.begin());
    busy_ = true;
    lock.unlock();
    changed_.notify_all();  // room for the recorder's next batch
    apply(batch);
    lock.lock();
    busy_ = false;
    spare_.push_back(std::move(batch));
    changed_.notify_all();
  }
}

void LinkUsageRecorder::apply(const Batch& batch) {
  for (const Change& c : batch) {
    const std::span<const std::uint32_t> links(c.links, c.count);
    if (c.enter) {
      usage_.enter(links, c.now);
    } else {
      usage_.leave(links, c.now);
    }
  }
}

const LinkUsage& LinkUsageRecorder::result() {
  if (helper_.joinable()) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return waiting_.empty() && !busy_; });
  }
  // The helper is idle and waits for a batch; nothing else touches usage_ now.
  apply(current_);
  current_.clear();
  return usage_;
}

}  // namespace collsim::sim
