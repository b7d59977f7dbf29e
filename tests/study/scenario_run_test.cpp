#include "study/scenario_run.h"

#include <string>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "scenarios/scenario_loader.h"

namespace collsim::study {
namespace {
using algorithms::Algorithm;
using scenarios::Scenario;

Scenario scenario(const std::string& spec) {
  return scenarios::load_scenario_text(
             "apiVersion: collsim/v1\nkind: Scenario\nmetadata: {name: r}\nspec:\n" + spec,
             "r.yaml")
      .base;
}

std::string run_error(const Scenario& s, Algorithm a, core::Bytes bytes) {
  try {
    run_one(s, a, bytes);
  } catch (const core::InputError& e) {
    return e.what();
  }
  return "no error";
}

// A run past core::Time::max() (about 106 days) blames the rate that made it so: 256 MiB
// reduced at 1 B/s takes 8.5 years, sent over 1 B/s links as long.
TEST(ScenarioRun, ARunTooLongForTheClockBlamesTheSlowestRate) {
  const std::string collective = "  collective: {algorithms: [ring], sizes: [256MiB]}\n";
  const Scenario slow_reduce = scenario(
      "  topology: {builder: island, gpus: 4, bandwidth: 100GB/s, latency: 0}\n" + collective +
      "  model:\n"
      "    network: ideal\n"
      "    reduceBandwidth: 1B/s\n");
  EXPECT_EQ(run_error(slow_reduce, Algorithm::RING, 256 << 20),
            "r.yaml:9:22: spec.model.reduceBandwidth: ring of 256MiB: the simulated time exceeds "
            "9223372.04 s (the most a run can take): reductions at 1B/s are too slow for this "
            "size");
  const Scenario slow_link =
      scenario("  topology: {builder: island, gpus: 4, bandwidth: 1B/s, latency: 0}\n" +
               collective + "  model: {network: ideal, reduceBandwidth: 100GB/s}\n");
  // Every link is 1 B/s; the first in id order is named.
  EXPECT_EQ(run_error(slow_link, Algorithm::RING, 256 << 20),
            "r.yaml: spec.topology: ring of 256MiB: the simulated time exceeds 9223372.04 s (the "
            "most a run can take): the slowest link, gpu0 -> nvswitch at 1B/s, is too slow for "
            "this size");
  // A slower link the run never routes over is not to blame: on one node of two, the
  // 1 B/s NICs carry nothing and the 2 B/s reductions are the slowest rate.
  const Scenario unused_nics = scenario(
      "  topology:\n"
      "    builder: cluster\n"
      "    nodes: 2\n"
      "    gpusPerNode: 4\n"
      "    nics: {perNode: 4, bandwidth: 1B/s}\n"
      "    network: {fabric: rail_optimized}\n"
      "  placement: {ranks: 4}\n" +
      collective + "  model: {network: ideal, reduceBandwidth: 2B/s}\n");
  const std::string reduce = run_error(unused_nics, Algorithm::RING, 256 << 20);
  EXPECT_EQ(reduce.substr(0, 44), "r.yaml:13:44: spec.model.reduceBandwidth: ri") << reduce;
  EXPECT_NE(reduce.find("reductions at 2B/s are too slow"), std::string::npos) << reduce;
}

}  // namespace
}  // namespace collsim::study
