#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "core/input_error.h"

namespace collsim::files {

// How long a write waits for a reader to open an output FIFO before it gives up, so that a
// FIFO nobody reads is an error, not a hang.
inline constexpr std::chrono::milliseconds FIFO_READER_WAIT{10'000};

// One file of a batch: its path, its whole text, and where the path came from — the flag
// that named it ("-o", "--update-baseline"; `where` is then "command line") or a scenario
// key (`where` its file position, `flag` its key path) — which an error about it names.
struct OutputFile {
  std::string path;
  std::string text;
  std::string flag;
  core::SourceLocation where = core::command_line();
  std::chrono::milliseconds fifo_reader_wait = FIFO_READER_WAIT;
};

// Where a write to an output path lands.
struct OutputTarget {
  // The file written: the path with its symlinks followed (relative links from the link's
  // folder), so that a link is written through, never replaced.
  std::string path;
  // A FIFO or a character device: written straight into, since it cannot be replaced.
  // Otherwise (a regular file or none yet) the file is replaced atomically.
  bool stream = false;
};

// Resolves `file.path` for writing. Refuses (core::InputError at file.where, field
// file.flag, naming the path) a directory, a block device, a socket, a symlink loop
// (more than 40 links), and a path that is the same file as one of `inputs` (compared by
// device and inode), so that an output never destroys what the command reads. O(links).
OutputTarget resolve_output(const OutputFile& file, const std::vector<std::string>& inputs);

// Checks a command's outputs before any work is done: each resolves (resolve_output) and
// no two land on one file; returns their targets, in order. Texts are not looked at.
std::vector<OutputTarget> check_outputs(const std::vector<OutputFile>& files,
                                        const std::vector<std::string>& inputs);

// Writes every file, after check_outputs(files, inputs): each file that is replaced first
// goes into a temporary beside its target ("<target>.tmp-<pid>"), flushed; then the streams
// are written; then each temporary is renamed over its target. A reader sees an old file or
// the whole new one; a failed write leaves no partial file and renames nothing (the
// temporaries are removed), and after a kill at most a temporary remains. Throws
// core::InputError at the failing file's where/flag, naming its path and the system's
// reason.
void write_files_atomically(const std::vector<OutputFile>& files,
                            const std::vector<std::string>& inputs = {});
// Writes all of `text` to the open file `fd`, retrying interrupted writes; returns 0, or
// the errno that stopped it.
int write_all(int fd, std::string_view text);

// One file alone: write_files_atomically({{path, text, flag}}, inputs).
void write_file_atomically(const std::string& path, std::string_view text, std::string_view flag,
                           const std::vector<std::string>& inputs = {});

}  // namespace collsim::files
