#include "algorithms/generate_options.h"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "algorithms/piece_split.h"
#include "algorithms/rank_layout.h"
#include "core/units.h"

namespace collsim::algorithms {

std::string chunking_text(const GenerateOptions& options) {
  if (options.chunks > 0) {
    return fmt::format("{} chunks per piece", options.chunks);
  }
  if (options.chunk_size > 0) {
    return fmt::format("chunks of at most {}", core::format_size(options.chunk_size));
  }
  return "chunks: each algorithm's default";
}

std::uint32_t chunks_per_piece(const GenerateOptions& options, core::Bytes piece,
                               ChunkDefault default_rule) {
  if (options.chunks > 0) {
    return options.chunks;
  }
  std::uint64_t k = 1;
  if (options.chunk_size > 0) {
    k = static_cast<std::uint64_t>(
        largest_part(piece, static_cast<std::uint64_t>(options.chunk_size)));
    // More chunks than MAX_LEAVES can never fit; nested_split reports it.
    k = std::clamp<std::uint64_t>(k, 1, MAX_LEAVES + 1);
  } else if (default_rule == ChunkDefault::PIPELINED) {
    k = std::clamp<std::uint64_t>(
        static_cast<std::uint64_t>(largest_part(piece, DEFAULT_PIPELINE_CHUNK)), 1,
        MAX_DEFAULT_CHUNKS);
  }
  return static_cast<std::uint32_t>(k);
}

std::vector<core::Bytes> nested_split(core::Bytes total, std::span<const std::uint64_t> fanout) {
  std::uint64_t leaves = 1;
  for (std::uint64_t f : fanout) {
    if (f == 0 || leaves * f > MAX_LEAVES) {
      throw std::length_error(fmt::format(
          "the message would be cut into more than {} pieces; use fewer chunks or channels",
          MAX_LEAVES));
    }
    leaves *= f;
  }
  std::vector<core::Bytes> sizes{total};
  for (std::uint64_t f : fanout) {
    std::vector<core::Bytes> finer;
    finer.reserve(sizes.size() * f);
    for (core::Bytes s : sizes) {
      for (std::uint64_t i = 0; i < f; ++i) {
        finer.push_back(split_part(s, f, i));
      }
    }
    sizes = std::move(finer);
  }
  return sizes;
}

bool supports(Algorithm algorithm, Collective collective) {
  switch (collective) {
    case Collective::ALL_REDUCE:
      return true;
    case Collective::REDUCE_SCATTER:
    case Collective::ALL_GATHER:
      return algorithm == Algorithm::RING || algorithm == Algorithm::NCCL_RING;
    case Collective::BROADCAST:
    case Collective::REDUCE:
      return algorithm == Algorithm::RING || algorithm == Algorithm::NCCL_RING ||
             algorithm == Algorithm::BINARY_TREE || algorithm == Algorithm::BINOMIAL_TREE;
  }
  return false;
}

void validate_request(Algorithm algorithm, Collective collective, core::Bytes bytes,
                      const RankLayout& layout, const GenerateOptions& options) {
  if (!supports(algorithm, collective)) {
    throw std::invalid_argument(fmt::format("{} has no {} schedule", algorithm_name(algorithm),
                                            collective_name(collective)));
  }
  if (bytes < 0) {
    throw std::invalid_argument("the message size must not be negative");
  }
  if (options.channels < 1 || options.channels > MAX_CHANNELS) {
    throw std::invalid_argument(
        fmt::format("channels must be 1 to {}, got {}", MAX_CHANNELS, options.channels));
  }
  if (options.chunks > 0 && options.chunk_size > 0) {
    throw std::invalid_argument("give the number of chunks or the chunk size, not both");
  }
  if (options.chunk_size < 0) {
    throw std::invalid_argument("the chunk size must not be negative");
  }
  if (options.root >= layout.num_ranks()) {
    throw std::invalid_argument(
        fmt::format("root {} is not one of the {} ranks", options.root, layout.num_ranks()));
  }
  if (options.inter != Algorithm::RING && options.inter != Algorithm::DOUBLE_BINARY_TREE) {
    throw std::invalid_argument(
        fmt::format("two_level's inter-node algorithm must be ring or double_binary_tree, not {}",
                    algorithm_name(options.inter)));
  }
}

}  // namespace collsim::algorithms
