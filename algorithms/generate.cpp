#include "algorithms/generate.h"

#include <stdexcept>

#include "algorithms/binary_tree.h"
#include "algorithms/binomial_tree.h"
#include "algorithms/double_binary_tree.h"
#include "algorithms/ring.h"
#include "algorithms/two_level.h"

namespace collsim::algorithms {

Schedule generate(Algorithm algorithm, Collective collective, core::Bytes bytes,
                  const RankLayout& layout, const GenerateOptions& options) {
  switch (algorithm) {
    case Algorithm::RING:
      return generate_ring(collective, bytes, layout, options);
    case Algorithm::BINARY_TREE:
      return generate_binary_tree(collective, bytes, layout, options);
    case Algorithm::BINOMIAL_TREE:
      return generate_binomial_tree(collective, bytes, layout, options);
    case Algorithm::DOUBLE_BINARY_TREE:
      return generate_double_binary_tree(collective, bytes, layout, options);
    case Algorithm::TWO_LEVEL:
      return generate_two_level(collective, bytes, layout, options);
    case Algorithm::NCCL_RING:
      return generate_nccl_ring(collective, bytes, layout, options);
    case Algorithm::NCCL_TREE:
      return generate_nccl_tree(collective, bytes, layout, options);
    case Algorithm::NCCL:
      break;
  }
  throw std::invalid_argument(
      "nccl is NCCL's choice of nccl_ring or nccl_tree for a fabric; run it from a scenario, "
      "or explain nccl_ring or nccl_tree");
}

}  // namespace collsim::algorithms
