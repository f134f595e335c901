#include "directives/registry.h"

#include <algorithm>
#include <cstdlib>

#include "base/suggest.h"

namespace gg {

std::string PageContext::T(const std::string& key) const {
  if (!strings->Has(key)) {
    diags->Error({strings->DefaultFile(), 0, 0}, "missing UI string '" + key + "'",
                 "add it to the default language's _strings.json");
    return key;
  }
  return strings->Get(lang->code, key);
}

std::string PageContext::TF(const std::string& key,
                            const std::vector<std::pair<std::string, std::string>>& args) const {
  if (!strings->Has(key)) {
    diags->Error({strings->DefaultFile(), 0, 0}, "missing UI string '" + key + "'",
                 "add it to the default language's _strings.json");
    return key;
  }
  return strings->Format(lang->code, key, args);
}

std::optional<std::string> Args::Get(const std::string& key) const {
  for (const auto& [k, v] : call_.args)
    if (k == key) return v;
  return std::nullopt;
}

std::string Args::Required(const std::string& key) {
  auto v = Get(key);
  if (!v || v->empty()) {
    Fail("'" + call_.name + "' needs " + key + "=…");
    return {};
  }
  return *v;
}

std::string Args::Or(const std::string& key, const std::string& fallback) const {
  return Get(key).value_or(fallback);
}

std::string Args::Choice(const std::string& key, const std::vector<std::string>& allowed,
                         const std::string& fallback) {
  auto v = Get(key);
  if (!v) {
    if (fallback.empty()) Fail("'" + call_.name + "' needs " + key + "=…");
    return fallback;
  }
  if (std::find(allowed.begin(), allowed.end(), *v) == allowed.end()) {
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    Fail("'" + *v + "' is not a valid " + key + " (expected one of: " + list + ")",
         DidYouMean(*v, allowed));
    return fallback.empty() ? allowed.front() : fallback;
  }
  return *v;
}

double Args::Number(const std::string& key, double fallback, double min, double max) {
  auto v = Get(key);
  if (!v) return fallback;
  char* end = nullptr;
  double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || x < min || x > max) {
    Fail(key + "='" + *v + "' must be a number from " + std::to_string(min) + " to " +
         std::to_string(max));
    return fallback;
  }
  return x;
}

int Args::Integer(const std::string& key, int fallback, int min, int max) {
  auto v = Get(key);
  if (!v) return fallback;
  char* end = nullptr;
  long x = std::strtol(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || x < min || x > max) {
    Fail(key + "='" + *v + "' must be a whole number from " + std::to_string(min) + " to " +
         std::to_string(max));
    return fallback;
  }
  return static_cast<int>(x);
}

std::vector<std::string> Args::List(const std::string& key) {
  std::string v = Required(key);
  std::vector<std::string> out;
  size_t s = 0, c;
  while (!v.empty()) {
    c = v.find(',', s);
    std::string item = v.substr(s, c == std::string::npos ? std::string::npos : c - s);
    if (!item.empty()) out.push_back(item);
    if (c == std::string::npos) break;
    s = c + 1;
  }
  return out;
}

template <typename T>
const T* Args::Named(const std::string& value, const std::vector<T>& entries, const char* what) {
  std::vector<std::string> ids;
  for (const auto& e : entries) {
    if (e.id == value) return &e;
    ids.push_back(e.id);
  }
  Fail(std::string("unknown ") + what + " '" + value + "'", DidYouMean(value, ids));
  return nullptr;
}

std::string Args::GpuId(const std::string& key, const Dataset& data, bool required) {
  auto v = Get(key);
  if (!v) {
    if (required) Fail("'" + call_.name + "' needs " + key + "=…");
    return {};
  }
  return Named(*v, data.gpus, "GPU") ? *v : std::string();
}

std::string Args::ModelId(const std::string& key, const Dataset& data) {
  std::string v = Required(key);
  if (v.empty()) return v;
  return Named(v, data.models, "model") ? v : std::string();
}

const Persona* Args::PersonaRef(const std::string& key, const Dataset& data) {
  std::string v = Required(key);
  return v.empty() ? nullptr : Named(v, data.personas, "persona");
}

const CloudOffer* Args::OfferRef(const std::string& key, const Dataset& data,
                                 const std::string& fallback) {
  std::string v = fallback.empty() ? Required(key) : Or(key, fallback);
  return v.empty() ? nullptr : Named(v, data.cloud, "cloud offer");
}

std::vector<Segment> Args::SegmentFilter(const std::string& key) {
  auto v = Get(key);
  if (!v) return {};
  if (auto seg = ParseSegment(*v)) return {*seg};
  Fail("unknown segment '" + *v + "'", DidYouMean(*v, {"consumer", "workstation", "datacenter"}));
  return {};
}

Workload Args::WorkloadArg(const std::string& key) {
  std::string w = Choice(key, {"inference8", "inference16", "training16"}, "");
  return ParseWorkload(w).value_or(Workload::kTraining16);
}

void Args::Fail(const std::string& message, const std::string& hint) {
  ok_ = false;
  diags_->Error(call_.loc, message, hint);
}

void DirectiveRegistry::AddBlock(const std::string& name, std::vector<std::string> params,
                                 DirectiveFn fn) {
  blocks_[name] = {std::move(params), std::move(fn)};
}

void DirectiveRegistry::AddInline(const std::string& name, std::vector<std::string> params,
                                  DirectiveFn fn) {
  inlines_[name] = {std::move(params), std::move(fn)};
}

std::string DirectiveRegistry::Run(const std::map<std::string, Entry>& table,
                                   const std::string& what, const std::string& shown_name,
                                   const DirectiveCall& call, PageContext& ctx) const {
  auto it = table.find(call.name);
  if (it == table.end()) {
    // Names as the author writes them: "gpu:assumption" for inline references.
    const std::string prefix = what == "inline reference" ? "gpu:" : "";
    std::vector<std::string> names;
    for (const auto& [n, e] : table) names.push_back(prefix + n);
    std::string hint = DidYouMean(prefix + call.name, names);
    if (hint.empty()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      hint = "known: " + list;
    }
    ctx.diags->Error(call.loc, "unknown " + what + " '" + shown_name + "'", hint);
    return {};
  }
  const auto& params = it->second.params;
  bool ok = true;
  for (const auto& [k, v] : call.args) {
    if (std::find(params.begin(), params.end(), k) == params.end()) {
      std::string hint = DidYouMean(k, params);
      if (hint.empty()) {
        std::string list;
        for (const auto& p : params)
          if (p != "*") list += (list.empty() ? "" : ", ") + p;
        hint = list.empty() ? "it takes no arguments" : "it takes: " + list;
      }
      ctx.diags->Error(call.loc,
                       "unknown argument '" + k + "' for " + what + " '" + shown_name + "'", hint);
      ok = false;
    }
  }
  if (!call.positional.empty() && std::find(params.begin(), params.end(), "*") == params.end()) {
    ctx.diags->Error(
        call.loc,
        "unexpected word '" + call.positional.front() + "' in " + what + " '" + shown_name + "'",
        "arguments are written key=value");
    ok = false;
  }
  if (!ok) return {};
  return it->second.fn(call, ctx);
}

std::string DirectiveRegistry::RunBlock(const DirectiveCall& call, PageContext& ctx) const {
  return Run(blocks_, "directive", call.name, call, ctx);
}

std::string DirectiveRegistry::RunInline(const DirectiveCall& call, PageContext& ctx) const {
  return Run(inlines_, "inline reference", "gpu:" + call.name, call, ctx);
}

std::vector<std::string> DirectiveRegistry::BlockNames() const {
  std::vector<std::string> out;
  for (const auto& [n, e] : blocks_) out.push_back(n);
  return out;
}

std::vector<std::string> DirectiveRegistry::InlineNames() const {
  std::vector<std::string> out;
  for (const auto& [n, e] : inlines_) out.push_back(n);
  return out;
}

}  // namespace gg
