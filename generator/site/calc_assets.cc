#include "site/calc_assets.h"

#include <map>

#include "base/files.h"
#include "data/calc_bundle.h"

namespace gg {

void AddCalculatorAssets(const std::string& root, std::string_view wasm, AssetSet* assets,
                         Diagnostics* diags) {
  std::map<std::string, std::string> texts;
  for (const std::string& name : CalcBundleFiles()) {
    std::string text;
    if (ReadInputFile(root, "data/" + name, &text, diags)) texts[name] = std::move(text);
  }
  std::string bundle = MakeCalcBundle(texts, diags);
  if (bundle.empty()) return;
  for (const auto& [name, bytes] : {std::pair<std::string, std::string>{"calc.wasm", std::string(wasm)},
                                    {"calc-data.json", std::move(bundle)}}) {
    std::string published = "assets/" + HashedName(name, bytes);
    assets->published[name] = published;
    assets->files.push_back({published, bytes});
  }
}

}  // namespace gg
