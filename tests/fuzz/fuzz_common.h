// Shared by the libFuzzer targets of tests/fuzz/: the repository's own inputs (data/,
// content/, templates/), loaded once per process, which each target combines with the fuzzed
// bytes. A target never writes files: it calls the parsing and rendering functions directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg::fuzz {

// The repository the fuzzers were built from (its data/, content/, templates/, assets/).
inline std::string SourceRoot() {
  return GG_SOURCE_DIR;
}

// The real data set, loaded and validated once. Aborts when the repository's data has errors:
// every fuzzer then starts from a known-good state.
const Dataset& RealDataset();

inline std::string AsString(const uint8_t* data, size_t size) {
  return std::string(reinterpret_cast<const char*>(data), size);
}

}  // namespace gg::fuzz
