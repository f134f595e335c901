// Fuzzes the data loader: the first byte picks which data file the rest replaces; the other
// files stay the repository's. The fuzzed file is parsed (syntax, limits, types, ranges),
// then the whole data set is validated across files and, when valid, every calculation runs.
#include <array>
#include <map>

#include "data/load_dataset.h"
#include "directives/computed.h"
#include "fuzz_common.h"
#include "validate/validate_dataset.h"

namespace {

// Every data file the loader reads (load_dataset.cc); seeds.sh writes one seed per file, prefixed
// with its index here, so keep the two lists in the same order.
const std::array<const char*, 15> kFiles = {
    "gpus.json",        "benchmarks.json", "prices.json",    "cloud.json",         "models.json",
    "assumptions.json", "personas.json",   "flowchart.json", "machines.json",      "engines.json",
    "regions.json",     "validation.json", "genmodels.json", "genvalidation.json", "gates.json"};

// The real data set without the entries of one file.
gg::Dataset Without(const std::string& name) {
  gg::Dataset d = gg::fuzz::RealDataset();
  if (name == "gpus.json") d.gpus.clear();
  if (name == "benchmarks.json") d.benchmarks.clear();
  if (name == "prices.json") d.prices.clear();
  if (name == "cloud.json") d.cloud.clear();
  if (name == "models.json") d.models.clear();
  if (name == "assumptions.json") d.assumptions.clear();
  if (name == "personas.json") d.personas.clear();
  if (name == "flowchart.json") d.flowchart = {};
  if (name == "machines.json") d.machines.clear();
  if (name == "engines.json") {
    d.engines.clear();
    d.engine_support.clear();
  }
  if (name == "regions.json") {
    d.regions.clear();
    d.reference_region.clear();
    d.reference_region_loc = {};
    d.fx_rates.clear();
  }
  if (name == "validation.json") d.validation.clear();
  if (name == "genmodels.json") {
    d.media_constants.clear();
    d.media.clear();
  }
  if (name == "genvalidation.json") d.media_validation.clear();
  if (name == "gates.json") d.gates.clear();
  return d;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static std::map<std::string, gg::Dataset> bases;
  std::string name = kFiles[data[0] % kFiles.size()];
  auto it = bases.find(name);
  if (it == bases.end()) it = bases.emplace(name, Without(name)).first;
  gg::Dataset ds = it->second;
  gg::Diagnostics diags;
  gg::LoadDataFile("data/" + name, gg::fuzz::AsString(data + 1, size - 1), &ds, &diags);
  if (diags.HasErrors()) return 0;
  gg::ValidateDataset(ds, &diags);
  if (diags.HasErrors()) return 0;
  gg::ComputeAll(ds, &diags);
  return 0;
}
