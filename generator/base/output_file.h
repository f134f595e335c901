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
  // True: the file was handed to an OutputSink as soon as it was made and is in the staging
  // folder already; `bytes` is then empty, and `placed_hash` is its content hash when the sink
  // was asked for hashes (else empty).
  bool placed = false;
  std::string placed_hash;
};

// Takes finished files before the whole plan is made: a build hands it each page as soon as
// it is rendered (site/build.h, BuildOptions::sink), so that the site's pages are not all held
// in memory until the commit (write/commit_site.h, Staging, is the one implementation).
// Thread-safe.
class OutputSink {
 public:
  virtual ~OutputSink() = default;
  // Places `bytes` at `path`. Sets *hash to their content hash when the sink keeps hashes,
  // else leaves it empty. False when the file could not be placed: the sink keeps the reason
  // and the build must not be committed.
  virtual bool Place(const std::string& path, const std::string& bytes, std::string* hash) = 0;
};

// Content hash (ContentHashHex) of each file of an output folder, by path.
using OutputHashes = std::map<std::string, std::string>;

}  // namespace gg
