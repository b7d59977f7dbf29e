#pragma once

#include <stdexcept>
#include <string>

namespace collsim::core {

// Where a bad value came from: a file position (1-based line and column; 0 = unknown), or
// a command-line flag (file holds "command line", line 0).
struct SourceLocation {
  std::string file;
  int line = 0;
  int column = 0;
};

// InputError: bad user input (a file, a flag), as opposed to a bug or a result. Carries the source
// position and the field's path so that the one line shown to the user reads
//   "<file>:<line>:<col>: <field>: <message>"
// with the parts that are unknown left out. The CLI turns it into exit code 2.
class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string field, std::string message);

  const SourceLocation& where() const { return where_; }
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string field_;
  std::string message_;
};

// Where a command-line flag is: file "command line", no line or column. Every error about
// a flag is at it, through command_line_error or, for a value that may also come from a
// file, as the default of a SourceLocation member.
const SourceLocation& command_line();

// The InputError of a bad command-line flag: "command line: <flag>: <message>".
InputError command_line_error(std::string flag, std::string message);

// UnitError: a value string that does not parse (thrown by core/units.h); it knows nothing
// of where the string came from, so callers rethrow it as an InputError.
class UnitError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

}  // namespace collsim::core
