// The plan's unit: one file of the site, as bytes, at a path relative to the output folder.
// Produced by site/, committed by write/.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace gg {

struct OutputFile {
  OutputFile() = default;
  OutputFile(std::string p, std::string b, std::string unchanged = {})
      : path(std::move(p)), bytes(std::move(b)), unchanged_hash(std::move(unchanged)) {}
  std::string path;  // "en/guide/index.html" — '/' separated, no leading '/'
  std::string bytes;
  // Non-empty: the bytes were not loaded because they are those of the same path in the
  // output folder as the previous build left it (BuildOptions::previous_output), whose
  // content hash this is; `bytes` is then empty and the commit links the old file.
  std::string unchanged_hash;
};

// Content hash (ContentHashHex) of each file of an output folder, by path.
using OutputHashes = std::map<std::string, std::string>;

}  // namespace gg
