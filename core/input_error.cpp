#include "core/input_error.h"

#include <utility>

namespace collsim::core {
namespace {

std::string render(const SourceLocation& where, const std::string& field,
                   const std::string& message) {
  std::string out;
  if (!where.file.empty()) {
    out += where.file;
    if (where.line > 0) {
      out += ':' + std::to_string(where.line) + ':' + std::to_string(where.column);
    }
    out += ": ";
  }
  if (!field.empty()) {
    out += field + ": ";
  }
  return out + message;
}

}  // namespace

InputError::InputError(SourceLocation where, std::string field, std::string message)
    : std::runtime_error(render(where, field, message)),
      where_(std::move(where)),
      field_(std::move(field)),
      message_(std::move(message)) {}

const SourceLocation& command_line() {
  static const SourceLocation where{"command line", 0, 0};
  return where;
}

InputError command_line_error(std::string flag, std::string message) {
  return InputError(command_line(), std::move(flag), std::move(message));
}

}  // namespace collsim::core
