#include "study/sweep_runner.h"

#include <csignal>
#include <mutex>
#include <ostream>

#include <fmt/format.h>

#include "core/progress_line.h"
#include "study/parallel_runner.h"

namespace collsim::study {
namespace {
using scenarios::LoadedScenario;
using scenarios::Scenario;

// The runs and points done, the elapsed time and an estimate of the rest, on a
// core::ProgressLine; called under the runner's lock.
class Progress {
 public:
  Progress(std::ostream* out, std::size_t runs, std::size_t points)
      : line_(out), runs_(runs), points_(points) {}

  void update(std::size_t runs_done, std::size_t points_done, std::size_t fresh_done) {
    if (!line_.active()) {
      return;
    }
    const double elapsed = line_.elapsed_seconds();
    std::string eta = "-";
    const std::size_t fresh_total = runs_ - (runs_done - fresh_done);
    if (fresh_done > 0 && fresh_total > fresh_done) {
      eta = fmt::format("{:.1f} s", elapsed / static_cast<double>(fresh_done) *
                                        static_cast<double>(fresh_total - fresh_done));
    } else if (runs_done == runs_) {
      eta = "0 s";
    }
    line_.show(fmt::format("runs {}/{}, points {}/{}, {:.1f} s elapsed, ETA {}", runs_done, runs_,
                           points_done, points_, elapsed, eta));
  }
  void finish() { line_.finish(); }

 private:
  core::ProgressLine line_;
  std::size_t runs_;
  std::size_t points_;
};

}  // namespace

ResultSet run_points(const LoadedScenario& loaded, bool sweep, const RunnerOptions& options) {
  ResultSet result;
  result.loaded = &loaded;
  result.sweep = sweep;
  result.shard = options.shard;
  const std::vector<RunUnit> all = run_units(loaded.points);
  // Units of the selected points, by global unit index (the journal's key).
  std::vector<std::size_t> selected;
  std::vector<std::size_t> slot_of_point(loaded.points.size(), 0);
  for (std::size_t p = 0; p < loaded.points.size(); ++p) {
    if (!options.shard || options.shard->contains(p)) {
      slot_of_point[p] = result.points.size();
      result.points.push_back(p);
      result.rows.emplace_back(point_run_count(loaded.points[p].scenario));
    }
  }
  std::vector<std::size_t> remaining_in_point(loaded.points.size(), 0);
  for (std::size_t u = 0; u < all.size(); ++u) {
    if (!options.shard || options.shard->contains(all[u].point)) {
      selected.push_back(u);
      ++remaining_in_point[all[u].point];
    }
  }
  auto row_slot = [&](const RunUnit& unit) -> RunRow& {
    const std::size_t sizes = loaded.points[unit.point].scenario.collective.sizes.size();
    return result.rows[slot_of_point[unit.point]][unit.algorithm * sizes + unit.size];
  };

  std::size_t runs_done = 0;
  std::size_t points_done = 0;
  std::vector<std::size_t> todo;
  for (const std::size_t u : selected) {
    const RunUnit& unit = all[u];
    const Scenario& s = loaded.points[unit.point].scenario;
    const auto it = options.journal ? options.journal->completed().find(u)
                                    : std::map<std::size_t, RunRow>::const_iterator{};
    if (options.journal && it != options.journal->completed().end()) {
      if (it->second.algorithm != s.collective.algorithms[unit.algorithm] ||
          it->second.bytes != s.collective.sizes[unit.size]) {
        throw core::command_line_error(
            "--resume", fmt::format("run {} of the journal '{}' is not this sweep's; "
                                    "delete the journal to start over",
                                    u, options.journal->path()));
      }
      row_slot(unit) = it->second;
      ++runs_done;
      points_done += --remaining_in_point[unit.point] == 0 ? 1 : 0;
    } else {
      todo.push_back(u);
    }
  }

  std::mutex lock;
  Progress progress(options.progress, selected.size(), result.points.size());
  progress.update(runs_done, points_done, 0);
  std::size_t fresh = 0;
  run_parallel(todo.size(), options.jobs, [&](std::size_t i) {
    const RunUnit& unit = all[todo[i]];
    RunRow row = run_unit(loaded.points, unit);
    const std::lock_guard<std::mutex> guard(lock);
    if (options.journal) {
      options.journal->append(todo[i], row);
    }
    row_slot(unit) = std::move(row);
    ++runs_done;
    ++fresh;
    points_done += --remaining_in_point[unit.point] == 0 ? 1 : 0;
    progress.update(runs_done, points_done, fresh);
    if (options.kill_after > 0 && fresh >= options.kill_after) {
      std::raise(options.kill_signal);
    }
  });
  progress.finish();
  return result;
}

}  // namespace collsim::study
