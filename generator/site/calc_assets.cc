#include "site/calc_assets.h"

#include <map>
#include <utility>

#include "base/files.h"
#include "data/calc_bundle.h"
#include "urls/urls.h"

namespace gg {

void AddCalculatorAssets(const std::string& root, std::string_view wasm, AssetSet* assets) {
  // The loader has read these files and reported their problems: read them again quietly.
  Diagnostics quiet;
  std::map<std::string, std::string> texts;
  for (const std::string& name : CalcBundleFiles()) {
    std::string text;
    if (ReadInputFile(root, "data/" + name, &text, &quiet)) texts[name] = std::move(text);
  }
  std::string bundle = MakeCalcBundle(texts, &quiet);
  if (bundle.empty()) return;
  const std::pair<std::string, std::string> files[] = {{"calc.wasm", std::string(wasm)},
                                                       {"calc-data.json", std::move(bundle)}};
  for (const auto& [name, bytes] : files) {
    std::string published = AssetPath(HashedName(name, bytes));
    assets->published[name] = published;
    assets->on_demand[name] = {published, bytes};
  }
}

}  // namespace gg
