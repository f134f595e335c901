#include "directives/directive.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

#include "base/suggest.h"
#include "calc/memory.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string Joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// 0.001 and 1000 rather than 0.001000 and 1000.000000.
std::string Shown(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.15g", v);
  return buf;
}

// Calls visit with the entries an id argument of this type names (a vector of records with
// an `id`); false for a type that names none.
template <typename Visit>
bool VisitEntries(ArgType type, const Dataset& data, Visit&& visit) {
  switch (type) {
    case ArgType::kGpu:
      return visit(data.gpus), true;
    case ArgType::kModel:
      return visit(data.models), true;
    case ArgType::kPersona:
      return visit(data.personas), true;
    case ArgType::kOffer:
      return visit(data.cloud), true;
    case ArgType::kAssumption:
      return visit(data.assumptions), true;
    case ArgType::kMachine:
      return visit(data.machines), true;
    default:
      return false;
  }
}

// Whether `id` names an entry of the kind: a walk over the entries, without building the
// list of ids (Ids), which only a failure needs for its "did you mean". Every gpu= argument
// of every page is checked: the list was 2 % of a synthetic build.
bool HasId(ArgType type, const Dataset& data, const std::string& id) {
  bool found = false;
  VisitEntries(type, data, [&](const auto& entries) {
    found = std::any_of(entries.begin(), entries.end(), [&](const auto& e) { return e.id == id; });
  });
  return found;
}

std::vector<std::string> Ids(ArgType type, const Dataset& data) {
  std::vector<std::string> ids;
  VisitEntries(type, data, [&](const auto& entries) {
    for (const auto& e : entries) ids.push_back(e.id);
  });
  return ids;
}

const char* IdNoun(ArgType type) {
  switch (type) {
    case ArgType::kGpu:
      return "GPU";
    case ArgType::kModel:
      return "model";
    case ArgType::kPersona:
      return "persona";
    case ArgType::kOffer:
      return "cloud offer";
    case ArgType::kAssumption:
      return "assumption";
    case ArgType::kMachine:
      return "machine";
    default:
      return "value";
  }
}

// Checks one value (a whole argument, or one item of a list); returns the error message and
// hint, or nullopt when it is valid.
std::optional<std::pair<std::string, std::string>> CheckValue(const ArgSpec& a,
                                                              const std::string& v,
                                                              const Dataset& data) {
  const std::string& noun = a.list ? a.item : a.name;
  switch (a.type) {
    case ArgType::kText:
      if (v.empty()) return std::make_pair(a.name + "= needs a value", std::string());
      return std::nullopt;
    case ArgType::kInteger: {
      auto x = ParseWholeNumber(v);
      if (x && static_cast<double>(*x) >= a.min && static_cast<double>(*x) <= a.max)
        return std::nullopt;
      if (a.list && !a.unit.empty())
        return std::make_pair(noun + " '" + v + "' must be a whole number of " + a.unit,
                              std::string());
      return std::make_pair(a.name + "='" + v + "' must be a whole number from " + Shown(a.min) +
                                " to " + Shown(a.max),
                            std::string());
    }
    case ArgType::kNumber: {
      auto x = ParseFiniteNumber(v);
      if (x && *x >= a.min && *x <= a.max) return std::nullopt;
      return std::make_pair(
          a.name + "='" + v + "' must be a number from " + Shown(a.min) + " to " + Shown(a.max),
          std::string());
    }
    case ArgType::kChoice:
      if (std::find(a.values.begin(), a.values.end(), v) != a.values.end()) return std::nullopt;
      return std::make_pair(
          "'" + v + "' is not a valid " + noun + " (expected one of: " + Joined(a.values) + ")",
          DidYouMean(v, a.values));
    default: {
      if (HasId(a.type, data, v)) return std::nullopt;
      auto ids = Ids(a.type, data);
      return std::make_pair(std::string("unknown ") + IdNoun(a.type) + " '" + v + "'",
                            DidYouMean(v, ids));
    }
  }
}

std::vector<std::string> SplitList(const std::string& v) {
  std::vector<std::string> out;
  size_t s = 0;
  while (s <= v.size()) {
    size_t c = v.find(',', s);
    if (c == std::string::npos) c = v.size();
    if (c > s) out.push_back(v.substr(s, c - s));
    s = c + 1;
  }
  return out;
}

}  // namespace

const char* IdCollection(ArgType type) {
  switch (type) {
    case ArgType::kGpu:
      return "gpus";
    case ArgType::kModel:
      return "models";
    case ArgType::kPersona:
      return "personas";
    case ArgType::kOffer:
      return "cloud";
    case ArgType::kAssumption:
      return "assumptions";
    case ArgType::kMachine:
      return "machines";
    default:
      return nullptr;
  }
}

std::optional<double> ParseFiniteNumber(const std::string& s) {
  double x = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, x);
  if (s.empty() || ec != std::errc() || p != end || !std::isfinite(x)) return std::nullopt;
  return x;
}

std::optional<long long> ParseWholeNumber(const std::string& s) {
  long long x = 0;
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, x);
  if (s.empty() || ec != std::errc() || p != end) return std::nullopt;
  return x;
}

namespace Arg {

ArgSpec Text(std::string name) {
  ArgSpec a;
  a.name = std::move(name);
  return a;
}
ArgSpec Integer(std::string name, double min, double max) {
  ArgSpec a = Text(std::move(name));
  a.type = ArgType::kInteger;
  a.min = min;
  a.max = max;
  return a;
}
ArgSpec Number(std::string name, double min, double max) {
  ArgSpec a = Integer(std::move(name), min, max);
  a.type = ArgType::kNumber;
  return a;
}
ArgSpec Choice(std::string name, std::vector<std::string> values) {
  ArgSpec a = Text(std::move(name));
  a.type = ArgType::kChoice;
  a.values = std::move(values);
  return a;
}
ArgSpec Id(std::string name, ArgType type) {
  ArgSpec a = Text(std::move(name));
  a.type = type;
  return a;
}
ArgSpec Workload(std::string name) {
  return Choice(std::move(name), Workloads().Ids());
}
ArgSpec Segment(std::string name) {
  return Choice(std::move(name), Segments().Ids());
}
ArgSpec Precision(std::string name) {
  return Choice(std::move(name), calc::PrecisionIds());
}
ArgSpec YesNo(std::string name) {
  return Choice(std::move(name), {"yes", "no"});
}

}  // namespace Arg

DirectiveSpec DirectiveSpec::Block(std::string name, RenderFn fn) {
  DirectiveSpec d;
  d.kind = Kind::kBlock;
  d.name = std::move(name);
  d.render = fn;
  return d;
}

DirectiveSpec DirectiveSpec::Inline(std::string name, RenderFn fn) {
  DirectiveSpec d = Block(std::move(name), fn);
  d.kind = Kind::kInline;
  return d;
}

std::string DirectiveSpec::ShownName() const {
  if (kind == Kind::kInline) return "gpu:" + name;
  return variant.empty() ? name : name + " " + variant;
}

std::string DirectiveSpec::What() const {
  if (kind == Kind::kInline) return "inline reference '" + ShownName() + "'";
  if (!variant.empty()) return "chart '" + variant + "'";
  return "directive '" + name + "'";
}

Args::Args(const DirectiveSpec& spec, const DirectiveCall& call, const Dataset& data,
           Diagnostics* diags)
    : spec_(spec), call_(call), data_(data), diags_(diags) {}

void Args::Error(const std::string& message, const std::string& hint) const {
  ok_ = false;
  diags_->Error(call_.loc, message, hint);
}

void Args::Fail(const std::string& message, const std::string& hint) const {
  Error(message, hint);
}

const std::string& Args::Text(const std::string& name) const {
  static const std::string kNone;
  auto it = values_.find(name);
  return it == values_.end() ? kNone : it->second;
}

int Args::Int(const std::string& name, int fallback) const {
  auto v = ParseWholeNumber(Text(name));
  return v ? static_cast<int>(*v) : fallback;
}

double Args::Num(const std::string& name, double fallback) const {
  auto v = ParseFiniteNumber(Text(name));
  return v ? *v : fallback;
}

bool Args::Yes(const std::string& name) const {
  return Text(name) == "yes" || Text(name) == "true";
}

std::vector<std::string> Args::Items(const std::string& name) const {
  return SplitList(Text(name));
}

std::vector<int64_t> Args::IntItems(const std::string& name) const {
  std::vector<int64_t> out;
  for (const auto& s : Items(name)) out.push_back(*ParseWholeNumber(s));
  return out;
}

std::vector<std::string> Args::Reads() const {
  std::vector<std::string> keys = spec_.reads;
  for (const ArgSpec& a : spec_.args) {
    const char* collection = IdCollection(a.type);
    if (!collection || !Has(a.name)) continue;
    for (const auto& id : a.list ? Items(a.name) : std::vector<std::string>{Text(a.name)})
      keys.push_back(std::string("data:") + collection + "/" + id);
  }
  return keys;
}

const std::string& Args::Word() const {
  return spec_.positional ? Text(spec_.positional->name) : Text("");
}

gg::Workload Args::WorkloadOf(const std::string& name) const {
  return ParseWorkload(Text(name)).value_or(gg::Workload::kTraining16);
}

std::vector<gg::Segment> Args::SegmentFilter(const std::string& name) const {
  if (auto s = ParseSegment(Text(name))) return {*s};
  return {};
}

const Gpu* Args::GpuOf(const std::string& name) const {
  return data_.FindGpu(Text(name));
}
const LlmModel* Args::ModelOf(const std::string& name) const {
  return data_.FindModel(Text(name));
}
const Persona* Args::PersonaOf(const std::string& name) const {
  return data_.FindPersona(Text(name));
}
const Machine* Args::MachineOf(const std::string& name) const {
  return data_.FindMachine(Text(name));
}
const CloudOffer* Args::OfferOf(const std::string& name, const std::string& fallback_id) const {
  const std::string& id = Has(name) || fallback_id.empty() ? Text(name) : fallback_id;
  const CloudOffer* o = data_.FindOffer(id);
  if (!o) Fail("unknown cloud offer '" + id + "'", DidYouMean(id, Ids(ArgType::kOffer, data_)));
  return o;
}

bool ValidateCall(const DirectiveSpec& spec, const DirectiveCall& call, const Dataset& data,
                  Args* args) {
  std::vector<std::string> names;
  for (const auto& a : spec.args) names.push_back(a.name);
  std::set<std::string> suggested;  // a misspelt name is not also reported as missing
  for (const auto& [k, v] : call.args) {
    if (std::find(names.begin(), names.end(), k) != names.end()) continue;
    if (std::string close = ClosestMatch(k, names); !close.empty()) suggested.insert(close);
    std::string hint = DidYouMean(k, names);
    if (hint.empty()) hint = names.empty() ? "it takes no arguments" : "it takes: " + Joined(names);
    args->Error("unknown argument '" + k + "' for " + spec.What(), hint);
  }
  // An argument written twice: which one was meant is not for the build to guess.
  for (size_t i = 0; i < call.args.size(); ++i) {
    const auto& [k, v] = call.args[i];
    size_t first = 0;
    while (call.args[first].first != k) ++first;
    if (first != i)
      args->Error("argument '" + k + "' is given twice in " + spec.What() + " (" + k + "=" +
                      call.args[first].second + ", then " + k + "=" + v + ")",
                  "write it once");
  }
  // gpu-chart's kind word was consumed by the registry.
  size_t skip = spec.variant.empty() ? 0 : 1;
  size_t words = call.positional.size() - std::min(skip, call.positional.size());
  if (spec.positional) {
    if (words != 1) {
      args->Error("'" + spec.ShownName() + "' takes one number, e.g. `" + spec.example + "`", "");
    } else {
      const std::string& w = call.positional[skip];
      if (!ParseFiniteNumber(w))
        args->Error("'" + w + "' is not a number",
                    "write digits with a '.' for decimals, e.g. 0.175");
      else
        args->values_[spec.positional->name] = w;
    }
  } else if (words > 0) {
    args->Error("unexpected word '" + call.positional[skip] + "' in " + spec.What(),
                "arguments are written key=value");
  }
  for (const ArgSpec& a : spec.args) {
    const std::string* written = nullptr;
    for (const auto& [k, v] : call.args)
      if (k == a.name) written = &v;
    if (!written) {
      if (a.required && !suggested.count(a.name))
        args->Error("'" + spec.ShownName() + "' needs " + a.name + "=…", "");
      else if (!a.default_value.empty())
        args->values_[a.name] = a.default_value;
      continue;
    }
    bool valid = true;
    std::vector<std::string> items =
        a.list ? SplitList(*written) : std::vector<std::string>{*written};
    if (a.list && items.empty()) {
      args->Error("'" + spec.ShownName() + "' needs " + a.name + "=…", "");
      valid = false;
    }
    for (const auto& item : items) {
      if (auto problem = CheckValue(a, item, data)) {
        args->Error(problem->first, problem->second);
        valid = false;
      }
    }
    if (valid) {
      args->values_[a.name] = *written;
      args->written_.insert(a.name);
    }
  }
  return args->ok();
}

}  // namespace gg
