#include "data/load_gates.h"

#include <set>

#include "base/suggest.h"
#include "data/object_reader.h"

namespace gg {
namespace {

// The values each field takes in gpus.json (load_dataset.cc reads them with these lists).
const std::vector<std::string>& ValuesOf(const std::string& field) {
  static const std::vector<std::string> vendors = {"nvidia", "amd", "intel", "apple"};
  static const std::vector<std::string> tensor_cores = {
      "none",  "volta", "turing", "ampere", "ada",   "hopper", "blackwell",
      "rdna3", "rdna4", "cdna2",  "cdna3",  "cdna4", "xe2"};
  static const std::vector<std::string> cooling = {"open_air", "flow_through", "blower", "passive"};
  static const std::vector<std::string> none;
  if (field == "vendor") return vendors;
  if (field == "tensor_cores") return tensor_cores;
  if (field == "cooling") return cooling;
  return none;
}

}  // namespace

const std::vector<std::string>& TaskIds() {
  static const std::vector<std::string> tasks = {"media"};
  return tasks;
}

const std::vector<std::string>& GateFields() {
  static const std::vector<std::string> fields = {"vendor", "tensor_cores", "cooling"};
  return fields;
}

void LoadGates(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "gates", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/gates/" + std::to_string(i), "gate", diags);
    if (!r.ok()) continue;
    FeatureGate g;
    g.loc = r.loc();
    g.id = r.String("id");
    if (!g.id.empty() && !seen.insert(g.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate gate id '" + g.id + "'");
    if (r.Has("workloads")) {
      for (const auto& w : r.StringList("workloads", {"inference8", "inference16", "training16"}))
        if (auto parsed = ParseWorkload(w)) g.workloads.push_back(*parsed);
    } else {
      r.Touch("workloads");
    }
    g.min_gpus_per_machine =
        r.Has("min_gpus_per_machine") ? r.Integer("min_gpus_per_machine", 1) : 1;
    if (r.Has("machines")) {
      g.machines = r.StringList("machines", {});  // ids checked against machines.json later
    } else {
      r.Touch("machines");
    }
    if (r.Has("tasks"))
      g.tasks = r.StringList("tasks", TaskIds());
    else
      r.Touch("tasks");
    g.field = r.Enum("field", GateFields());
    if (!g.field.empty())
      g.allowed = r.StringList("allowed", ValuesOf(g.field));
    else
      r.Touch("allowed");
    if (!g.field.empty() && g.allowed.empty())
      diags->Error(r.FieldLoc("allowed"), "gate '" + g.id + "' allows no value");
    g.prov = r.ReadProvenance();
    if (!g.id.empty()) out->gates.push_back(std::move(g));
  }
}

}  // namespace gg
