// The in-browser calculator's two published files: calc.wasm (the calculator compiled to
// WebAssembly, given by the caller) and calc-data.json (the data files it reads, as one
// minified bundle: data/calc_bundle.h), added to the asset set under content-hashed names.
// They are published on demand: only when a page links to them (a calculator page).
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "base/content_cache.h"
#include "site/assets.h"

namespace gg {

// Adds "calc.wasm" and "calc-data.json" to assets->published and assets->on_demand, from
// the data files' texts as loaded (Dataset::texts, "data/<file>" -> text) for each file of
// CalcBundleFiles(); when one is missing or not JSON, adds nothing (the data loader reports
// the problem, and the build fails on it). With a cache, a bundle made earlier from the same
// data files is taken from it, and the module's hashed name from a build of this executable.
void AddCalculatorAssets(const std::map<std::string, std::string>& data_texts,
                         std::string_view wasm, AssetSet* assets, ContentCache* cache = nullptr);

}  // namespace gg
