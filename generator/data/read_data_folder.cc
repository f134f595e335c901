// LoadDataset: reads the files of ROOT/data/ (the only part of data/ that touches the disk)
// and hands each text to the pure parsers of load_dataset.cc, which the WebAssembly build
// compiles without this file.
#include <algorithm>

#include "base/files.h"
#include "base/suggest.h"
#include "base/text.h"
#include "data/load_dataset.h"

namespace gg {

Dataset LoadDataset(const std::string& root, Diagnostics* diags) {
  Dataset ds;
  const std::vector<std::string> required = {"site.json",        "gpus.json",    "benchmarks.json",
                                             "prices.json",      "cloud.json",   "models.json",
                                             "assumptions.json", "personas.json"};
  std::vector<std::string> known = required;
  known.push_back("flowchart.json");
  known.push_back("validation.json");
  known.push_back("machines.json");
  for (const auto& rel : ListFiles(root, "data", diags)) {
    if (!EndsWith(rel, ".json")) continue;
    std::string name = rel.substr(rel.rfind('/') + 1);
    if (std::find(known.begin(), known.end(), name) == known.end() || rel != "data/" + name)
      diags->Error({rel, 0, 0}, "unknown data file", DidYouMean(name, known));
  }
  for (const auto& name : known) {
    std::string rel = "data/" + name;
    bool optional =
        name == "flowchart.json" || name == "validation.json" || name == "machines.json";
    if (optional && !FileExists(root + "/" + rel)) continue;
    std::string text;
    if (!ReadInputFile(root, rel, &text, diags)) {
      ds.unreadable.push_back(rel);
      continue;
    }
    if (name == "site.json") {
      LoadSiteConfig(rel, text, &ds.site, diags);
    } else {
      LoadDataFile(rel, text, &ds, diags);
      ds.texts[rel] = std::move(text);
    }
  }
  return ds;
}

}  // namespace gg
