#include "cli/calc_command.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "base/diagnostics.h"
#include "base/suggest.h"
#include "calc/assumptions.h"
#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/performance.h"
#include "calc/prices.h"
#include "calc/ranking.h"
#include "cli/command_line.h"

namespace gg {

namespace {

using Json = nlohmann::ordered_json;

constexpr char kUsage[] =
    "usage: gpuguide calc <command> [options]\n"
    "\n"
    "commands:\n"
    "  vram       memory an LLM needs (weights, KV cache, activations, gradients, optimizer)\n"
    "             --model ID --precision P [--kv-precision P] --context N [--batch N]\n"
    "             [--mode inference|full|lora|qlora] [--checkpointing] [--json]\n"
    "             (training modes: --context defaults to the training sequence length)\n"
    "  fit        the GPUs, and how many of each, that hold it; price and decode speed\n"
    "             the vram options, plus [--segment consumer|workstation|datacenter]...\n"
    "             [--condition new|used]... [--max-gpus N]\n"
    "  breakeven  days of use after which a desktop costs less than renting in the cloud\n"
    "             --desktop-cost USD --desktop-watts W --cloud-per-hour USD\n"
    "             --utilisation FRACTION --electricity USD_PER_KWH [--json]\n"
    "  rank       GPUs by performance, or performance per 1,000 USD\n"
    "             --workload inference8|inference16|training16 [--cost none|gpu|ownership]\n"
    "             [--segment S]... [--condition new|used]... [--count N] [--json]\n"
    "\n"
    "precisions: fp32 bf16 fp16 fp8 int8 int4 q8_0 q6_k q5_k_m q4_k_m gptq4 awq4 nf4\n"
    "exit codes: 0 ok, 1 problems in the data, 2 bad command line\n";

// ---------------------------------------------------------------- argument parsing

struct OptionSpec {
  std::string name;  // without the leading "--"
  bool takes_value;
};

struct Options {
  std::map<std::string, std::vector<std::string>> values;  // repeated options accumulate
  std::set<std::string> flags;

  bool Has(const std::string& name) const { return values.count(name) || flags.count(name); }
  const std::string* Last(const std::string& name) const {
    auto it = values.find(name);
    return it == values.end() ? nullptr : &it->second.back();
  }
};

// Parses "--name value", "--name=value" and "--flag" with the shared command-line parser
// (cli/command_line.h). False with *error set on an unknown option, a missing value, a value
// given to a flag or a stray argument.
bool ParseOptions(const std::vector<std::string>& args, const std::string& command,
                  const std::vector<OptionSpec>& specs, Options* out, std::string* error) {
  CommandDecl decl;
  decl.name = "calc " + command;
  for (const OptionSpec& s : specs)
    decl.options.push_back({"--" + s.name, s.takes_value ? "VALUE" : "", "", true});
  ParsedArgs parsed;
  if (!ParseCommandLine(decl, args, 1, &parsed, error)) return false;
  for (auto& [name, values] : parsed.values) out->values[name.substr(2)] = values;
  for (const auto& name : parsed.switches) out->flags.insert(name.substr(2));
  return true;
}

bool Require(const Options& o, const std::string& name, const std::string& command,
             std::string* error) {
  if (o.Last(name)) return true;
  *error = "'calc " + command + "' needs --" + name;
  return false;
}

// A finite number >= 0, without sign, spaces or trailing characters ("0.12", "2200", "1e3").
bool ParseAmount(const std::string& name, const std::string& text, double* out,
                 std::string* error) {
  double v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end || !std::isfinite(v) || v < 0) {
    *error = "option --" + name + " expects a number of at least 0, got '" + text + "'";
    return false;
  }
  *out = v;
  return true;
}

// A whole number >= 1 ("8192").
bool ParseCount(const std::string& name, const std::string& text, int64_t* out,
                std::string* error) {
  int64_t v = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc() || ptr != end || v < 1) {
    *error = "option --" + name + " expects a whole number of at least 1, got '" + text + "'";
    return false;
  }
  *out = v;
  return true;
}

// "unknown <what> '<word>'" with "did you mean", or else (for the short fixed lists of
// enums, list_all) every valid id.
std::string UnknownId(const std::string& what, const std::string& word,
                      const std::vector<std::string>& ids, bool list_all = true) {
  std::string hint = DidYouMean(word, ids);
  if (hint.empty() && list_all && !ids.empty()) {
    hint = "expected one of ";
    for (size_t i = 0; i < ids.size(); ++i) hint += (i ? ", " : "") + ids[i];
  }
  return "unknown " + what + " '" + word + "'" + (hint.empty() ? "" : "; " + hint);
}

// Looks an enum value up by its id; on failure *error says "unknown <what> …".
template <typename T, typename Parse>
bool ParseEnum(const std::string& what, const std::string& text, Parse parse,
               const std::vector<std::string>& ids, T* out, std::string* error) {
  auto v = parse(text);
  if (!v) {
    *error = UnknownId(what, text, ids);
    return false;
  }
  *out = *v;
  return true;
}

std::vector<std::string> SegmentIds() {
  return {"consumer", "workstation", "datacenter"};
}
std::vector<std::string> ConditionIds() {
  return {"new", "used"};
}
std::vector<std::string> WorkloadIds() {
  std::vector<std::string> ids;
  for (Workload w : kAllWorkloads) ids.emplace_back(WorkloadId(w));
  return ids;
}

// Every value of a repeatable option, each possibly a comma list ("new,used").
template <typename T, typename Parse>
bool ParseList(const Options& o, const std::string& name, const std::string& what, Parse parse,
               const std::vector<std::string>& ids, std::vector<T>* out, std::string* error) {
  auto it = o.values.find(name);
  if (it == o.values.end()) return true;
  for (const std::string& value : it->second) {
    size_t start = 0;
    while (start <= value.size()) {
      size_t comma = value.find(',', start);
      if (comma == std::string::npos) comma = value.size();
      T v{};
      if (!ParseEnum(what, value.substr(start, comma - start), parse, ids, &v, error)) return false;
      if (std::find(out->begin(), out->end(), v) == out->end()) out->push_back(v);
      start = comma + 1;
    }
  }
  return true;
}

// ---------------------------------------------------------------- shared pieces

std::string Fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

Json Bytes(double bytes) {
  return static_cast<int64_t>(std::llround(bytes));
}

template <typename T>
Json OrNull(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

// Resolves the assumptions; prints their diagnostics and returns false when unusable.
bool LoadAssumptions(const Dataset& data, calc::Assumptions* out, std::ostream& err) {
  Diagnostics diags;
  *out = calc::ResolveAssumptions(data, &diags);
  err << diags.Render();
  return !diags.HasErrors();
}

struct ModelArgs {
  const LlmModel* model = nullptr;
  calc::MemoryRequest request;
};

const std::vector<OptionSpec> kModelOptions = {
    {"model", true}, {"precision", true}, {"kv-precision", true},   {"context", true},
    {"batch", true}, {"mode", true},      {"checkpointing", false}, {"json", false},
};

bool ParseModelArgs(const Options& o, const std::string& command, const Dataset& data,
                    ModelArgs* out, std::string* error) {
  if (!Require(o, "model", command, error) || !Require(o, "precision", command, error))
    return false;
  const std::string& id = *o.Last("model");
  out->model = data.FindModel(id);
  if (out->model == nullptr) {
    std::vector<std::string> ids;
    for (const LlmModel& m : data.models) ids.push_back(m.id);
    *error = UnknownId("model", id, ids, /*list_all=*/false);
    return false;
  }
  calc::MemoryRequest& r = out->request;
  const auto precisions = calc::PrecisionIds();
  if (!ParseEnum("precision", *o.Last("precision"), calc::ParsePrecision, precisions, &r.precision,
                 error))
    return false;
  if (auto kv = o.Last("kv-precision");
      kv && !ParseEnum("precision", *kv, calc::ParsePrecision, precisions, &r.kv_precision, error))
    return false;
  if (auto mode = o.Last("mode");
      mode && !ParseEnum("mode", *mode, calc::ParseMemoryMode,
                         {"inference", "full", "lora", "qlora"}, &r.mode, error))
    return false;
  if (r.mode == calc::MemoryMode::kInference && !Require(o, "context", command, error))
    return false;
  int64_t n = 0;
  if (auto context = o.Last("context")) {
    if (!ParseCount("context", *context, &n, error)) return false;
    r.context = n;
  }
  if (auto batch = o.Last("batch")) {
    if (!ParseCount("batch", *batch, &n, error)) return false;
    r.batch = n;
  }
  r.gradient_checkpointing = o.Has("checkpointing");
  return true;
}

Json MemoryJson(const ModelArgs& m, const calc::MemoryBreakdown& b) {
  Json j;
  j["model"] = m.model->id;
  j["mode"] = calc::MemoryModeId(m.request.mode);
  j["precision"] = calc::PrecisionId(m.request.precision);
  j["kv_precision"] = calc::PrecisionId(m.request.kv_precision);
  j["context"] = b.tokens;
  j["batch"] = b.batch;
  j["gradient_checkpointing"] = m.request.gradient_checkpointing;
  j["params"] = Bytes(b.params);
  j["trainable_params"] = Bytes(b.trainable_params);
  j["weights_bytes"] = Bytes(b.weights_bytes);
  j["kv_cache_bytes"] = Bytes(b.kv_cache_bytes);
  j["activations_bytes"] = Bytes(b.activations_bytes);
  j["gradients_bytes"] = Bytes(b.gradients_bytes);
  j["optimizer_bytes"] = Bytes(b.optimizer_bytes);
  j["overhead_bytes"] = Bytes(b.overhead_bytes);
  j["total_bytes"] = Bytes(b.total_bytes);
  return j;
}

// ---------------------------------------------------------------- subcommands

int RunVram(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  ModelArgs m;
  if (!ParseModelArgs(o, "vram", data, &m, &error)) {
    err << "error: " << error << "\n";
    return 2;
  }
  calc::Assumptions a;
  if (!LoadAssumptions(data, &a, err)) return 1;
  const calc::MemoryBreakdown b = calc::EstimateMemory(*m.model, m.request, a);
  if (o.Has("json")) {
    Json j = MemoryJson(m, b);
    j["cuda_context_bytes_per_gpu"] = Bytes(a.cuda_context_gb * 1e9);
    out << j.dump(2) << "\n";
    return 0;
  }
  out << m.model->name << " (" << m.model->id << "), " << calc::MemoryModeId(m.request.mode)
      << ", weights " << calc::PrecisionId(m.request.precision);
  if (m.request.mode == calc::MemoryMode::kInference)
    out << ", KV cache " << calc::PrecisionId(m.request.kv_precision);
  out << ", " << b.tokens << " tokens x batch " << b.batch << "\n";
  char line[128];
  std::snprintf(line, sizeof line, "%-12s %12s %12s\n", "part", "GB", "GiB");
  out << line;
  const std::pair<const char*, double> rows[] = {{"weights", b.weights_bytes},
                                                 {"kv cache", b.kv_cache_bytes},
                                                 {"activations", b.activations_bytes},
                                                 {"gradients", b.gradients_bytes},
                                                 {"optimizer", b.optimizer_bytes},
                                                 {"overhead", b.overhead_bytes},
                                                 {"total", b.total_bytes}};
  for (const auto& [label, bytes] : rows) {
    std::snprintf(line, sizeof line, "%-12s %12s %12s\n", label,
                  Fixed(calc::ToGB(bytes), 2).c_str(), Fixed(calc::ToGiB(bytes), 2).c_str());
    out << line;
  }
  out << "plus " << Fixed(a.cuda_context_gb, 2) << " GB of CUDA context on each GPU\n";
  return 0;
}

Json ConfigJson(const calc::FitConfig& c) {
  Json j;
  j["gpu"] = c.gpu;
  j["segment"] = SegmentId(c.segment);
  j["count"] = c.count;
  j["per_gpu_bytes"] = Bytes(c.per_gpu_bytes);
  j["price_usd"] = OrNull(c.price_usd);
  j["condition"] = c.unit_price ? Json(ConditionId(c.unit_price->condition)) : Json(nullptr);
  j["tokens_per_s"] = OrNull(c.tokens_per_s);
  return j;
}

int RunFit(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  ModelArgs m;
  calc::FitOptions options;
  int64_t max_gpus = 0;
  bool ok =
      ParseModelArgs(o, "fit", data, &m, &error) &&
      ParseList(o, "segment", "segment", ParseSegment, SegmentIds(), &options.segments, &error) &&
      ParseList(o, "condition", "condition", ParseCondition, ConditionIds(), &options.conditions,
                &error);
  if (ok && o.Last("max-gpus")) {
    ok = ParseCount("max-gpus", *o.Last("max-gpus"), &max_gpus, &error);
    if (ok && max_gpus > 4096) {
      error = "option --max-gpus expects at most 4096, got '" + *o.Last("max-gpus") + "'";
      ok = false;
    }
    if (ok) options.max_gpus = static_cast<int>(max_gpus);
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  calc::Assumptions a;
  if (!LoadAssumptions(data, &a, err)) return 1;
  const calc::CurrentPrices prices =
      calc::ComputeCurrentPrices(data.prices, a.price_window_days, a.price_max_age_days);
  const calc::FitResult r = calc::FitModel(data, *m.model, m.request, prices, a, options);

  if (o.Has("json")) {
    Json j;
    j["memory"] = MemoryJson(m, r.memory);
    j["configs"] = Json::array();
    for (const calc::FitConfig& c : r.configs) j["configs"].push_back(ConfigJson(c));
    j["cheapest"] = r.cheapest ? ConfigJson(*r.cheapest) : Json(nullptr);
    j["cheapest_by_segment"] = Json::object();
    for (const auto& [segment, c] : r.cheapest_by_segment)
      j["cheapest_by_segment"][SegmentId(segment)] = ConfigJson(c);
    j["not_fitting"] = r.not_fitting;
    out << j.dump(2) << "\n";
    return 0;
  }
  out << m.model->name << ": " << Fixed(calc::ToGB(r.memory.total_bytes), 2)
      << " GB before the per-GPU CUDA context\n";
  char line[160];
  std::snprintf(line, sizeof line, "%-24s %5s %12s %12s %10s\n", "gpu", "count", "GB/gpu",
                "price USD", "tokens/s");
  out << line;
  for (const calc::FitConfig& c : r.configs) {
    std::snprintf(line, sizeof line, "%-24s %5d %12s %12s %10s\n", c.gpu.c_str(), c.count,
                  Fixed(calc::ToGB(c.per_gpu_bytes), 2).c_str(),
                  c.price_usd ? Fixed(*c.price_usd, 0).c_str() : "-",
                  c.tokens_per_s ? Fixed(*c.tokens_per_s, 1).c_str() : "-");
    out << line;
  }
  if (r.cheapest)
    out << "cheapest: " << r.cheapest->count << " x " << r.cheapest->gpu << " for "
        << Fixed(*r.cheapest->price_usd, 0) << " USD\n";
  if (!r.not_fitting.empty()) {
    out << "does not fit in " << options.max_gpus << " GPUs:";
    for (const std::string& id : r.not_fitting) out << " " << id;
    out << "\n";
  }
  return 0;
}

int RunBreakeven(const Options& o, std::ostream& out, std::ostream& err) {
  std::string error;
  double cost = 0, watts = 0, per_hour = 0, utilisation = 0, electricity = 0;
  const std::pair<const char*, double*> fields[] = {{"desktop-cost", &cost},
                                                    {"desktop-watts", &watts},
                                                    {"cloud-per-hour", &per_hour},
                                                    {"utilisation", &utilisation},
                                                    {"electricity", &electricity}};
  for (const auto& [name, target] : fields) {
    if (!Require(o, name, "breakeven", &error) ||
        !ParseAmount(name, *o.Last(name), target, &error)) {
      err << "error: " << error << "\n";
      return 2;
    }
  }
  if (utilisation > 1) {
    err << "error: option --utilisation expects a fraction between 0 and 1, got '"
        << *o.Last("utilisation") << "'\n";
    return 2;
  }
  const auto days = calc::BreakEvenDays(cost, watts, per_hour, utilisation, electricity);
  const double per_year = calc::ElectricityUsdPerYear(watts, utilisation, electricity);
  if (o.Has("json")) {
    Json j;
    j["break_even_days"] = OrNull(days);
    j["break_even_months"] = days ? Json(*days / calc::kDaysPerYear * 12.0) : Json(nullptr);
    j["electricity_kwh_per_year"] = calc::EnergyKwhPerYear(watts, utilisation);
    j["electricity_usd_per_year"] = per_year;
    j["cloud_usd_per_year"] = per_hour * calc::kHoursPerYear * utilisation;
    out << j.dump(2) << "\n";
    return 0;
  }
  out << "electricity: " << Fixed(calc::EnergyKwhPerYear(watts, utilisation), 0) << " kWh, "
      << Fixed(per_year, 2) << " USD per year\n";
  if (days)
    out << "break-even after " << Fixed(*days, 0) << " days ("
        << Fixed(*days / calc::kDaysPerYear * 12.0, 1) << " months)\n";
  else
    out << "no break-even: a day in the cloud costs no more than a day of electricity\n";
  return 0;
}

int RunRank(const Options& o, const Dataset& data, std::ostream& out, std::ostream& err) {
  std::string error;
  calc::RankOptions options;
  int64_t count = 1;
  bool ok =
      Require(o, "workload", "rank", &error) &&
      ParseEnum("workload", *o.Last("workload"), ParseWorkload, WorkloadIds(), &options.workload,
                &error) &&
      ParseList(o, "segment", "segment", ParseSegment, SegmentIds(), &options.segments, &error) &&
      ParseList(o, "condition", "condition", ParseCondition, ConditionIds(), &options.conditions,
                &error);
  if (ok && o.Last("cost"))
    ok = ParseEnum("cost basis", *o.Last("cost"), calc::ParseCostBasis,
                   {"none", "gpu", "ownership"}, &options.basis, &error);
  if (ok && o.Last("count")) {
    ok = ParseCount("count", *o.Last("count"), &count, &error);
    if (ok && count > 4096) {
      error = "option --count expects at most 4096, got '" + *o.Last("count") + "'";
      ok = false;
    }
    options.count = static_cast<int>(count);
  }
  if (!ok) {
    err << "error: " << error << "\n";
    return 2;
  }
  calc::Assumptions a;
  if (!LoadAssumptions(data, &a, err)) return 1;
  const calc::PerformanceTable perf = calc::ComputePerformance(data, a);
  const calc::CurrentPrices prices =
      calc::ComputeCurrentPrices(data.prices, a.price_window_days, a.price_max_age_days);
  const auto ranking = calc::Rank(data, perf, prices, a, options);

  if (o.Has("json")) {
    Json j;
    j["workload"] = WorkloadId(options.workload);
    j["cost"] = calc::CostBasisId(options.basis);
    j["baseline"] = perf.baseline;
    j["ranking"] = Json::array();
    for (const calc::RankEntry& e : ranking) {
      Json row;
      row["rank"] = e.rank;
      row["gpu"] = e.gpu;
      row["relative_perf"] = e.perf.relative;
      row["source"] = calc::PerfSourceId(e.perf.source);
      row["cost_usd"] = e.cost ? Json(e.cost->usd) : Json(nullptr);
      row["condition"] = e.cost ? Json(ConditionId(e.cost->price.condition)) : Json(nullptr);
      row["perf_per_kusd"] = OrNull(e.perf_per_kusd);
      row["pareto"] = e.pareto;
      j["ranking"].push_back(row);
    }
    out << j.dump(2) << "\n";
    return 0;
  }
  out << WorkloadId(options.workload) << ", relative to " << perf.baseline << ", cost basis "
      << calc::CostBasisId(options.basis) << "\n";
  char line[160];
  std::snprintf(line, sizeof line, "%4s  %-24s %8s %-9s %12s %10s %s\n", "rank", "gpu", "perf",
                "source", "cost USD", "perf/kUSD", "pareto");
  out << line;
  for (const calc::RankEntry& e : ranking) {
    std::snprintf(line, sizeof line, "%4d  %-24s %8s %-9s %12s %10s %s\n", e.rank, e.gpu.c_str(),
                  Fixed(e.perf.relative, 2).c_str(), calc::PerfSourceId(e.perf.source),
                  e.cost ? Fixed(e.cost->usd, 0).c_str() : "-",
                  e.perf_per_kusd ? Fixed(*e.perf_per_kusd, 3).c_str() : "-", e.pareto ? "*" : "");
    out << line;
  }
  return 0;
}

}  // namespace

int RunCalcCommand(const std::vector<std::string>& args, const Dataset& data, std::ostream& out,
                   std::ostream& err) {
  return RunCalcCommand(
      args, [&data](const std::string&, Dataset* d) { return *d = data, true; }, out, err);
}

int RunCalcCommand(const std::vector<std::string>& args, const DatasetLoader& load,
                   std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "error: 'calc' needs a command\n" << kUsage;
    return 2;
  }
  const std::string& command = args[0];
  if (command == "--help" || command == "-h" || command == "help") {
    out << kUsage;
    return 0;
  }
  for (const std::string& a : args)
    if (a == "--help" || a == "-h") {
      out << kUsage;
      return 0;
    }

  std::vector<OptionSpec> specs;
  if (command == "vram") {
    specs = kModelOptions;
  } else if (command == "fit") {
    specs = kModelOptions;
    specs.insert(specs.end(), {{"segment", true}, {"condition", true}, {"max-gpus", true}});
  } else if (command == "breakeven") {
    specs = {{"desktop-cost", true}, {"desktop-watts", true}, {"cloud-per-hour", true},
             {"utilisation", true},  {"electricity", true},   {"json", false}};
  } else if (command == "rank") {
    specs = {{"workload", true},  {"cost", true},  {"segment", true},
             {"condition", true}, {"count", true}, {"json", false}};
  } else {
    err << "error: " << UnknownId("calc command", command, {"breakeven", "fit", "rank", "vram"})
        << "\n";
    return 2;
  }
  specs.push_back({"root", true});
  Options options;
  std::string error;
  if (!ParseOptions(args, command, specs, &options, &error)) {
    err << "error: " << error << "\n";
    return 2;
  }
  Dataset data;
  if (!load(options.Last("root") ? *options.Last("root") : ".", &data)) return 1;
  if (command == "vram") return RunVram(options, data, out, err);
  if (command == "fit") return RunFit(options, data, out, err);
  if (command == "breakeven") return RunBreakeven(options, out, err);
  return RunRank(options, data, out, err);
}

}  // namespace gg
