// Reading input files. Every read goes through here so that encoding problems (empty file,
// BOM, invalid UTF-8) are reported the same way everywhere.
#pragma once

#include <string>
#include <vector>

#include "base/diagnostics.h"

namespace gg {

// Reads root/rel into *out. On failure (missing, unreadable) reports an error at rel and
// returns false. When check_text is set, also rejects an empty file, a UTF-8 byte-order mark
// and invalid UTF-8 (each with its own message and position) and returns false.
bool ReadInputFile(const std::string& root, const std::string& rel, std::string* out,
                   Diagnostics* diags, bool check_text = true);

// Reads a file with no checks; false when it cannot be read.
bool ReadWholeFile(const std::string& path, std::string* out);

// Relative paths (with '/') of regular files under root/dir, sorted bytewise, recursively.
// Hidden files and folders (starting with '.') are skipped. Empty when dir does not exist.
std::vector<std::string> ListFiles(const std::string& root, const std::string& dir);

bool FileExists(const std::string& path);

}  // namespace gg
