#include "site/calc_assets.h"

#include <map>
#include <utility>
#include <vector>

#include "base/files.h"
#include "data/calc_bundle.h"
#include "urls/urls.h"

namespace gg {

void AddCalculatorAssets(const std::string& root, std::string_view wasm, AssetSet* assets,
                         ContentCache* cache) {
  // The loader has read these files and reported their problems: read them again quietly.
  Diagnostics quiet;
  std::map<std::string, std::string> texts;
  KeyWriter key;
  key.Str("calc-bundle/1");
  for (const std::string& name : CalcBundleFiles()) {
    std::string text;
    if (ReadInputFile(root, "data/" + name, &text, &quiet)) {
      key.Str(name).Str(ContentHashHex(text));
      texts[name] = std::move(text);
    }
  }
  // The bundle and both hashed names, as an earlier build of this executable made them from
  // the same files (the cache is per executable, so the wasm is the same too).
  std::vector<std::string> kept;
  auto entry = cache ? cache->Get("calc-bundle", key.Hash()) : std::nullopt;
  if (!entry || !UnpackFields(*entry, &kept) || kept.size() != 3) {
    std::string bundle = MakeCalcBundle(texts, &quiet);
    if (bundle.empty()) return;
    kept = {AssetPath(HashedName("calc.wasm", std::string(wasm))),
            AssetPath(HashedName("calc-data.json", bundle)), std::move(bundle)};
    if (cache) cache->Put("calc-bundle", key.Hash(), PackFields({kept[0], kept[1], kept[2]}));
  }
  assets->published["calc.wasm"] = kept[0];
  assets->on_demand["calc.wasm"] = {kept[0], std::string(wasm)};
  assets->published["calc-data.json"] = kept[1];
  assets->on_demand["calc-data.json"] = {kept[1], std::move(kept[2])};
}

}  // namespace gg
