// The whole pipeline except writing: load -> validate -> compute -> render -> plan.
// The result is the complete list of output files (the plan), sorted by path, identical for
// identical inputs whatever the number of threads. Nothing here touches the output folder.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "base/content_cache.h"
#include "base/diagnostics.h"
#include "base/output_file.h"

namespace gg {

struct BuildOptions {
  std::string root = ".";
  int jobs = 0;  // 0: one per core
  bool drafts = false;
  // calc.wasm (the calculator compiled to WebAssembly); when given, it is published with the
  // calculators' data bundle as the assets calc.wasm and calc-data.json (site/calc_assets.h).
  std::string_view calc_wasm;
  // Products of earlier builds (base/content_cache.h); null: a cold build. The output is
  // byte-identical either way.
  ContentCache* cache = nullptr;
  // With a cache: say why each page was rendered anew (BuildOutput::rendered_because).
  bool explain = false;
  // With a cache: the files of the output folder as the previous build wrote them (verified
  // untouched by the caller). A page taken from the cache whose files are all held there is
  // planned without its bytes (OutputFile::unchanged_hash): only a commit to that folder may
  // use such a plan.
  const OutputHashes* previous_output = nullptr;
  // InputFileHashes(root) when the caller has it already (the inputs are hashed once).
  const std::map<std::string, std::string>* input_hashes = nullptr;
  // Whether charts will probably be painted (a cold build, an edit of the data or of UI
  // strings): their fonts and libraries are then loaded on a spare thread while the inputs
  // load. Only a matter of speed: a chart painted without it loads them itself.
  bool charts_likely = true;
  // Where pages go as soon as each is rendered (write/commit_site.h, Staging): the build then
  // plans them as placed (OutputFile::placed) instead of holding every page's bytes until the
  // commit. Null: every file's bytes are in the plan (check, review, tests).
  OutputSink* sink = nullptr;
  // Fill BuildOutput::page_dependencies. Without it each page's keys (some 65) are dropped as
  // soon as the page is done (and cached, with a cache) instead of being held to the end:
  // ~120 MB at N = 10,000. The build command does not read them.
  bool page_dependencies = true;
  // With page_dependencies: fill BuildOutput::dependency_values (review compares them to
  // find which input change reached each page). Free with a cache, which values them anyway.
  bool dependency_values = false;
};

struct PhaseTiming {
  std::string phase;
  double ms = 0;
};

struct BuildOutput {
  std::vector<OutputFile> files;  // sorted by path
  int pages = 0;                  // HTML pages
  std::vector<PhaseTiming> timings;
  std::map<std::string, int> words;  // per language, authored pages only
  // For each page (by output path, "en/guide/index.html"), the sorted dependency keys of what
  // it read: sources, templates, assets, UI strings, data files and records, computed
  // results (key syntax in directives/page_context.h). For incremental builds and review.
  std::map<std::string, std::vector<std::string>> page_dependencies;
  // With page_dependencies, the page (output path) that made each file a page makes besides
  // its HTML (charts, link previews); the first page when several make it.
  std::map<std::string, std::string> page_of_file;
  // With BuildOptions::dependency_values, the value (a content hash) of every key in
  // page_dependencies; "" for a key whose value cannot be known.
  std::map<std::string, std::string> dependency_values;
  // With BuildOptions::explain, the pages the cache could not give, by output path, with the
  // reason ("computed:current-prices changed", "not rendered before").
  std::map<std::string, std::string> rendered_because;
};

// Returns false when any error was reported (the plan is then incomplete and must not be
// written). Warnings do not fail the build.
bool BuildSite(const BuildOptions& options, Diagnostics* diags, BuildOutput* out);

}  // namespace gg
