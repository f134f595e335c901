// LoadDataset: reads the files of ROOT/data/ (the only part of data/ that touches the disk)
// and hands each text to the pure parsers of load_dataset.cc, which the WebAssembly build
// compiles without this file.
#include <algorithm>

#include "base/files.h"
#include "base/parallel.h"
#include "base/suggest.h"
#include "base/text.h"
#include "data/load_dataset.h"

namespace gg {

Dataset LoadDataset(const std::string& root, Diagnostics* diags, int threads) {
  Dataset ds;
  const std::vector<std::string> required = {"site.json",        "gpus.json",    "benchmarks.json",
                                             "prices.json",      "cloud.json",   "models.json",
                                             "assumptions.json", "personas.json"};
  std::vector<std::string> known = required;
  known.push_back("flowchart.json");
  known.push_back("validation.json");
  known.push_back("machines.json");
  known.push_back("engines.json");
  known.push_back("regions.json");
  known.push_back("genmodels.json");
  known.push_back("genvalidation.json");
  known.push_back("gates.json");
  for (const auto& rel : ListFiles(root, "data", diags)) {
    if (!EndsWith(rel, ".json")) continue;
    std::string name = rel.substr(rel.rfind('/') + 1);
    if (std::find(known.begin(), known.end(), name) == known.end() || rel != "data/" + name)
      diags->Error({rel, 0, 0}, "unknown data file", DidYouMean(name, known));
  }
  // Read in a fixed order, parse on several threads (the bulk of loading), then load the
  // parsed documents in the same fixed order.
  struct File {
    std::string rel;
    std::string text;
    bool read = false;
    bool parsed = false;
    JsonDoc doc;
  };
  std::vector<File> files;
  for (const auto& name : known) {
    File f;
    f.rel = "data/" + name;
    bool optional = name == "flowchart.json" || name == "validation.json" ||
                    name == "machines.json" || name == "engines.json" || name == "genmodels.json" ||
                    name == "genvalidation.json" || name == "gates.json" || name == "regions.json";
    if (optional && !FileExists(root + "/" + f.rel)) continue;
    f.read = ReadInputFile(root, f.rel, &f.text, diags);
    files.push_back(std::move(f));
  }
  ParallelFor(static_cast<int>(files.size()), ThreadCount(threads), [&](int i) {
    File& f = files[static_cast<size_t>(i)];
    if (f.read && f.rel != "data/site.json") f.parsed = ParseJsonDoc(f.rel, f.text, &f.doc, diags);
  });
  for (File& f : files) {
    if (!f.read) {
      ds.unreadable.push_back(f.rel);
      continue;
    }
    if (f.rel == "data/site.json") {
      LoadSiteConfig(f.rel, f.text, &ds.site, diags);
      continue;
    }
    if (f.parsed)
      LoadParsedDataFile(f.doc, &ds, diags);
    else
      ds.unreadable.push_back(f.rel);
    ds.texts[f.rel] = std::move(f.text);
  }
  return ds;
}

}  // namespace gg
