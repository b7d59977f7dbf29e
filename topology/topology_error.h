#pragma once

#include <stdexcept>
#include <string>

namespace collsim::topology {

// TopologyError: a builder's parameters or a fabric's structure are invalid (a duplicate
// name, a zero bandwidth, an odd fat-tree radix, a GPU cut off from the rest, ...).
// `field` names the offending parameter by its key path relative to the topology section,
// spelled as the YAML keys are ("nics.perNode", "links[3].to"; empty when no single
// parameter is to blame), so the scenario loader can point at the line of the file;
// what() is "<field>: <message>", or just the message.
class TopologyError : public std::invalid_argument {
 public:
  TopologyError(std::string field, std::string message);

  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  std::string field_;
  std::string message_;
};

}  // namespace collsim::topology
