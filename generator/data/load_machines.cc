#include "data/load_machines.h"

#include <algorithm>
#include <set>

#include "base/suggest.h"
#include "data/object_reader.h"

namespace gg {
namespace {

using Json = nlohmann::json;

const Json& At(const JsonDoc& doc, const std::string& ptr) {
  return doc.root.at(Json::json_pointer(ptr));
}

void ReadCircuits(const JsonDoc& doc, ObjectReader& r, const std::string& ptr, Machine* m,
                  Diagnostics* diags) {
  r.Touch("circuits");
  if (!r.Has("circuits") || !At(doc, ptr + "/circuits").is_array() ||
      At(doc, ptr + "/circuits").empty()) {
    diags->Error(r.Has("circuits") ? r.FieldLoc("circuits") : r.loc(),
                 "machine '" + m->id + "' needs a non-empty list 'circuits'",
                 "the circuit it is plugged into: {\"region\", \"volts\", \"amps\", "
                 "\"phases\", \"continuous_fraction\"}");
    return;
  }
  const size_t n = At(doc, ptr + "/circuits").size();
  for (size_t i = 0; i < n; ++i) {
    ObjectReader c(doc, ptr + "/circuits/" + std::to_string(i), "circuit", diags);
    if (!c.ok()) continue;
    Circuit x;
    x.region = c.String("region");
    x.volts = c.Positive("volts");
    x.amps = c.Positive("amps");
    x.phases = c.Integer("phases", 1);
    if (x.phases != 1 && x.phases != 3)
      diags->Error(c.FieldLoc("phases"),
                   "a circuit has 1 or 3 phases, not " + std::to_string(x.phases));
    x.continuous_fraction = c.Positive("continuous_fraction");
    m->circuits.push_back(x);
  }
}

void ReadPsuConnectors(const JsonDoc& doc, ObjectReader& r, const std::string& ptr, Machine* m,
                       Diagnostics* diags) {
  r.Touch("psu_connectors");
  if (!r.Has("psu_connectors") || !At(doc, ptr + "/psu_connectors").is_object()) {
    diags->Error(r.Has("psu_connectors") ? r.FieldLoc("psu_connectors") : r.loc(),
                 "machine '" + m->id + "' needs an object 'psu_connectors'",
                 "GPU cables of its largest PSU by kind, e.g. {\"8-pin\": 6, \"12V-2x6\": 2}");
    return;
  }
  ObjectReader c(doc, ptr + "/psu_connectors", "PSU connectors", diags);
  for (const auto& [kind, v] : At(doc, ptr + "/psu_connectors").items()) {
    const auto& kinds = PowerConnectorKinds();
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) {
      c.Touch(kind);
      diags->Error(c.FieldLoc(kind), "unknown power connector '" + kind + "'",
                   DidYouMean(kind, kinds));
      continue;
    }
    m->psu_connectors[kind] = c.Integer(kind, 0);
  }
}

}  // namespace

const std::vector<std::string>& PowerConnectorKinds() {
  static const std::vector<std::string> kinds = {"6-pin",  "8-pin",   "8-pin EPS",
                                                 "12-pin", "12VHPWR", "12V-2x6"};
  return kinds;
}

void LoadMachines(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "machines", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    const std::string ptr = "/machines/" + std::to_string(i);
    ObjectReader r(doc, ptr, "machine", diags);
    if (!r.ok()) continue;
    Machine m;
    m.loc = r.loc();
    m.id = r.String("id");
    if (!m.id.empty() && !seen.insert(m.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + m.id + "'");
    ReadCircuits(doc, r, ptr, &m, diags);
    r.Touch("psu_sizes_w");
    if (r.Has("psu_sizes_w") && At(doc, ptr + "/psu_sizes_w").is_array()) {
      const auto& sizes = At(doc, ptr + "/psu_sizes_w");
      for (size_t k = 0; k < sizes.size(); ++k) {
        if (sizes[k].is_number() && sizes[k].get<double>() > 0)
          m.psu_sizes_w.push_back(sizes[k].get<double>());
        else
          diags->Error(doc.LocOf(ptr + "/psu_sizes_w/" + std::to_string(k)),
                       "a PSU size must be a positive number of watts");
      }
    }
    if (m.psu_sizes_w.empty())
      diags->Error(r.Has("psu_sizes_w") ? r.FieldLoc("psu_sizes_w") : r.loc(),
                   "machine '" + m.id + "' offers no PSU size", "a list of watts: [850, 1000]");
    m.psu_load_fraction = r.Positive("psu_load_fraction");
    m.psu_efficiency = r.Positive("psu_efficiency");
    ReadPsuConnectors(doc, r, ptr, &m, diags);
    m.expansion_slots = r.Integer("expansion_slots", 0);
    m.max_gpus = r.Integer("max_gpus", 1);
    m.form_factors = r.StringList("form_factors", {"pcie", "sxm", "oam"});
    m.host_w = r.NonNegative("host_w");
    m.prov = r.ReadProvenance();
    if (!m.id.empty()) out->machines.push_back(std::move(m));
  }
}

}  // namespace gg
