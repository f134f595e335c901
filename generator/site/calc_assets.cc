#include "site/calc_assets.h"

#include <utility>
#include <vector>

#include "data/calc_bundle.h"
#include "urls/urls.h"

namespace gg {

namespace {

// The module's published path: its hashed name, kept in the cache by the module's content
// hash (the module is part of this executable, so one entry serves every build).
std::string WasmPath(std::string_view wasm, ContentCache* cache) {
  const std::string key = KeyWriter().Str("calc-wasm/1").Str(ContentHashHex(wasm)).Hash();
  if (cache)
    if (auto kept = cache->Get("calc-wasm", key)) return *kept;
  std::string path = AssetPath(HashedName("calc.wasm", std::string(wasm)));
  if (cache) cache->Put("calc-wasm", key, path);
  return path;
}

}  // namespace

void AddCalculatorAssets(const std::map<std::string, std::string>& data_texts,
                         std::string_view wasm, AssetSet* assets, ContentCache* cache) {
  // The loader has reported the files' problems: the bundle is made quietly.
  Diagnostics quiet;
  std::map<std::string, std::string> texts;
  KeyWriter key;
  key.Str("calc-bundle/2");
  for (const std::string& name : CalcBundleFiles()) {
    auto it = data_texts.find("data/" + name);
    if (it == data_texts.end()) continue;
    key.Str(name).Str(ContentHashHex(it->second));
    texts[name] = it->second;
  }
  // The bundle and its hashed name, as an earlier build made them from the same files.
  std::vector<std::string> kept;
  auto entry = cache ? cache->Get("calc-bundle", key.Hash()) : std::nullopt;
  if (!entry || !UnpackFields(*entry, &kept) || kept.size() != 2) {
    // Each file's part as an earlier build made it from the same text: a price edit
    // minifies prices.json only.
    std::map<std::string, std::string> parts;
    for (const std::string& name : CalcBundleFiles()) {
      auto text = texts.find(name);
      if (text == texts.end()) {
        if (CalcBundleFileOptional(name)) continue;
        return;  // missing: reported by the loader
      }
      const std::string part_key =
          KeyWriter().Str("calc-bundle-part/1").Str(name).Str(ContentHashHex(text->second)).Hash();
      auto part = cache ? cache->Get("calc-bundle-part", part_key) : std::nullopt;
      if (!part) {
        part = CalcBundlePart(name, text->second, &quiet);
        if (part->empty()) return;
        if (cache) cache->Put("calc-bundle-part", part_key, *part);
      }
      parts[name] = std::move(*part);
    }
    std::string bundle = AssembleCalcBundle(parts);
    kept = {AssetPath(HashedName("calc-data.json", bundle)), std::move(bundle)};
    if (cache) cache->Put("calc-bundle", key.Hash(), PackFields({kept[0], kept[1]}));
  }
  const std::string wasm_path = WasmPath(wasm, cache);
  assets->published["calc.wasm"] = wasm_path;
  assets->on_demand["calc.wasm"] = {wasm_path, std::string(wasm)};
  assets->published["calc-data.json"] = kept[0];
  assets->on_demand["calc-data.json"] = {kept[0], std::move(kept[1])};
}

}  // namespace gg
