// Reading input files. Every read goes through here so that encoding problems (empty file,
// BOM, invalid UTF-8) are reported the same way everywhere.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

// Reads root/rel into *out. On failure (missing, unreadable, a symbolic link that leaves the
// project or loops: base/path_policy.h) reports an error at rel and returns false. When check_text
// is set, also rejects an empty file, a UTF-8 byte-order mark and invalid UTF-8 (each with its own
// message and position) and returns false.
bool ReadInputFile(const std::string& root, const std::string& rel, std::string* out,
                   Diagnostics* diags, bool check_text = true);

// Reads a file with no checks; false when it cannot be read.
bool ReadWholeFile(const std::string& path, std::string* out);

// Whether `text` (the bytes of `file`) is valid UTF-8; if not, reports an error at the line:col
// of the first invalid sequence ("invalid UTF-8 byte sequence; save the file as UTF-8") and
// returns false. ReadInputFile's check, for a file read from outside the project.
bool CheckUtf8Text(const std::string& file, const std::string& text, Diagnostics* diags);

// The input files of a build as read once at its start (root-relative path -> bytes), so that
// it hashes and loads the same bytes (a save in between cannot mix two versions) and reads each
// file once. While a scope is open, ReadInputFile of a path the snapshot holds (same root)
// takes its bytes from it; the path checks still apply. Open one scope at a time, before the
// build's threads start.
struct InputSnapshot {
  std::string root;
  std::map<std::string, std::string> bytes;
  // The paths whose bytes differ from those an earlier run recorded (new files included):
  // every path when nothing was recorded. Filled by InputFileHashes (site/page_cache.h).
  std::vector<std::string> changed;
};
class InputSnapshotScope {
 public:
  explicit InputSnapshotScope(const InputSnapshot* snapshot);
  ~InputSnapshotScope();
  InputSnapshotScope(const InputSnapshotScope&) = delete;
  InputSnapshotScope& operator=(const InputSnapshotScope&) = delete;
};

// Relative paths (with '/') of regular files under root/dir, sorted bytewise, recursively.
// Hidden files and folders (starting with '.') are skipped. Empty when dir does not exist.
// Symbolic links that leave the project, loop or dangle (dir itself included) are skipped and
// reported to diags when it is given; links to folders are not followed.
std::vector<std::string> ListFiles(const std::string& root, const std::string& dir,
                                   Diagnostics* diags = nullptr);

bool FileExists(const std::string& path);

// Replaces the file at path with bytes so a reader (or a crash) sees the old file or the whole
// new one: a temporary file beside it (base/write_at.h, never through a link), fsynced, renamed
// over path, the folder fsynced; the old permission bits kept. Refused: path a symbolic link,
// not a regular file, or read-only. On any failure (a short write, a full disk, a read-only
// folder) removes the temporary file, leaves path untouched, sets *error and returns false.
bool ReplaceFileAtomically(const std::string& path, const std::string& bytes, std::string* error);

}  // namespace gg
