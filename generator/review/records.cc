#include "review/records.h"

#include <nlohmann/json.hpp>

#include <set>

namespace gg {
namespace {

using Json = nlohmann::json;
using Fields = std::map<std::string, std::string>;  // field -> JSON text

// The array of records of a data file and what a record of it is called.
struct FileKind {
  const char* file;
  const char* array;  // "" for a single record (site.json)
  const char* kind;
};
const FileKind kKinds[] = {
    {"data/gpus.json", "gpus", "gpu"},
    {"data/models.json", "models", "model"},
    {"data/cloud.json", "offers", "offer"},
    {"data/assumptions.json", "assumptions", "assumption"},
    {"data/personas.json", "personas", "persona"},
    {"data/machines.json", "machines", "machine"},
    {"data/genmodels.json", "pipelines", "pipeline"},
    {"data/benchmarks.json", "benchmarks", "benchmark"},
    {"data/prices.json", "observations", "price"},
    {"data/flowchart.json", "nodes", "flowchart"},
    {"data/site.json", "", "site"},
};

void Flatten(const Json& v, const std::string& prefix, Fields* out) {
  if (v.is_object() && !v.empty()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      Flatten(it.value(), prefix.empty() ? it.key() : prefix + "." + it.key(), out);
    return;
  }
  (*out)[prefix.empty() ? "value" : prefix] = v.is_string() ? v.get<std::string>() : v.dump();
}

std::string Str(const Json& r, const char* field) {
  auto it = r.find(field);
  if (it == r.end()) return "?";
  return it->is_string() ? it->get<std::string>() : it->dump();
}

std::string KeyOf(const std::string& kind, const Json& r) {
  if (kind == "price")
    return Str(r, "gpu") + " " + Str(r, "date") + " " + Str(r, "condition") + " " +
           Str(r, "region");
  if (kind == "benchmark")
    return Str(r, "gpu") + " vs " + Str(r, "reference") + " " + Str(r, "workload");
  return Str(r, "id");
}

// key -> fields; a key seen twice gets " #2", " #3" so nothing is lost.
std::map<std::string, Fields> Records(const FileKind& k, const std::string& text) {
  std::map<std::string, Fields> out;
  Json doc = Json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return out;
  if (!*k.array) {
    Json copy = doc;
    Fields f;
    Flatten(copy, "", &f);
    out["site"] = f;
    return out;
  }
  auto arr = doc.find(k.array);
  if (arr == doc.end() || !arr->is_array()) return out;
  std::map<std::string, int> seen;
  for (const auto& r : *arr) {
    if (!r.is_object()) continue;
    std::string key = KeyOf(k.kind, r);
    if (int n = ++seen[key]; n > 1) key += " #" + std::to_string(n);
    Flatten(r, "", &out[key]);
  }
  return out;
}

}  // namespace

std::vector<RecordChange> DiffRecords(const std::map<std::string, std::string>& before,
                                      const std::map<std::string, std::string>& after) {
  std::vector<RecordChange> out;
  for (const auto& k : kKinds) {
    auto b = before.find(k.file), a = after.find(k.file);
    if (b != before.end() && a != after.end() && b->second == a->second) continue;
    auto rb = b == before.end() ? std::map<std::string, Fields>{} : Records(k, b->second);
    auto ra = a == after.end() ? std::map<std::string, Fields>{} : Records(k, a->second);
    std::set<std::string> keys;
    for (const auto& [key, f] : rb) keys.insert(key);
    for (const auto& [key, f] : ra) keys.insert(key);
    for (const auto& key : keys) {
      auto x = rb.find(key), y = ra.find(key);
      RecordChange c;
      c.kind = k.kind;
      c.key = key;
      c.file = k.file;
      if (x == rb.end()) {
        c.change = "added";
        for (const auto& [f, v] : y->second) c.fields.push_back({f, "", v});
      } else if (y == ra.end()) {
        c.change = "removed";
        for (const auto& [f, v] : x->second) c.fields.push_back({f, v, ""});
      } else {
        if (x->second == y->second) continue;
        c.change = "changed";
        std::set<std::string> names;
        for (const auto& [f, v] : x->second) names.insert(f);
        for (const auto& [f, v] : y->second) names.insert(f);
        for (const auto& f : names) {
          auto p = x->second.find(f), q = y->second.find(f);
          std::string pv = p == x->second.end() ? "" : p->second;
          std::string qv = q == y->second.end() ? "" : q->second;
          if (pv != qv) c.fields.push_back({f, pv, qv});
        }
      }
      out.push_back(std::move(c));
    }
  }
  return out;
}

}  // namespace gg
