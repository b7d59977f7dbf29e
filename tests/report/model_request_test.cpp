#include "report/model_request.h"

#include <string>

#include <gtest/gtest.h>

#include "core/input_error.h"
#include "core/units.h"

namespace collsim::report {
namespace {
using scenarios::ReportFormat;

ModelFlags worked_example() {
  ModelFlags f;
  f.world = 64;
  f.bytes = "1KiB";
  f.alpha = "5us";
  f.bw = "100GB/s";
  return f;
}

TEST(ModelRequest, WorkedExample) {
  const ModelRequest r = parse_model_request(worked_example());
  EXPECT_EQ(r.params.world, 64);
  EXPECT_EQ(r.params.alpha, core::Time::from_ps(5'000'000));
  EXPECT_EQ(r.params.ring_bw.bytes_per_second(), 100'000'000'000);
  EXPECT_EQ(r.params.tree_bw.bytes_per_second(), 100'000'000'000);
  EXPECT_EQ(r.sizes, std::vector<core::Bytes>{1024});
  EXPECT_FALSE(r.params.gpus_per_node.has_value());
  EXPECT_EQ(r.params.chunking.size(), 512 * 1024);
  EXPECT_EQ(r.params.protocol, cost::ProtocolMode::NONE);
  EXPECT_EQ(r.format, ReportFormat::TABLE);
}

TEST(ModelRequest, EveryOption) {
  ModelFlags f = worked_example();
  f.bytes.reset();
  f.sizes = "1KiB:4KiB:x2";
  f.bw.reset();
  f.ring_bw = "900GB/s bidirectional";
  f.tree_bw = "400Gb/s";
  f.gpus_per_node = 8;
  f.intra_bw = "450GB/s";
  f.inter_bw = "50GB/s";
  f.inter_alpha = "0.5us";
  f.chunks = 4;
  f.protocol = "auto";
  f.json = true;
  const ModelRequest r = parse_model_request(f);
  EXPECT_EQ(r.sizes, (std::vector<core::Bytes>{1024, 2048, 4096}));
  EXPECT_EQ(r.params.ring_bw.bytes_per_second(), 450'000'000'000);
  EXPECT_EQ(r.params.tree_bw.bytes_per_second(), 50'000'000'000);
  EXPECT_EQ(r.params.gpus_per_node, 8);
  EXPECT_EQ(r.params.intra_bw->bytes_per_second(), 450'000'000'000);
  EXPECT_EQ(r.params.inter_bw->bytes_per_second(), 50'000'000'000);
  EXPECT_EQ(r.params.inter_alpha, core::Time::from_ps(500'000));
  EXPECT_TRUE(r.params.chunking.is_fixed_count());
  EXPECT_EQ(r.params.chunking.count(), 4);
  EXPECT_EQ(r.params.protocol, cost::ProtocolMode::AUTO);
  EXPECT_EQ(r.format, ReportFormat::JSON);
}

TEST(ModelRequest, BwOverriddenPerFamily) {
  ModelFlags f = worked_example();
  f.tree_bw = "50GB/s";
  const ModelRequest r = parse_model_request(f);
  EXPECT_EQ(r.params.ring_bw.bytes_per_second(), 100'000'000'000);
  EXPECT_EQ(r.params.tree_bw.bytes_per_second(), 50'000'000'000);
  f.chunks.reset();
  f.chunk_size = "1MiB";
  EXPECT_EQ(parse_model_request(f).params.chunking.size(), 1 << 20);
  f.csv = true;
  EXPECT_EQ(parse_model_request(f).format, ReportFormat::CSV);
}

// Each bad flag set, with the exact one-line error the user sees (after "collsim model: ").
TEST(ModelRequest, Errors) {
  struct Case {
    const char* what;
    void (*edit)(ModelFlags&);
    const char* error;
  };
  // std::string("5"): GCC 12 at -O3 reports a false -Wrestrict when a one-character literal
  // is assigned to an optional<string>.
  const Case cases[] = {
      {"bare number", [](ModelFlags& f) { f.alpha = std::string("5"); },
       "command line: --alpha: '5' has no unit; write the unit with the number, e.g. '0.5us'"},
      {"size as bandwidth", [](ModelFlags& f) { f.bw = "400Gb"; },
       "command line: --bw: '400Gb' is a data size in bits, not a bandwidth; did you mean "
       "'400Gb/s'?"},
      {"world 1", [](ModelFlags& f) { f.world = 1; },
       "command line: --world: must be between 2 and 1048576 ranks (got 1)"},
      {"world too large", [](ModelFlags& f) { f.world = 1048577; },
       "command line: --world: must be between 2 and 1048576 ranks (got 1048577)"},
      {"no world", [](ModelFlags& f) { f.world.reset(); },
       "command line: --world: missing; give the number of ranks, e.g. --world 64"},
      {"no size", [](ModelFlags& f) { f.bytes.reset(); },
       "command line: --bytes: missing; give a message size (--bytes 1KiB) or a sweep (--sizes "
       "1KiB:1GiB:x2)"},
      {"bytes and sizes", [](ModelFlags& f) { f.sizes = "1KiB:1MiB:x2"; },
       "command line: --bytes: cannot be combined with --sizes; give one of them"},
      {"bad sweep",
       [](ModelFlags& f) {
         f.bytes.reset();
         f.sizes = "1MiB:1KiB:x2";
       },
       "command line: --sizes: the sweep ends (1KiB) before it starts (1MiB)"},
      {"negative bytes", [](ModelFlags& f) { f.bytes = "-1KiB"; },
       "command line: --bytes: '-1KiB' is negative; a size must be >= 0"},
      {"no alpha", [](ModelFlags& f) { f.alpha.reset(); },
       "command line: --alpha: missing; give the latency of one send step, e.g. --alpha 5us"},
      {"no bw",
       [](ModelFlags& f) {
         f.bw.reset();
         f.ring_bw = "100GB/s";
       },
       "command line: --bw: missing; give the per-direction bandwidth (--bw 100GB/s), or both "
       "--ring-bw and --tree-bw"},
      {"zero bw", [](ModelFlags& f) { f.tree_bw = "0GB/s"; },
       "command line: --tree-bw: '0GB/s' is zero; a bandwidth here must be greater than zero"},
      {"gpus not dividing", [](ModelFlags& f) { f.gpus_per_node = 6; },
       "command line: --gpus-per-node: must divide --world 64 into whole nodes (got 6)"},
      {"gpus zero", [](ModelFlags& f) { f.gpus_per_node = 0; },
       "command line: --gpus-per-node: must divide --world 64 into whole nodes (got 0)"},
      {"intra without nodes", [](ModelFlags& f) { f.intra_bw = "450GB/s"; },
       "command line: --intra-bw: needs --gpus-per-node (it prices hops inside or between "
       "nodes)"},
      {"inter alpha without nodes", [](ModelFlags& f) { f.inter_alpha = "1us"; },
       "command line: --inter-alpha: needs --gpus-per-node (it prices hops inside or between "
       "nodes)"},
      {"bad inter bw",
       [](ModelFlags& f) {
         f.gpus_per_node = 8;
         f.inter_bw = "50GB";
       },
       "command line: --inter-bw: '50GB' is a data size, not a bandwidth; did you mean "
       "'50GB/s'?"},
      {"zero chunks", [](ModelFlags& f) { f.chunks = 0; },
       "command line: --chunks: must be at least 1 chunk per tree (got 0)"},
      {"both chunkings",
       [](ModelFlags& f) {
         f.chunks = 2;
         f.chunk_size = "1MiB";
       },
       "command line: --chunks: cannot be combined with --chunk-size; give one of them"},
      {"zero chunk size", [](ModelFlags& f) { f.chunk_size = "0B"; },
       "command line: --chunk-size: '0B' is zero; a size here must be greater than zero"},
      {"bad protocol", [](ModelFlags& f) { f.protocol = "LL"; },
       "command line: --protocol: unknown protocol 'LL'; expected none, ll, ll128, simple or "
       "auto"},
      {"two formats",
       [](ModelFlags& f) {
         f.csv = true;
         f.json = true;
       },
       "command line: --csv: cannot be combined with --json; give one of them"},
  };
  for (const Case& c : cases) {
    ModelFlags f = worked_example();
    c.edit(f);
    try {
      parse_model_request(f);
      ADD_FAILURE() << c.what << ": no error";
    } catch (const core::InputError& e) {
      EXPECT_EQ(std::string(e.what()), c.error) << c.what;
    }
  }
}

}  // namespace
}  // namespace collsim::report
