// The in-browser calculator's two published files: calc.wasm (the calculator compiled to
// WebAssembly, given by the caller) and calc-data.json (the data files it reads, as one
// minified bundle: data/calc_bundle.h), added to the asset set under content-hashed names
// like every asset. Only the pages with a calculator link to them.
#pragma once

#include <string>
#include <string_view>

#include "base/diagnostics.h"
#include "site/assets.h"

namespace gg {

// Adds "calc.wasm" and "calc-data.json" to *assets. Reads data/<file> for each file of
// CalcBundleFiles(); an unreadable file is reported (the loader has reported it too).
void AddCalculatorAssets(const std::string& root, std::string_view wasm, AssetSet* assets,
                         Diagnostics* diags);

}  // namespace gg
