#include "study/scenario_run.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "algorithms/generate.h"
#include "algorithms/op_bound.h"
#include "core/units.h"
#include "sim/executor.h"
#include "study/closed_form.h"
#include "study/gap_cause.h"
#include "study/nccl_hardware.h"

namespace collsim::study {
using scenarios::build_scenario_fabric;
using scenarios::CollectiveSpec;
using scenarios::generate_options;
using scenarios::placement_gpus;
using scenarios::placement_layout;
using scenarios::protocol_payload_share;
using scenarios::protocol_step_latency;
using scenarios::Scenario;
using scenarios::single_node;
using scenarios::SweepPoint;

namespace {

// A run whose time passed core::Time::max(): the slowest rate in it is to blame, the
// reduction bandwidth (at its key) when no link the run routed over is slower, else the
// slowest of those links. The fabric's paths are the ones this run's sends routed.
[[noreturn]] void throw_too_slow(const Scenario& s, const topology::Fabric& fabric,
                                 const std::string& what) {
  const std::string exceeds =
      fmt::format("{}: the simulated time exceeds {} (the most a run can take)", what,
                  core::format_duration(core::Time::max()));
  std::optional<topology::EdgeId> slowest;
  for (topology::PathId p = 0; p < fabric.num_paths(); ++p) {
    for (const topology::EdgeId e : fabric.path(p)) {
      if (!slowest || fabric.link(e).bandwidth < fabric.link(*slowest).bandwidth) {
        slowest = e;
      }
    }
  }
  const core::Bandwidth reduce = s.model.reduce_bandwidth;
  if (!reduce.is_zero() && (!slowest || reduce <= fabric.link(*slowest).bandwidth)) {
    throw core::InputError(s.model.reduce_bandwidth_location, "spec.model.reduceBandwidth",
                           fmt::format("{}: reductions at {} are too slow for this size", exceeds,
                                       core::format_bandwidth(reduce)));
  }
  if (!slowest) {
    throw core::InputError({s.file, 0, 0}, "spec.collective", exceeds);
  }
  const topology::Link& link = fabric.link(*slowest);
  throw core::InputError(
      {s.file, 0, 0}, "spec.topology",
      fmt::format("{}: the slowest link, {} -> {} at {}, is too slow for this size", exceeds,
                  fabric.vertex(link.from).name, fabric.vertex(link.to).name,
                  core::format_bandwidth(link.bandwidth)));
}

// NCCL's candidates within this factor of its pick's predicted time are simulated too.
constexpr double NCCL_CANDIDATE_FACTOR = 2.0;

// `s` as candidate `c` runs it: its protocol and channels.
Scenario candidate_scenario(const Scenario& s, const NcclCandidate& c) {
  Scenario t = s;
  t.collective.channels = static_cast<std::uint32_t>(c.channels);
  t.model.protocol = c.protocol;
  return t;
}

RunRow run_nccl(const Scenario& s, core::Bytes bytes) {
  const topology::Fabric fabric = build_scenario_fabric(s);
  const std::vector<topology::VertexId> gpus = placement_gpus(s.placement, fabric);
  const algorithms::RankLayout layout = placement_layout(fabric, gpus);
  const cost::NcclHardware hw = nccl_hardware(fabric, gpus, layout, *s.model.nccl);
  const cost::NcclGraph graph = cost::nccl_search(hw);
  const cost::NcclChoice choice = cost::nccl_choose(hw, graph, bytes);
  NcclCandidate pick{choice.algorithm, choice.protocol, choice.channels, choice.predicted_us, {}};
  RunRow row = run_one(candidate_scenario(s, pick), pick.algorithm, bytes);
  pick.simulated = row.simulated;
  std::optional<NcclCandidate> faster;
  std::vector<std::string> unsimulated;
  for (const algorithms::Algorithm a :
       {algorithms::Algorithm::NCCL_TREE, algorithms::Algorithm::NCCL_RING}) {
    for (const cost::Protocol p : cost::all_protocols()) {
      const std::optional<double> t = cost::nccl_time_us(hw, graph, a, p, bytes);
      if ((a == pick.algorithm && p == pick.protocol) || !t ||
          *t > NCCL_CANDIDATE_FACTOR * pick.predicted_us) {
        continue;
      }
      NcclCandidate c{a, p, cost::nccl_call_channels(hw, graph, a, p, bytes), *t, {}};
      const Scenario cs = candidate_scenario(s, c);
      const std::uint64_t ops =
          algorithms::op_bound(a, s.collective.op, bytes, layout, generate_options(cs));
      if (ops > algorithms::MAX_OPS) {  // a candidate too large for the engine is not run
        unsimulated.push_back(nccl_candidate_text(c));
        continue;
      }
      c.simulated = run_one(cs, a, bytes).simulated;
      const std::optional<core::Time> best = faster ? faster->simulated : pick.simulated;
      if (c.simulated && (!best || *c.simulated < *best)) {
        faster = c;
      }
    }
  }
  std::string cause = fmt::format("NCCL predicts {:.2f}us", pick.predicted_us);
  if (faster && pick.simulated) {
    const double gain = 1.0 - static_cast<double>(faster->simulated->ps()) /
                                  static_cast<double>(pick.simulated->ps());
    cause +=
        fmt::format("; {} simulates {:.1f}% faster", nccl_candidate_text(*faster), 100.0 * gain);
  }
  if (!unsimulated.empty()) {
    std::string names;
    for (const std::string& n : unsimulated) {
      names += (names.empty() ? "" : ", ") + n;
    }
    cause += fmt::format("; {} not simulated (more than {} ops)", names, algorithms::MAX_OPS);
  }
  row.cause = cause + "; " + row.cause;
  row.algorithm = algorithms::Algorithm::NCCL;
  row.nccl_pick = pick;
  row.nccl_faster = faster;
  return row;
}

}  // namespace

std::string nccl_candidate_text(const NcclCandidate& c) {
  return fmt::format("{}/{}/{}", c.algorithm == algorithms::Algorithm::NCCL_TREE ? "tree" : "ring",
                     cost::protocol_name(c.protocol), c.channels);
}

std::string row_algorithm_text(const RunRow& row) {
  if (row.nccl_pick) {
    return "nccl:" + nccl_candidate_text(*row.nccl_pick);
  }
  return std::string(algorithms::algorithm_name(row.algorithm));
}

RunRow run_one(const Scenario& s, algorithms::Algorithm algorithm, core::Bytes bytes) {
  if (algorithm == algorithms::Algorithm::NCCL) {
    return run_nccl(s, bytes);
  }
  topology::Fabric fabric = build_scenario_fabric(s);
  const std::vector<topology::VertexId> gpus = placement_gpus(s.placement, fabric);
  const algorithms::RankLayout layout = placement_layout(fabric, gpus);
  const algorithms::GenerateOptions options = generate_options(s);
  const std::string what =
      fmt::format("{} of {}", algorithms::algorithm_name(algorithm), core::format_size(bytes));
  const algorithms::Schedule schedule = [&] {
    try {
      return algorithms::generate(algorithm, s.collective.op, bytes, layout, options);
    } catch (const std::length_error& e) {
      throw core::InputError({s.file, 0, 0}, "spec.collective",
                             fmt::format("{}: {}", what, e.what()));
    }
  }();
  const core::Time step =
      s.model.step_latency + protocol_step_latency(s.model.protocol, single_node(fabric, gpus));
  const cost::PayloadShare payload = protocol_payload_share(s.model.protocol);
  const FabricHops hops = fabric_hops(schedule, fabric, gpus, s.file);

  sim::ExecutorOptions eo;
  eo.network = s.model.network;
  eo.step_latency = step;
  eo.reduce_bandwidth = s.model.reduce_bandwidth;
  eo.op_times = sim::OpTimes::CRITICAL_PATH;  // the cause is read from it
  eo.payload = payload;
  const sim::RunResult result = [&] {
    try {
      return sim::execute(schedule, fabric, gpus, eo);
    } catch (const std::overflow_error&) {
      throw_too_slow(s, fabric, what);
    }
  }();

  const ClosedForm closed =
      closed_form({algorithm, s.collective.op, bytes, options, step, payload}, layout, hops);
  GapContext context;
  context.algorithm = algorithm;
  context.network = s.model.network;
  context.channels = s.collective.channels;
  context.protocol = s.model.protocol.has_value();
  context.reduce_bandwidth = s.model.reduce_bandwidth;

  RunRow row;
  row.algorithm = algorithm;
  row.bytes = bytes;
  row.ranks = static_cast<int>(gpus.size());
  if (!result.deadlock) {
    row.simulated = result.makespan;
  }
  row.closed_seconds = closed.seconds;
  row.cause = gap_cause(result, fabric, closed, hops, context);
  return row;
}

std::size_t point_run_count(const Scenario& scenario) {
  return scenario.collective.algorithms.size() * scenario.collective.sizes.size();
}

std::vector<RunUnit> run_units(const std::vector<SweepPoint>& points) {
  std::vector<RunUnit> units;
  for (std::size_t p = 0; p < points.size(); ++p) {
    const CollectiveSpec& c = points[p].scenario.collective;
    for (std::size_t a = 0; a < c.algorithms.size(); ++a) {
      for (std::size_t z = 0; z < c.sizes.size(); ++z) {
        units.push_back({p, a, z});
      }
    }
  }
  return units;
}

RunRow run_unit(const std::vector<SweepPoint>& points, const RunUnit& unit) {
  const Scenario& s = points[unit.point].scenario;
  return run_one(s, s.collective.algorithms[unit.algorithm], s.collective.sizes[unit.size]);
}

}  // namespace collsim::study
