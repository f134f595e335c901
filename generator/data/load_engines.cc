#include "data/load_engines.h"

#include <algorithm>
#include <set>

#include "base/suggest.h"
#include "data/object_reader.h"

namespace gg {

const std::vector<std::string>& EngineSupportLevels() {
  static const std::vector<std::string> levels = {"official", "community", "experimental", "none"};
  return levels;
}

void LoadEngines(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  const auto* arr = TopLevelArray(doc, "engines", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    const std::string ptr = "/engines/" + std::to_string(i);
    ObjectReader r(doc, ptr, "engine", diags);
    if (!r.ok()) continue;
    Engine e;
    e.loc = r.loc();
    e.id = r.String("id");
    if (!e.id.empty() && !seen.insert(e.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate id '" + e.id + "'");
    e.name = r.String("name");
    e.backends = r.StringList("backends", {});
    if (e.backends.empty())
      diags->Error(r.Has("backends") ? r.FieldLoc("backends") : r.loc(),
                   "engine '" + e.id + "' lists no back end", "e.g. [\"cuda\", \"vulkan\"]");
    e.prov = r.ReadProvenance();
    r.Touch("support");
    const auto& rows = doc.root.at(nlohmann::json::json_pointer(ptr));
    if (!rows.contains("support") || !rows["support"].is_array()) {
      diags->Error(r.Has("support") ? r.FieldLoc("support") : r.loc(),
                   "engine '" + e.id + "' needs a list 'support'",
                   "rows of {\"backend\", \"vendor\", \"architectures\", \"level\", \"source\", "
                   "\"as_of\"}");
    } else {
      // (vendor, architecture) pairs that already have a default back end.
      std::set<std::pair<std::string, std::string>> defaults;
      for (size_t k = 0; k < rows["support"].size(); ++k) {
        ObjectReader s(doc, ptr + "/support/" + std::to_string(k), "engine support", diags);
        if (!s.ok()) continue;
        EngineSupport x;
        x.loc = s.loc();
        x.engine = e.id;
        x.backend = s.String("backend");
        if (!x.backend.empty() &&
            std::find(e.backends.begin(), e.backends.end(), x.backend) == e.backends.end())
          diags->Error(s.FieldLoc("backend"),
                       "engine '" + e.id + "' has no back end '" + x.backend + "'",
                       DidYouMean(x.backend, e.backends));
        x.vendor = s.Enum("vendor", {"nvidia", "amd", "intel", "apple"});
        x.architectures = s.StringList("architectures", {});
        if (x.architectures.empty())
          diags->Error(s.Has("architectures") ? s.FieldLoc("architectures") : s.loc(),
                       "a support row needs at least one architecture",
                       "the start of gpus.json's 'architecture', e.g. \"Ada Lovelace\"");
        x.level = s.Enum("level", EngineSupportLevels());
        x.default_backend = s.Bool("default", false);
        if (x.default_backend)
          for (const std::string& arch : x.architectures)
            if (!defaults.insert({x.vendor, arch}).second)
              diags->Error(
                  s.FieldLoc("default"),
                  "engine '" + e.id + "' has two default back ends on " + x.vendor + " " + arch);
        x.prov = s.ReadProvenance();
        out->engine_support.push_back(std::move(x));
      }
    }
    if (!e.id.empty()) out->engines.push_back(std::move(e));
  }
}

}  // namespace gg
