#include "data/calc_bundle.h"

#include <nlohmann/json.hpp>

#include "data/json_doc.h"
#include "data/load_dataset.h"

namespace gg {
namespace {

constexpr int kFormat = 1;
const char* const kWhere = "calculator data";

}  // namespace

const std::vector<std::string>& CalcBundleFiles() {
  // validation.json: decode speed is a line fitted on its measured cases; machines.json: every
  // fit answer names a machine that holds it (calc/placement.h), and so do the cards that hold
  // an image or video run.
  static const std::vector<std::string> files = {
      "gpus.json",        "benchmarks.json", "prices.json",    "cloud.json",   "models.json",
      "assumptions.json", "validation.json", "genmodels.json", "machines.json", "engines.json",
      "regions.json"};
  return files;
}

bool CalcBundleFileOptional(const std::string& name) {
  return name == "genmodels.json" || name == "machines.json" || name == "engines.json" ||
         name == "regions.json";
}

std::string CalcBundlePart(const std::string& name, const std::string& text, Diagnostics* diags) {
  // Through the loader's parser, which refuses deep nesting before anything recurses
  // (without positions: the loader reports each file's problems at their line).
  JsonDoc doc;
  if (!ParseJsonDoc("data/" + name, text, &doc, diags, false)) return "";
  return doc.root.dump();
}

std::string AssembleCalcBundle(const std::map<std::string, std::string>& parts) {
  // What nlohmann would dump for {"format": kFormat, "files": {name: part, …}}: object keys
  // sorted ("files" before "format"; std::map sorts the names), no whitespace.
  std::string out = "{\"files\":{";
  bool first = true;
  for (const auto& [name, part] : parts) {
    if (!first) out += ',';
    first = false;
    out += nlohmann::json(name).dump();
    out += ':';
    out += part;
  }
  out += "},\"format\":" + std::to_string(kFormat) + "}";
  return out;
}

std::string MakeCalcBundle(const std::map<std::string, std::string>& texts, Diagnostics* diags) {
  std::map<std::string, std::string> parts;
  bool ok = true;
  for (const std::string& name : CalcBundleFiles()) {
    auto it = texts.find(name);
    if (it == texts.end() && CalcBundleFileOptional(name)) continue;
    std::string part = it == texts.end() ? std::string() : CalcBundlePart(name, it->second, diags);
    if (part.empty()) {
      diags->Error(
          {"data/" + name, 0, 0},
          std::string(it == texts.end() ? "missing" : "unreadable") + " in the calculator data");
      ok = false;
      continue;
    }
    parts[name] = std::move(part);
  }
  return ok ? AssembleCalcBundle(parts) : std::string();
}

void LoadCalcBundle(std::string_view text, Dataset* out, Diagnostics* diags) {
  nlohmann::json bundle = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (bundle.is_discarded() || !bundle.is_object() || !bundle.contains("format") ||
      bundle["format"] != kFormat || !bundle.contains("files") || !bundle["files"].is_object()) {
    diags->Error({kWhere, 0, 0}, "not a calculator data bundle of format 1");
    return;
  }
  const nlohmann::json& files = bundle["files"];
  for (const std::string& name : CalcBundleFiles()) {
    if (!files.contains(name)) {
      if (CalcBundleFileOptional(name)) continue;
      diags->Error({kWhere, 0, 0}, "the bundle lacks data/" + name);
      out->unreadable.push_back("data/" + name);
      continue;
    }
    LoadDataFile("data/" + name, files.at(name).dump(), out, diags);
  }
}

}  // namespace gg
