#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace collsim::files {

// One file of a batch: its path, its whole text, and the flag that named the path (e.g.
// "-o", "--update-baseline"), which an error about this file reports as its field.
struct OutputFile {
  std::string path;
  std::string text;
  std::string flag;
};

// Writes every file atomically: each text first into a temporary file next to its path
// ("<path>.tmp-<pid>"), then, once all of them are written and flushed, each renamed over
// its path. A reader sees an old file or the whole new one; a failed write leaves no partial
// file and renames nothing (the temporaries are removed), and after a kill at most a
// temporary remains, never a half-written `path`. Throws core::InputError at "command line",
// field the failing file's `flag`, naming its path and the system's reason.
void write_files_atomically(const std::vector<OutputFile>& files);
// Writes all of `text` to the open file `fd`, retrying interrupted writes; returns 0, or
// the errno that stopped it.
int write_all(int fd, std::string_view text);

// One file alone: write_files_atomically({{path, text, flag}}).
void write_file_atomically(const std::string& path, std::string_view text, std::string_view flag);

}  // namespace collsim::files
