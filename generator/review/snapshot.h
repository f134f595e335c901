// One side of a review: a project folder built completely in memory (nothing is written),
// with the model the pages were computed from kept alongside the output.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "base/content_cache.h"
#include "base/diagnostics.h"
#include "base/output_file.h"
#include "content/page_source.h"
#include "directives/computed.h"
#include "model/model.h"

namespace gg {

struct Snapshot {
  std::string label;                    // "base 1a2b3c4" / "working tree"
  bool built = false;                   // the build finished without errors
  std::vector<Diagnostic> diagnostics;  // sorted, as `check` prints them
  Dataset data;
  bool data_ok = false;  // data loaded and validated without errors: `computed` is meaningful
  Computed computed;
  std::vector<PageSource> pages;
  std::map<std::string, std::string> data_files;   // "data/gpus.json" -> text
  std::map<std::string, std::string> input_files;  // content/, templates/, assets/ -> bytes
  std::map<std::string, std::string> output;       // site path -> bytes (empty if not built)
  int output_pages = 0;
  // What each page read (BuildOutput::page_dependencies), the value of each key read, and
  // the page that made each of the other files (charts): which input change reached a file.
  std::map<std::string, std::vector<std::string>> page_dependencies;
  std::map<std::string, std::string> dependency_values;
  std::map<std::string, std::string> page_of_file;
  // Names a reader knows, in the default language: "persona beginner" -> "Beginner",
  // "flowchart leaf big-memory" -> "Which GPU? → Memory → Memory" (its question, answer, label).
  std::map<std::string, std::string> names;
};

// Builds root (a working tree or an exported revision) in memory with `jobs` threads (0: one
// per core), reusing and extending `cache` when not null. Writes nothing but cache entries.
// Build errors are kept in the snapshot, not returned.
Snapshot TakeSnapshot(const std::string& root, const std::string& label, int jobs,
                      ContentCache* cache);

}  // namespace gg
