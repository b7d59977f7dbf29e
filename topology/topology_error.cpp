#include "topology/topology_error.h"

#include <utility>

namespace collsim::topology {

TopologyError::TopologyError(std::string field, std::string message)
    : std::invalid_argument(field.empty() ? message : field + ": " + message),
      field_(std::move(field)),
      message_(std::move(message)) {}

}  // namespace collsim::topology
