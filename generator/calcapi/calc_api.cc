#include "calcapi/calc_api.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "base/diagnostics.h"
#include "base/suggest.h"
#include "calc/assumptions.h"
#include "calc/cost.h"
#include "calc/custom_machine.h"
#include "calc/engines.h"
#include "calc/fit.h"
#include "calc/fit_ram.h"
#include "calc/media.h"
#include "calc/media_cards.h"
#include "calc/memory.h"
#include "calc/mixed_offload.h"
#include "calc/performance.h"
#include "calc/placement.h"
#include "calc/prices.h"
#include "calc/ranking.h"
#include "calc/regions.h"
#include "calc/serving.h"
#include "calc/systems.h"
#include "calcapi/custom_machine.h"
#include "calcapi/hf_config.h"
#include "calcapi/json_text.h"

namespace gg::calcapi {

// "unknown <what> '<word>'" with "did you mean", or else (for the short fixed lists of
// enums, list_all) every valid id.
std::string UnknownId(const std::string& what, const std::string& word,
                      const std::vector<std::string>& ids, bool list_all) {
  std::string hint = DidYouMean(word, ids);
  if (hint.empty() && list_all && !ids.empty()) {
    hint = "expected one of ";
    for (size_t i = 0; i < ids.size(); ++i) hint += (i ? ", " : "") + ids[i];
  }
  return "unknown " + what + " '" + word + "'" + (hint.empty() ? "" : "; " + hint);
}

namespace {

Json Bytes(double bytes) {
  return static_cast<int64_t>(std::llround(bytes));
}

template <typename T>
Json OrNull(const std::optional<T>& v) {
  return v ? Json(*v) : Json(nullptr);
}

// Reads the fields of one request object, collecting every problem. Each field is read at
// most once; Finish() reports the fields no reader asked for.
class Reader {
 public:
  Reader(const Json& request, std::string command) : r_(request), command_(std::move(command)) {}

  static std::string Shown(const Json& v) { return ShownJson(v); }

  const std::vector<std::string>& errors() const { return errors_; }
  const Json& problems() const { return problems_; }
  void Error(std::string message) { errors_.push_back(std::move(message)); }
  // A problem of a pasted config.json ({"field": "config", "path", "code", "detail",
  // "message"}), for a page to say in its reader's language (README.md).
  void AddConfigProblem(std::string message, const std::string& path, const std::string& code,
                        Json detail) {
    Error(std::move(message));
    problems_.push_back(Json{{"field", "config"},
                             {"path", path},
                             {"code", code},
                             {"detail", std::move(detail)},
                             {"message", errors_.back()}});
  }

  bool Has(const char* name) {
    known_.emplace_back(name);
    return r_.contains(name) && !r_.at(name).is_null();
  }

  // A string field; nullopt (and an error when required) when absent or not a string.
  std::optional<std::string> Text(const char* name, bool required) {
    if (!Has(name)) {
      if (required) Error("'" + command_ + "' request needs '" + name + "'");
      return std::nullopt;
    }
    const Json& v = r_.at(name);
    if (!v.is_string()) {
      Error("'" + std::string(name) + "' must be a string, got " + Shown(v));
      return std::nullopt;
    }
    return v.get<std::string>();
  }

  // An id looked up with parse; "unknown <what> …" when parse fails.
  template <typename T, typename Parse>
  std::optional<T> Enum(const char* name, const std::string& what, Parse parse,
                        const std::vector<std::string>& ids, bool required) {
    auto text = Text(name, required);
    if (!text) return std::nullopt;
    auto v = parse(*text);
    if (!v) Error(UnknownId(what, *text, ids));
    return v;
  }

  // A list of ids (or one id); duplicates dropped, order kept.
  template <typename T, typename Parse>
  std::vector<T> EnumList(const char* name, const std::string& what, Parse parse,
                          const std::vector<std::string>& ids) {
    std::vector<T> out;
    if (!Has(name)) return out;
    const Json& v = r_.at(name);
    std::vector<const Json*> items;
    if (v.is_array()) {
      for (const Json& item : v) items.push_back(&item);
    } else {
      items.push_back(&v);
    }
    for (const Json* item : items) {
      if (!item->is_string()) {
        Error("'" + std::string(name) + "' must hold strings, got " + Shown(*item));
        continue;
      }
      auto x = parse(item->get<std::string>());
      if (!x) {
        Error(UnknownId(what, item->get<std::string>(), ids));
        continue;
      }
      if (std::find(out.begin(), out.end(), *x) == out.end()) out.push_back(*x);
    }
    return out;
  }

  // A whole number in [lo, hi].
  std::optional<int64_t> Count(const char* name, bool required, int64_t lo, int64_t hi) {
    if (!Has(name)) {
      if (required) Error("'" + command_ + "' request needs '" + name + "'");
      return std::nullopt;
    }
    const Json& v = r_.at(name);
    const bool whole =
        v.is_number_integer() ||
        (v.is_number_float() && std::isfinite(v.get<double>()) &&
         v.get<double>() == std::floor(v.get<double>()) && std::fabs(v.get<double>()) < 9e15);
    if (whole) {
      const int64_t n =
          v.is_number_unsigned()
              ? static_cast<int64_t>(std::min<uint64_t>(v.get<uint64_t>(), INT64_MAX))
              : (v.is_number_integer() ? v.get<int64_t>() : static_cast<int64_t>(v.get<double>()));
      if (n >= lo && n <= hi) return n;
    }
    Error("'" + std::string(name) + "' must be a whole number " + RangeText(lo, hi) + ", got " +
          Shown(v));
    Problem(name, static_cast<double>(lo), hi == INT64_MAX ? Json(nullptr) : Json(hi), true);
    return std::nullopt;
  }

  // A finite number in [lo, hi].
  std::optional<double> Number(const char* name, bool required, double lo, double hi,
                               const char* range_text) {
    if (!Has(name)) {
      if (required) Error("'" + command_ + "' request needs '" + name + "'");
      return std::nullopt;
    }
    const Json& v = r_.at(name);
    if (v.is_number() && std::isfinite(v.get<double>()) && v.get<double>() >= lo &&
        v.get<double>() <= hi)
      return v.get<double>();
    Error("'" + std::string(name) + "' must be " + range_text + ", got " + Shown(v));
    Problem(name, lo, hi >= 1e300 ? Json(nullptr) : Json(hi), false);
    return std::nullopt;
  }

  std::optional<bool> Bool(const char* name) {
    if (!Has(name)) return std::nullopt;
    const Json& v = r_.at(name);
    if (v.is_boolean()) return v.get<bool>();
    Error("'" + std::string(name) + "' must be true or false, got " + Shown(v));
    return std::nullopt;
  }

  // Reports every member of the request that no reader asked for.
  void Finish() {
    known_.emplace_back("command");
    for (const auto& [key, value] : r_.items()) {
      if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
      std::string hint = DidYouMean(key, known_);
      Error("unknown field '" + key + "' in a '" + command_ + "' request" +
            (hint.empty() ? "" : "; " + hint));
    }
  }

 private:
  // A number out of its range, for a page to say in its reader's language (README.md).
  void Problem(const char* name, double lo, Json hi, bool whole) {
    if (hi.is_number_float()) hi = Plain(hi.get<double>());
    problems_.push_back(Json{{"field", name},
                             {"min", Plain(lo)},
                             {"max", std::move(hi)},
                             {"whole", whole},
                             {"message", errors_.back()}});
  }
  // A whole number as an integer (1, not 1.0).
  static Json Plain(double v) {
    if (v == std::floor(v) && std::fabs(v) < 9e15) return static_cast<int64_t>(v);
    return v;
  }

  static std::string RangeText(int64_t lo, int64_t hi) {
    if (hi == INT64_MAX) return "of at least " + std::to_string(lo);
    return "from " + std::to_string(lo) + " to " + std::to_string(hi);
  }

  const Json& r_;
  std::string command_;
  std::vector<std::string> known_;
  std::vector<std::string> errors_;
  Json problems_ = Json::array();
};

Answer RequestErrors(const std::vector<std::string>& messages) {
  Answer a;
  a.exit_code = kRequestError;
  a.body["error"]["exit_code"] = kRequestError;
  a.body["error"]["kind"] = "request";
  a.body["error"]["messages"] = messages;
  return a;
}

Answer RequestErrors(const Reader& r) {
  Answer a = RequestErrors(r.errors());
  if (!r.problems().empty()) a.body["error"]["problems"] = r.problems();
  return a;
}

// Resolves the assumptions; nullopt with the data error answer in *error when unusable.
std::optional<calc::Assumptions> ResolvedAssumptions(const Dataset& data, Answer* error) {
  Diagnostics diags;
  calc::Assumptions a = calc::ResolveAssumptions(data, &diags);
  if (!diags.HasErrors()) return a;
  error->exit_code = kDataError;
  error->body = Json::object();
  error->body["error"]["exit_code"] = kDataError;
  error->body["error"]["kind"] = "data";
  Json& messages = error->body["error"]["messages"] = Json::array();
  for (const Diagnostic& d : diags.Sorted()) messages.push_back(FormatDiagnostic(d));
  return std::nullopt;
}

// The assumptions and current prices an answer computes with: the region's view
// (calc/regions.h) when the request names a region, else the data's own (US dollars).
struct Costs {
  calc::Assumptions a;
  calc::CurrentPrices prices;
};
std::optional<Costs> CostsOf(const Dataset& data, const calc::RegionalView* view, Answer* error) {
  if (view != nullptr) return Costs{view->assumptions, view->prices};
  auto a = ResolvedAssumptions(data, error);
  if (!a) return std::nullopt;
  Costs c{*a, {}};
  c.prices = calc::ComputeCurrentPrices(data.prices, a->price_window_days, a->price_max_age_days);
  return c;
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

// ---------------------------------------------------------------- vram and fit

struct ModelArgs {
  const LlmModel* model = nullptr;
  std::shared_ptr<HfModel> config;  // a pasted config.json; model points into it
  calc::MemoryRequest request;
};

// "config": a Hugging Face config.json, as an object or as its text (what a reader pasted).
void ReadConfig(Reader& r, const Json& value, ModelArgs* m) {
  Json parsed;
  const Json* config = &value;
  if (value.is_string()) {
    if (auto error = ParseJsonText(value.get<std::string>(), &parsed)) {
      r.AddConfigProblem("config: " + error->Message(), "", JsonTextErrorCode(*error),
                         Json{{"line", error->line}, {"column", error->column}});
      return;
    }
    config = &parsed;
  }
  m->config = std::make_shared<HfModel>(ModelFromHfConfig(*config));
  for (const ConfigProblem& p : m->config->problems)
    r.AddConfigProblem("config: " + p.message, p.field, p.code, p.detail);
  if (m->config->problems.empty()) m->model = &m->config->model;
}

// The model: an id of data/models.json ("model") or a pasted config.json ("config").
void ReadModel(Reader& r, const Dataset& data, const Json& request, ModelArgs* m) {
  const bool has_model = r.Has("model"), has_config = r.Has("config");
  if (has_model && has_config) {
    r.Error("give 'model' (an id of the guide's data) or 'config' (a config.json), not both");
    return;
  }
  if (has_config) return ReadConfig(r, request.at("config"), m);
  if (auto id = r.Text("model", true)) {
    m->model = data.FindModel(*id);
    if (m->model == nullptr) {
      std::vector<std::string> ids;
      for (const LlmModel& x : data.models) ids.push_back(x.id);
      r.Error(UnknownId("model", *id, ids, /*list_all=*/false));
    }
  }
}

ModelArgs ReadModelArgs(Reader& r, const Dataset& data, const Json& request,
                        bool need_context = true) {
  ModelArgs m;
  ReadModel(r, data, request, &m);
  calc::MemoryRequest& q = m.request;
  auto precisions = calc::PrecisionIds();
  precisions.push_back("native");
  // "native": the format the model is published in (gpt-oss: MXFP4 experts, BF16 rest).
  auto parse_weights = [&m](std::string_view id) -> std::optional<calc::Precision> {
    if (id == "native") return m.model ? calc::NativePrecision(*m.model) : calc::Precision::kBf16;
    return calc::ParsePrecision(id);
  };
  if (auto p = r.Enum<calc::Precision>("precision", "precision", parse_weights, precisions, true))
    q.precision = *p;
  const auto kv_ids = calc::KvPrecisionIds();
  auto parse_kv = [](std::string_view id) -> std::optional<calc::Precision> {
    auto p = calc::ParsePrecision(id);
    return p && calc::IsKvPrecision(*p) ? p : std::nullopt;
  };
  if (auto p =
          r.Enum<calc::Precision>("kv_precision", "KV-cache precision", parse_kv, kv_ids, false))
    q.kv_precision = *p;
  if (auto mode = r.Enum<calc::MemoryMode>("mode", "mode", calc::ParseMemoryMode,
                                           {"inference", "full", "lora", "qlora"}, false))
    q.mode = *mode;
  const bool inference = q.mode == calc::MemoryMode::kInference;
  if (auto n = r.Count("context", inference && need_context, 1, INT64_MAX)) {
    q.context = *n;
    if (m.model && *n > m.model->max_context)
      r.Error("context " + std::to_string(*n) +
              (m.config ? " exceeds the config's max_position_embeddings ("
                        : " exceeds the maximum context of '" + m.model->id + "' (") +
              std::to_string(m.model->max_context) + " tokens)");
  }
  if (auto n = r.Count("batch", false, 1, INT64_MAX)) q.batch = *n;
  q.gradient_checkpointing = r.Bool("gradient_checkpointing").value_or(false);
  q.flash_attention = r.Bool("flash_attention").value_or(true);
  if (auto o = r.Enum<calc::Optimizer>("optimizer", "optimizer", calc::ParseOptimizer,
                                       {"adamw", "adamw8bit", "paged_adamw8bit"}, false))
    q.optimizer = *o;
  if (auto n = r.Count("lora_rank", false, 1, 4096)) q.lora_rank = static_cast<int>(*n);
  return m;
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
  j["flash_attention"] = m.request.flash_attention;
  j["optimizer"] = calc::OptimizerId(m.request.optimizer);
  j["params"] = Bytes(b.params);
  j["trainable_params"] = Bytes(b.trainable_params);
  j["weights_bytes"] = Bytes(b.weights_bytes);
  j["host_bytes"] = Bytes(b.host_bytes);
  j["kv_cache_bytes"] = Bytes(b.kv_cache_bytes);
  j["activations_bytes"] = Bytes(b.activations_bytes);
  j["gradients_bytes"] = Bytes(b.gradients_bytes);
  j["optimizer_bytes"] = Bytes(b.optimizer_bytes);
  j["overhead_bytes"] = Bytes(b.overhead_bytes);
  j["total_bytes"] = Bytes(b.total_bytes);
  if (m.config) j["config"] = ConfigSummary(*m.config);
  return j;
}

Json BuildJson(const calc::Build& b) {
  Json j;
  j["gpus"] = b.gpus;
  j["power_w"] = b.system_w;
  j["wall_w"] = b.wall_w;
  j["psu_w"] = OrNull(b.psu_w);
  j["wall_limit_w"] = b.wall_limit_w;
  j["limit"] = calc::BuildLimitId(b.limit);
  return j;
}

Json MixedJson(const calc::MixedFit& f) {
  Json j;
  j["gpus"] = f.gpus;
  j["machine"] = f.machine;
  j["build"] = f.machine.empty() ? Json(nullptr) : BuildJson(f.build);
  j["precision"] = calc::PrecisionId(f.precision);
  j["precision_substituted"] = f.precision_substituted;
  j["fits"] = f.answer.fits;
  j["fractions"] = f.answer.fractions;
  j["card_bytes"] = Json::array();
  for (double b : f.answer.card_bytes) j["card_bytes"].push_back(Bytes(b));
  j["usable_bytes"] = Json::array();
  for (double b : f.answer.usable_bytes) j["usable_bytes"].push_back(Bytes(b));
  j["tokens_per_s"] = OrNull(f.answer.tokens_per_s);
  j["warnings"] = f.warnings;
  j["price_usd"] = OrNull(f.price_usd);
  j["price_estimated"] = f.price_usd ? Json(f.price_estimated) : Json(nullptr);
  return j;
}

// "machine": an id of data/machines.json, or "server" (the one server kind of earlier
// editions: server-pcie-4 for PCIe cards, server-hgx-8 for modules). Absent: each card's own.
std::string ReadMachine(Reader& r, const Dataset& data) {
  auto id = r.Text("machine", false);
  if (!id) return "";
  std::vector<std::string> ids;
  for (const Machine& m : data.machines) ids.push_back(m.id);
  if (*id == "server" || data.FindMachine(*id) != nullptr) return *id;
  r.Error(UnknownId("machine", *id, ids, /*list_all=*/true));
  return "";
}

// "gpus": ids of data/gpus.json, a mixed set in one machine (repeats allowed: two 3090s and a
// 4090). Unified-memory systems are whole machines and cannot be part of one.
std::vector<const Gpu*> ReadGpuList(Reader& r, const Dataset& data, const Json& request) {
  std::vector<const Gpu*> out;
  if (!r.Has("gpus")) return out;
  const Json& v = request.at("gpus");
  if (!v.is_array() || v.empty() || v.size() > 16) {
    r.Error("'gpus' must be a list of 1 to 16 GPU ids, got " + Reader::Shown(v));
    return out;
  }
  std::vector<std::string> ids;
  for (const Gpu& g : data.gpus) ids.push_back(g.id);
  for (const Json& item : v) {
    if (!item.is_string()) {
      r.Error("'gpus' must hold strings, got " + Reader::Shown(item));
      continue;
    }
    const Gpu* g = data.FindGpu(item.get<std::string>());
    if (g == nullptr) {
      r.Error(UnknownId("GPU", item.get<std::string>(), ids, /*list_all=*/false));
      continue;
    }
    if (calc::IsSystem(*g)) {
      r.Error("'" + g->id +
              "' is a unified-memory system, a whole machine: it cannot share a build with "
              "other cards");
      continue;
    }
    out.push_back(g);
  }
  return out;
}

// "engine" (engines.json: "llama.cpp" or "llama.cpp/vulkan"), "users" (sequences decoded
// together: the request's batch) and "prompt_tokens" (the prompt of the time to first token).
struct ServingArgs {
  calc::EngineRef engine;
  int64_t users = 1;
  int64_t prompt_tokens = 0;
};

ServingArgs ReadServingArgs(Reader& r, const Dataset& data, ModelArgs* m) {
  ServingArgs s;
  if (auto text = r.Text("engine", false)) {
    s.engine = calc::ParseEngineRef(*text);
    const Engine* engine = nullptr;
    std::vector<std::string> ids;
    for (const Engine& e : data.engines) {
      ids.push_back(e.id);
      for (const std::string& b : e.backends) ids.push_back(e.id + "/" + b);
      if (e.id == s.engine.engine) engine = &e;
    }
    if (engine == nullptr)
      r.Error(UnknownId("engine", *text, ids));
    else if (!s.engine.backend.empty() &&
             std::find(engine->backends.begin(), engine->backends.end(), s.engine.backend) ==
                 engine->backends.end())
      r.Error(UnknownId("back end of '" + engine->id + "'", s.engine.backend, engine->backends));
  }
  if (auto n = r.Count("users", false, 1, calc::kMaxServingUsers)) {
    s.users = *n;
    if (m->request.batch && *m->request.batch != *n)
      r.Error("'users' and 'batch' both give the sequences decoded together: give one of them");
    m->request.batch = *n;
  } else if (m->request.batch) {
    s.users = *m->request.batch;
  }
  if (auto n = r.Count("prompt_tokens", false, 1, INT64_MAX)) s.prompt_tokens = *n;
  return s;
}

Json EngineJson(const calc::EngineOnGpu& e) {
  Json j;
  j["id"] = e.key;
  j["level"] = e.level;
  j["runs"] = e.runs;
  j["reference"] = e.reference;
  j["decode_factor"] = OrNull(e.decode_factor);
  j["prefill_factor"] = OrNull(e.prefill_factor);
  j["source"] = e.support ? Json(e.support->prov.source) : Json(nullptr);
  j["as_of"] = e.support ? Json(e.support->prov.as_of) : Json(nullptr);
  return j;
}

Json ServingJson(const calc::ServingAnswer& s) {
  Json j;
  j["users"] = s.users;
  j["max_users"] = s.max_users;
  j["knee_users"] = s.knee_users ? Json(*s.knee_users) : Json(nullptr);
  j["per_user_tokens_per_s"] = s.per_user_tokens_per_s;
  j["aggregate_tokens_per_s"] = s.aggregate_tokens_per_s;
  j["compute_bound"] = s.compute_bound;
  j["prefill_tokens_per_s"] = OrNull(s.prefill_tokens_per_s);
  j["prompt_tokens"] = s.prompt_tokens;
  j["time_to_first_token_s"] = OrNull(s.time_to_first_token_s);
  return j;
}

// The serving figures of one configuration of a fit or maxctx answer.
Json ServingOf(const Gpu& gpu, int count, const ModelArgs& m, calc::Precision runs,
               const calc::Assumptions& a, const ServingArgs& s,
               const std::optional<calc::EngineOnGpu>& engine) {
  calc::MemoryRequest q = m.request;
  q.precision = runs;
  if (q.mode == calc::MemoryMode::kInference)
    q.kv_precision = calc::RunnablePrecision(gpu, q.kv_precision);
  calc::ServingRequest sr;
  sr.users = s.users;
  sr.prompt_tokens = s.prompt_tokens;
  if (engine && engine->decode_factor) sr.decode_factor = *engine->decode_factor;
  if (engine && engine->prefill_factor) sr.prefill_factor = *engine->prefill_factor;
  auto answer = calc::Serve(gpu, count, *m.model, q, a, sr);
  return answer ? ServingJson(*answer) : Json(nullptr);
}

Answer Vram(Reader& r, const Dataset& data, const Json& request) {
  ModelArgs m = ReadModelArgs(r, data, request);
  const std::string machine = ReadMachine(r, data);
  const std::vector<const Gpu*> mixed = ReadGpuList(r, data, request);
  const ServingArgs serving = ReadServingArgs(r, data, &m);
  r.Finish();
  if (!machine.empty() && mixed.empty())
    r.Error("'machine' in a vram request places the cards of 'gpus': give both");
  if (!mixed.empty() && m.request.mode != calc::MemoryMode::kInference)
    r.Error("'gpus' (a mixed set) answers for inference only");
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  auto a = ResolvedAssumptions(data, &out);
  if (!a) return out;
  const calc::MemoryBreakdown b = calc::EstimateMemory(*m.model, m.request, *a);
  out.body = MemoryJson(m, b);
  out.body["cuda_context_bytes_per_gpu"] = Bytes(a->cuda_context_gb * 1e9);
  if (!mixed.empty())
    out.body["mixed"] =
        MixedJson(calc::FitMixed(data, mixed, *m.model, m.request, {}, {}, machine, *a));
  if (!serving.engine.engine.empty())
    out.body["engine"] = calc::EngineKey(serving.engine.engine, serving.engine.backend);
  return out;
}

// Whether the system RAM holds an offloaded configuration (calc/sysram.h).
Json RamJson(const calc::RamCheck& r) {
  Json j;
  j["need_bytes"] = Bytes(r.need_bytes);
  j["host_bytes"] = Bytes(r.host_bytes);
  j["reserve_bytes"] = Bytes(r.reserve_bytes);
  j["need_gb"] = r.need_gb;
  j["reader_gb"] = OrNull(r.reader_gb);
  j["typical_gb"] = OrNull(r.typical_gb);
  j["max_gb"] = OrNull(r.max_gb);
  j["verdict"] = calc::RamVerdictId(r.verdict);
  return j;
}

Json MixedOffloadJson(const calc::MixedOffload& o) {
  Json j;
  j["layers_on_cpu"] = o.layers_on_cpu;
  j["ram_bytes"] = Bytes(o.ram_bytes);
  j["step_gpu_bytes"] = Bytes(o.step_gpu_bytes);
  j["step_ram_bytes"] = Bytes(o.step_ram_bytes);
  j["ram_gbs"] = o.ram_gbs;
  j["ram"] = RamJson(o.ram);
  return j;
}

Json ConfigJson(const calc::FitConfig& c) {
  Json j;
  j["gpu"] = c.gpu;
  j["segment"] = SegmentId(c.segment);
  j["count"] = c.count;
  j["precision"] = calc::PrecisionId(c.precision);
  j["precision_substituted"] = c.precision_substituted;
  j["per_gpu_bytes"] = Bytes(c.per_gpu_bytes);
  j["price_usd"] = OrNull(c.price_usd);
  j["condition"] = c.unit_price ? Json(ConditionId(c.unit_price->condition)) : Json(nullptr);
  j["price_estimated"] = c.unit_price ? Json(c.unit_price->estimated) : Json(nullptr);
  j["tokens_per_s"] = OrNull(c.tokens_per_s);
  j["prefill_tokens_per_s"] = OrNull(c.prefill_tokens_per_s);
  // Where the cards go (calc/placement.h): "" for a unified-memory system, its own machine.
  j["machine"] = c.machine;
  j["machines"] = c.machines;
  j["power_w"] = c.build ? Json(c.build->system_w) : Json(nullptr);
  j["wall_w"] = c.build ? Json(c.build->wall_w) : Json(nullptr);
  j["psu_w"] = c.build ? OrNull(c.build->psu_w) : Json(nullptr);
  if (c.offload) {
    Json o;
    o["layers_on_cpu"] = c.offload->layers_on_cpu;
    o["ram_bytes"] = Bytes(c.offload->ram_bytes);
    o["step_gpu_bytes"] = Bytes(c.offload->step_gpu_bytes);
    o["step_ram_bytes"] = Bytes(c.offload->step_ram_bytes);
    o["ram_gbs"] = c.ram_gbs;
    j["offload"] = o;
  } else {
    j["offload"] = nullptr;
  }
  return j;
}

Answer Fit(Reader& r, const Dataset& data, const Json& request, const calc::RegionalView* view) {
  ModelArgs m = ReadModelArgs(r, data, request);
  calc::FitOptions options;
  options.segments = r.EnumList<Segment>("segments", "segment", ParseSegment, SegmentIds());
  options.conditions =
      r.EnumList<Condition>("conditions", "condition", ParseCondition, ConditionIds());
  if (auto n = r.Count("max_gpus", false, 1, 4096)) options.max_gpus = static_cast<int>(*n);
  options.machine = ReadMachine(r, data);
  const std::vector<const Gpu*> mixed = ReadGpuList(r, data, request);
  if (auto o = r.Enum<calc::Offload>("offload", "offload", calc::ParseOffload, calc::OffloadIds(),
                                     false))
    options.offload = *o;
  if (auto g = r.Number("ram_gbs", false, 1, 100000, "a number of GB/s from 1 to 100000"))
    options.ram_gbs = *g;
  if (auto t = r.Number("min_tps", false, 0, 1e6, "a number of tokens/s from 0 to 1000000"))
    options.min_tps = *t;
  double ram_gb = 0;  // the reader's system RAM (calc/fit_ram.h)
  if (auto g = r.Number("ram_gb", false, 1, 65536, "a RAM size in GB from 1 to 65536")) ram_gb = *g;
  const ServingArgs serving = ReadServingArgs(r, data, &m);
  options.engine = serving.engine;
  r.Finish();
  const bool inference = m.request.mode == calc::MemoryMode::kInference;
  if (!inference && options.offload != calc::Offload::kNone)
    r.Error("'offload' answers for inference only");
  if (!inference && !mixed.empty()) r.Error("'gpus' (a mixed set) answers for inference only");
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  auto costs = CostsOf(data, view, &out);
  if (!costs) return out;
  calc::FitResult fit = calc::FitModel(data, *m.model, m.request, costs->prices, costs->a, options);
  const calc::RamFit ram = calc::HoldInSystemRam(data, ram_gb, &fit);
  Json& j = out.body;
  auto config_json = [&](const calc::FitConfig& c) {
    Json x = ConfigJson(c);
    const auto held = ram.ram.find(c.gpu);
    if (x["offload"].is_object())
      x["offload"]["ram"] = held != ram.ram.end() ? RamJson(held->second) : Json(nullptr);
    x["engine"] = c.engine ? EngineJson(*c.engine) : Json(nullptr);
    const Gpu* gpu = data.FindGpu(c.gpu);
    // Serving (calc/serving.h) reads every weight from the cards' memory: a configuration with
    // weights in system RAM keeps the offload's own decode speed and has no serving figures.
    x["serving"] = inference && gpu && !c.offload
                       ? ServingOf(*gpu, c.count, m, c.precision, costs->a, serving, c.engine)
                       : Json(nullptr);
    // The batch's decode speed as serving computes it (a mixture of experts reads more
    // experts for more sequences; past the knee compute bounds it); the same for one.
    if (x["serving"].is_object()) x["tokens_per_s"] = x["serving"]["aggregate_tokens_per_s"];
    return x;
  };
  j["memory"] = MemoryJson(m, fit.memory);
  j["machine"] = options.machine.empty() ? Json(nullptr) : Json(options.machine);
  j["offload"] = calc::OffloadId(options.offload);
  j["too_slow"] = fit.too_slow;
  j["mixed"] = nullptr;
  if (!mixed.empty()) {
    calc::MixedFit f = calc::FitMixed(data, mixed, *m.model, m.request, costs->prices,
                                      options.conditions, options.machine, costs->a);
    // Weights in system RAM for a set that does not hold the model (calc/mixed_offload.h).
    auto moved = calc::OffloadMixed(data, mixed, *m.model, m.request, options.offload,
                                    options.ram_gbs, ram_gb, costs->a, &f);
    j["mixed"] = MixedJson(f);
    j["mixed"]["offload"] = moved ? MixedOffloadJson(*moved) : Json(nullptr);
  }
  if (!serving.engine.engine.empty())
    j["engine"] = calc::EngineKey(serving.engine.engine, serving.engine.backend);
  j["configs"] = Json::array();
  for (const calc::FitConfig& c : fit.configs) j["configs"].push_back(config_json(c));
  j["cheapest"] = fit.cheapest ? config_json(*fit.cheapest) : Json(nullptr);
  j["cheapest_by_segment"] = Json::object();
  for (const auto& [segment, c] : fit.cheapest_by_segment)
    j["cheapest_by_segment"][SegmentId(segment)] = config_json(c);
  j["not_fitting"] = fit.not_fitting;
  j["engine_unsupported"] = fit.engine_unsupported;
  j["ram_short"] = ram.ram_short;
  j["ram_gb"] = ram_gb > 0 ? Json(ram_gb) : Json(nullptr);
  return out;
}

// The largest context that fits `count` cards of one GPU.
Answer MaxContext(Reader& r, const Dataset& data, const Json& request) {
  ModelArgs m = ReadModelArgs(r, data, request, /*need_context=*/false);
  const Gpu* gpu = nullptr;
  if (auto id = r.Text("gpu", true)) {
    gpu = data.FindGpu(*id);
    if (gpu == nullptr) {
      std::vector<std::string> ids;
      for (const Gpu& g : data.gpus) ids.push_back(g.id);
      r.Error(UnknownId("GPU", *id, ids, /*list_all=*/false));
    }
  }
  const int count = static_cast<int>(r.Count("count", false, 1, 4096).value_or(1));
  const std::string machine = ReadMachine(r, data);
  const ServingArgs serving = ReadServingArgs(r, data, &m);
  r.Finish();
  if (m.request.mode != calc::MemoryMode::kInference)
    r.Error("'maxctx' answers for inference only");
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  auto a = ResolvedAssumptions(data, &out);
  if (!a) return out;
  const int64_t tokens = calc::MaxContext(*gpu, count, *m.model, m.request, *a);
  Json& j = out.body;
  j["model"] = m.model->id;
  j["gpu"] = gpu->id;
  j["count"] = count;
  j["precision"] = calc::PrecisionId(calc::RunnablePrecision(*gpu, m.request.precision));
  j["kv_precision"] = calc::PrecisionId(calc::RunnablePrecision(*gpu, m.request.kv_precision));
  j["batch"] = m.request.batch.value_or(1);
  j["max_context"] = tokens;
  j["model_max_context"] = m.model->max_context;
  j["limited_by"] = tokens == 0 ? "weights" : tokens >= m.model->max_context ? "model" : "memory";
  // Whether the cards' machine holds them (calc/placement.h); a system is its own machine.
  if (const Machine* placed = calc::MachineFor(data, *gpu, machine)) {
    const calc::Placement p = calc::Place(*gpu, count, *placed);
    j["machine"] = placed->id;
    j["machines"] = p.machines;
    j["build"] = BuildJson(p.build);
  } else {
    j["machine"] = "";
    j["machines"] = 1;
    j["build"] = nullptr;
  }
  if (!serving.engine.engine.empty())
    j["engine"] = EngineJson(calc::EngineOn(data, *a, *gpu, serving.engine));
  if (m.config) j["config"] = ConfigSummary(*m.config);
  return out;
}

// The largest model of the data that `count` cards of one GPU run at min_tps or more, whole in
// GPU memory or with weights offloaded to system RAM (calc/placement.h LargestModelAtSpeed).
Answer Largest(Reader& r, const Dataset& data) {
  const Gpu* gpu = nullptr;
  if (auto id = r.Text("gpu", true)) {
    gpu = data.FindGpu(*id);
    if (gpu == nullptr) {
      std::vector<std::string> ids;
      for (const Gpu& g : data.gpus) ids.push_back(g.id);
      r.Error(UnknownId("GPU", *id, ids, /*list_all=*/false));
    }
  }
  const int count = static_cast<int>(r.Count("count", false, 1, 64).value_or(1));
  calc::MemoryRequest q;
  if (auto p = r.Enum<calc::Precision>("precision", "precision", calc::ParsePrecision,
                                       calc::PrecisionIds(), true))
    q.precision = *p;
  const auto kv_ids = calc::KvPrecisionIds();
  auto parse_kv = [](std::string_view id) -> std::optional<calc::Precision> {
    auto p = calc::ParsePrecision(id);
    return p && calc::IsKvPrecision(*p) ? p : std::nullopt;
  };
  if (auto p =
          r.Enum<calc::Precision>("kv_precision", "KV-cache precision", parse_kv, kv_ids, false))
    q.kv_precision = *p;
  q.context = r.Count("context", false, 1, INT64_MAX).value_or(8192);
  const std::string machine = ReadMachine(r, data);
  calc::Offload offload = calc::Offload::kNone;
  if (auto o = r.Enum<calc::Offload>("offload", "offload", calc::ParseOffload, calc::OffloadIds(),
                                     false))
    offload = *o;
  auto ram = r.Number("ram_gbs", false, 1, 100000, "a number of GB/s from 1 to 100000");
  auto min_tps = r.Number("min_tps", true, 0, 1e6, "a number of tokens/s from 0 to 1000000");
  auto ram_gb = r.Number("ram_gb", false, 1, 65536, "a RAM size in GB from 1 to 65536");
  r.Finish();
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  auto a = ResolvedAssumptions(data, &out);
  if (!a) return out;
  const Machine* m = calc::MachineFor(data, *gpu, machine);
  const double ram_gbs = ram ? *ram : m != nullptr ? calc::PlatformRamGbs(data, m->id) : 0;
  // The models whose offloaded weights the system RAM holds (calc/fit_ram.h).
  const calc::LargestInRam found = calc::LargestModelInRam(data, *gpu, count, q, offload, ram_gbs,
                                                           *min_tps, m, ram_gb.value_or(0), *a);
  const calc::LargestModel& best = found.best;
  Json& j = out.body;
  j["gpu"] = gpu->id;
  j["count"] = count;
  j["machine"] = m != nullptr ? Json(m->id) : Json("");
  j["precision"] = calc::PrecisionId(q.precision);
  j["context"] = *q.context;
  j["offload"] = calc::OffloadId(offload);
  j["ram_gbs"] = ram_gbs;
  j["min_tps"] = *min_tps;
  j["model"] = best.model ? Json(best.model->id) : Json(nullptr);
  j["params_b"] = best.model ? Json(best.model->params_b) : Json(nullptr);
  j["tokens_per_s"] = best.model ? Json(best.tokens_per_s) : Json(nullptr);
  j["layers_on_cpu"] = best.layers_on_cpu;
  // The system RAM the offloaded weights take: the reader's machine must have it.
  std::optional<calc::OffloadFit> placed;
  if (best.model) {
    calc::MemoryRequest capped = q;
    capped.context = std::min<int64_t>(*q.context, best.model->max_context);
    placed = calc::FitWithOffload(*gpu, count, *best.model, capped, offload, ram_gbs, m, *a);
  }
  j["ram_bytes"] = placed ? Bytes(placed->offload.ram_bytes) : Json(nullptr);
  j["ram_gb"] = OrNull(ram_gb);
  j["ram"] = found.ram ? RamJson(*found.ram) : Json(nullptr);
  return out;
}

// ---------------------------------------------------------------- breakeven and rank

// The desktop of a breakeven request: the reader's own (desktop_cost_usd, desktop_watts) or
// one built around a card of the data (gpu, conditions; calc::DesktopWith).
struct DesktopArgs {
  std::optional<double> cost, watts;
  const Gpu* gpu = nullptr;
  std::vector<Condition> conditions;
};

DesktopArgs ReadDesktop(Reader& r, const Dataset& data, const char* at_least_0) {
  DesktopArgs d;
  constexpr double kMax = 1e300;
  if (r.Has("gpu")) {
    if (r.Has("desktop_cost_usd") || r.Has("desktop_watts"))
      r.Error(
          "'gpu' prices the desktop: give 'gpu' or 'desktop_cost_usd' and 'desktop_watts', "
          "not both");
    if (auto id = r.Text("gpu", true)) {
      d.gpu = data.FindGpu(*id);
      std::vector<std::string> ids;
      for (const Gpu& g : data.gpus) ids.push_back(g.id);
      if (d.gpu == nullptr) r.Error(UnknownId("GPU", *id, ids, /*list_all=*/false));
    }
    d.conditions = r.EnumList<Condition>("conditions", "condition", ParseCondition, ConditionIds());
    return d;
  }
  d.cost = r.Number("desktop_cost_usd", true, 0, kMax, at_least_0);
  d.watts = r.Number("desktop_watts", true, 0, kMax, at_least_0);
  return d;
}

// The cloud side: a price per hour, or an offer of data/cloud.json (cloud).
std::optional<double> ReadCloud(Reader& r, const Dataset& data, const char* at_least_0,
                                bool* estimated) {
  *estimated = false;
  if (!r.Has("cloud")) return r.Number("cloud_usd_per_hour", true, 0, 1e300, at_least_0);
  if (r.Has("cloud_usd_per_hour"))
    r.Error(
        "'cloud' names the offer and its price: give 'cloud' or 'cloud_usd_per_hour', not both");
  auto id = r.Text("cloud", true);
  if (!id) return std::nullopt;
  std::vector<std::string> ids;
  for (const CloudOffer& o : data.cloud) {
    if (o.id == *id) {
      *estimated = o.prov.estimated;
      return o.usd_per_gpu_hour;
    }
    ids.push_back(o.id);
  }
  r.Error(UnknownId("cloud offer", *id, ids, /*list_all=*/false));
  return std::nullopt;
}

Answer Breakeven(Reader& r, const Dataset& data, const calc::RegionalView* view) {
  const char* kAtLeast0 = "a number of at least 0";
  DesktopArgs desktop = ReadDesktop(r, data, kAtLeast0);
  bool cloud_estimated = false, desktop_estimated = false;
  auto per_hour = ReadCloud(r, data, kAtLeast0, &cloud_estimated);
  auto utilisation = r.Number("utilisation", true, 0, 1, "a fraction between 0 and 1");
  auto electricity = r.Number("electricity_usd_per_kwh", true, 0, 1e300, kAtLeast0);
  r.Finish();
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  std::optional<std::string> condition;
  if (desktop.gpu != nullptr) {
    auto costs = CostsOf(data, view, &out);
    if (!costs) return out;
    auto built = calc::DesktopWith(*desktop.gpu, costs->prices, desktop.conditions, costs->a);
    if (!built)
      return RequestErrors({"GPU '" + desktop.gpu->id + "' has no current price" +
                            (desktop.conditions.empty() ? "" : " in the conditions asked")});
    desktop.cost = built->cost_usd;
    desktop.watts = built->watts;
    condition = ConditionId(built->price.condition);
    desktop_estimated = built->price.estimated;
  }
  const auto days =
      calc::BreakEvenDays(*desktop.cost, *desktop.watts, *per_hour, *utilisation, *electricity);
  Json& j = out.body;
  j = Json::object();
  j["desktop_cost_usd"] = *desktop.cost;
  j["desktop_watts"] = *desktop.watts;
  if (condition) j["condition"] = *condition;
  // The desktop's price rests on an estimate (a GPU's current price; the reader's own figure
  // never does), and so does the cloud price of an estimated offer.
  j["price_estimated"] = desktop_estimated;
  j["cloud_usd_per_hour"] = *per_hour;
  j["cloud_price_estimated"] = cloud_estimated;
  j["break_even_days"] = OrNull(days);
  j["break_even_months"] = days ? Json(*days / calc::kDaysPerYear * 12.0) : Json(nullptr);
  j["electricity_kwh_per_year"] = calc::EnergyKwhPerYear(*desktop.watts, *utilisation);
  j["electricity_usd_per_year"] =
      calc::ElectricityUsdPerYear(*desktop.watts, *utilisation, *electricity);
  j["cloud_usd_per_year"] = *per_hour * calc::kHoursPerYear * *utilisation;
  return out;
}

// The reader's ownership settings of a rank request (electricity price, utilisation, years),
// each replacing the data's assumption; only with the cost basis 'ownership'. The budget
// (budget_usd) needs a cost basis.
struct OwnershipArgs {
  std::optional<double> electricity, utilisation, years;

  calc::Assumptions Over(calc::Assumptions a) const {
    if (electricity) a.electricity_usd_per_kwh = *electricity;
    if (utilisation) a.utilisation = *utilisation;
    if (years) a.ownership_years = *years;
    return a;
  }
};

OwnershipArgs ReadRankCosts(Reader& r, calc::RankOptions* options) {
  OwnershipArgs o;
  o.electricity = r.Number("electricity_usd_per_kwh", false, 0, 1e300, "a number of at least 0");
  o.utilisation = r.Number("utilisation", false, 0, 1, "a fraction between 0 and 1");
  o.years = r.Number("years", false, 0, 100, "a number from 0 to 100");
  if (options->basis != calc::CostBasis::kOwnership)
    for (const auto& [name, v] :
         {std::pair{"electricity_usd_per_kwh", o.electricity},
          std::pair{"utilisation", o.utilisation}, std::pair{"years", o.years}})
      if (v) r.Error("'" + std::string(name) + "' applies to the cost basis 'ownership' only");
  if (auto budget = r.Number("budget_usd", false, 0, 1e300, "a number of at least 0")) {
    if (options->basis == calc::CostBasis::kNone)
      r.Error("'budget_usd' needs a cost basis: 'gpu' or 'ownership'");
    options->max_cost_usd = budget;
  }
  return o;
}

Answer Rank(Reader& r, const Dataset& data, const calc::RegionalView* view) {
  calc::RankOptions options;
  if (auto w = r.Enum<Workload>("workload", "workload", ParseWorkload, WorkloadIds(), true))
    options.workload = *w;
  if (auto b = r.Enum<calc::CostBasis>("cost", "cost basis", calc::ParseCostBasis,
                                       {"none", "gpu", "ownership"}, false))
    options.basis = *b;
  options.segments = r.EnumList<Segment>("segments", "segment", ParseSegment, SegmentIds());
  options.conditions =
      r.EnumList<Condition>("conditions", "condition", ParseCondition, ConditionIds());
  if (auto n = r.Count("count", false, 1, 4096)) options.count = static_cast<int>(*n);
  const OwnershipArgs ownership = ReadRankCosts(r, &options);
  r.Finish();
  if (!r.errors().empty()) return RequestErrors(r);
  Answer out;
  auto costs = CostsOf(data, view, &out);
  if (!costs) return out;
  const calc::PerformanceTable perf = calc::ComputePerformance(data, costs->a);
  const auto ranking = calc::Rank(data, perf, costs->prices, ownership.Over(costs->a), options);
  Json& j = out.body;
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
    row["price_estimated"] = e.cost ? Json(e.cost->price.estimated) : Json(nullptr);
    row["perf_per_kusd"] = OrNull(e.perf_per_kusd);
    row["pareto"] = e.pareto;
    j["ranking"].push_back(row);
  }
  return out;
}

// ---------------------------------------------------------------- media (image and video)

std::optional<std::string> MediaFormat(Reader& r, const char* name) {
  return r.Enum<std::string>(
      name, "precision",
      [](const std::string& s) -> std::optional<std::string> {
        const auto& ids = calc::MediaPrecisionIds();
        if (std::find(ids.begin(), ids.end(), s) == ids.end()) return std::nullopt;
        return s;
      },
      calc::MediaPrecisionIds(), false);
}

Json MediaPhaseJson(const calc::MediaPhase& ph) {
  Json j;
  j["phase"] = ph.id;
  j["weights_bytes"] = Bytes(ph.weights_bytes);
  j["activation_bytes"] = Bytes(ph.activation_bytes);
  j["attention_bytes"] = Bytes(ph.attention_bytes);
  j["total_bytes"] = Bytes(ph.total_bytes);
  j["host_bytes"] = Bytes(ph.host_bytes);
  return j;
}

// The cards that hold a media run (calc/media_cards.h): the price conditions allowed and the
// machine they go into (default "desktop" when the data has it).
struct MediaCardArgs {
  std::vector<Condition> conditions;
  const Machine* machine = nullptr;
};

MediaCardArgs ReadMediaCardArgs(Reader& r, const Dataset& data) {
  MediaCardArgs c;
  c.conditions = r.EnumList<Condition>("conditions", "condition", ParseCondition, ConditionIds());
  if (auto id = r.Text("machine", false)) {
    c.machine = data.FindMachine(*id);
    std::vector<std::string> ids;
    for (const Machine& m : data.machines) ids.push_back(m.id);
    if (!c.machine) r.Error(UnknownId("machine", *id, ids));
  } else {
    c.machine = data.FindMachine("desktop");
  }
  return c;
}

void MediaCardsJson(const Dataset& data, const MediaPipeline& p, const calc::MediaRequest& q,
                    const calc::MediaEstimate& e, const calc::MediaConstants& k,
                    const calc::Assumptions& a, const calc::CurrentPrices& prices,
                    const MediaCardArgs& args, Json* j) {
  const calc::MediaCardsResult result =
      calc::MediaCards(data, p, q, e, k, prices, a, args.machine, args.conditions);
  (*j)["machine"] = args.machine ? Json(args.machine->id) : Json(nullptr);
  Json& cards = (*j)["cards"] = Json::array();
  for (const calc::MediaCard& c : result.cards) {
    Json row;
    row["gpu"] = c.gpu;
    row["segment"] = SegmentId(c.segment);
    row["usable_bytes"] = Bytes(c.usable_bytes);
    row["needed_bytes"] = Bytes(c.needed_bytes);
    row["price_usd"] = c.price ? Json(c.price->usd) : Json(nullptr);
    row["condition"] = c.price ? Json(ConditionId(c.price->condition)) : Json(nullptr);
    row["price_estimated"] = c.price ? Json(c.price->estimated) : Json(nullptr);
    row["total_seconds"] = c.speed.total_seconds;
    row["seconds_per_video_second"] =
        p.kind == "video" ? Json(c.speed.seconds_per_video_second) : Json(nullptr);
    cards.push_back(row);
  }
  (*j)["not_fitting"] = result.not_fitting;
  Json& limited = (*j)["machine_limited"] = Json::array();
  for (const auto& [gpu, limit] : result.by_machine)
    limited.push_back(Json{{"gpu", gpu}, {"limit", calc::BuildLimitId(limit)}});
}

Answer Media(Reader& r, const Dataset& data, const calc::RegionalView* view) {
  const MediaPipeline* p = nullptr;
  if (auto id = r.Text("pipeline", true)) {
    p = data.FindPipeline(*id);
    if (!p) {
      std::vector<std::string> ids;
      for (const auto& x : data.media) ids.push_back(x.id);
      r.Error(UnknownId("pipeline", *id, ids, false));
    }
  }
  calc::MediaRequest q;
  if (auto f = MediaFormat(r, "precision")) q.precision = *f;
  if (auto f = MediaFormat(r, "encoder_precision")) q.encoder_precision = *f;
  if (auto v = r.Enum<std::string>(
          "vae_precision", "VAE precision",
          [](const std::string& s) -> std::optional<std::string> {
            if (s == "bf16" || s == "fp32") return s;
            return std::nullopt;
          },
          {"bf16", "fp32"}, false))
    q.vae_precision = *v;
  auto width = r.Count("width", false, 64, 16384);
  auto height = r.Count("height", false, 64, 16384);
  auto frames = r.Count("frames", false, 1, 10000);
  auto steps = r.Count("steps", false, 1, 1000);
  auto batch = r.Count("batch", false, 1, 64);
  if (auto m = r.Enum<calc::MediaOffload>("offload", "offload mode", calc::ParseMediaOffload,
                                          calc::MediaOffloadIds(), false))
    q.offload = *m;
  if (auto t = r.Bool("tiled_vae")) q.tiled_vae = *t;
  if (auto a = r.Bool("efficient_attention")) q.efficient_attention = *a;
  const Gpu* gpu = nullptr;
  if (auto id = r.Text("gpu", false)) {
    gpu = data.FindGpu(*id);
    if (!gpu) {
      std::vector<std::string> ids;
      for (const auto& g : data.gpus) ids.push_back(g.id);
      r.Error(UnknownId("GPU", *id, ids, false));
    }
  }
  MediaCardArgs cards = ReadMediaCardArgs(r, data);
  r.Finish();
  if (p && p->kind == "image" && frames && *frames != 1)
    r.Error("pipeline '" + p->id + "' makes images: 'frames' must be 1, got " +
            std::to_string(*frames));
  if (!r.errors().empty()) return RequestErrors(r);
  q.width = width ? static_cast<int>(*width) : p->default_width;
  q.height = height ? static_cast<int>(*height) : p->default_height;
  q.frames = p->kind == "video" ? (frames ? static_cast<int>(*frames) : p->default_frames) : 1;
  q.steps = steps ? static_cast<int>(*steps) : p->default_steps;
  q.batch = batch ? static_cast<int>(*batch) : 1;

  Answer out;
  auto costs = CostsOf(data, view, &out);
  if (!costs) return out;
  const calc::Assumptions& a = costs->a;
  Diagnostics diags;
  const calc::MediaConstants k = calc::ResolveMediaConstants(data, &diags);
  if (diags.HasErrors()) {
    out.exit_code = kDataError;
    out.body["error"]["exit_code"] = kDataError;
    out.body["error"]["kind"] = "data";
    Json& messages = out.body["error"]["messages"] = Json::array();
    for (const Diagnostic& d : diags.Sorted()) messages.push_back(FormatDiagnostic(d));
    return out;
  }
  const calc::MediaEstimate e = calc::EstimateMedia(*p, q, k);
  Json& j = out.body;
  j["pipeline"] = p->id;
  j["kind"] = p->kind;
  j["precision"] = q.precision;
  j["encoder_precision"] = q.encoder_precision;
  j["vae_precision"] = q.vae_precision;
  j["width"] = q.width;
  j["height"] = q.height;
  j["frames"] = q.frames;
  j["batch"] = q.batch;
  j["steps"] = q.steps;
  j["offload"] = calc::MediaOffloadId(q.offload);
  j["tiled_vae"] = q.tiled_vae;
  j["efficient_attention"] = q.efficient_attention;
  j["tokens"]["latent_frames"] = e.tokens.latent_frames;
  j["tokens"]["latent_width"] = e.tokens.latent_width;
  j["tokens"]["latent_height"] = e.tokens.latent_height;
  j["tokens"]["image_tokens"] = Bytes(e.tokens.image_tokens);
  j["tokens"]["attention_tokens"] = Bytes(e.tokens.attention_tokens);
  j["phases"] = Json::array();
  for (const auto& ph : e.phases) j["phases"].push_back(MediaPhaseJson(ph));
  j["weights_bytes"] = Bytes(e.weights_bytes);
  j["peak_bytes"] = Bytes(e.peak_bytes);
  j["peak_phase"] = e.peak_phase;
  j["host_bytes"] = Bytes(e.host_bytes);
  j["passes"] = e.passes;
  j["flops_per_step"] = e.flops_per_step;
  j["cuda_context_bytes"] = Bytes(a.cuda_context_gb * 1e9);
  if (gpu) {
    const calc::MediaSpeed s = calc::EstimateMediaSpeed(*p, q, e, *gpu, k);
    Json& g = j["gpu"];
    g["id"] = gpu->id;
    g["memory_bytes"] = Bytes(calc::ModelMemoryGb(*gpu) * calc::kBytesPerGiB);
    g["usable_bytes"] = Bytes(calc::MediaUsableBytes(*gpu, a));
    g["needed_bytes"] = Bytes(calc::MediaNeededBytes(*gpu, e, a));
    g["fits"] = calc::MediaFitsOn(*gpu, e, a);
    g["peak_tflops"] = s.peak_tflops;
    g["efficiency"] = s.efficiency;
    g["seconds_per_step"] = s.seconds_per_step;
    g["denoise_seconds"] = s.denoise_seconds;
    g["offload_seconds"] = s.offload_seconds;
    g["total_seconds"] = s.total_seconds;
    g["seconds_per_video_second"] =
        p->kind == "video" ? Json(s.seconds_per_video_second) : Json(nullptr);
  }
  MediaCardsJson(data, *p, q, e, k, a, costs->prices, cards, &j);
  return out;
}

}  // namespace

Answer AnswerRequest(const Dataset& data, const Json& request) {
  if (!request.is_object()) return RequestErrors({"a request must be a JSON object"});
  if (!request.contains("command") || !request.at("command").is_string())
    return RequestErrors(
        {"a request needs \"command\": one of breakeven, fit, maxctx, media, rank, vram"});
  const std::string command = request.at("command").get<std::string>();
  // The reader's own machine (calcapi/custom_machine.h): answered on the data with it added.
  if (request.contains("machine") && !request.at("machine").is_string()) {
    std::vector<std::string> errors;
    Json problems = Json::array();
    auto custom = ReadCustomMachine(data, request.at("machine"), &errors, &problems);
    if (!custom) {
      Answer a = RequestErrors(errors);
      if (!problems.empty()) a.body["error"]["problems"] = problems;
      return a;
    }
    Dataset with = data;
    with.machines.push_back(std::move(*custom));
    Json asked = request;
    asked["machine"] = calc::kCustomMachineId;
    // Offloaded weights are read at the base machine's platform RAM unless the reader says.
    const Json& typed = request.at("machine");
    const std::string base =
        typed.contains("base") ? typed.at("base").get<std::string>() : "desktop";
    const double gbs = calc::PlatformRamGbs(data, base);
    if ((command == "fit" || command == "largest") && !request.contains("ram_gbs") && gbs > 0)
      asked["ram_gbs"] = gbs;
    return AnswerRequest(with, asked);
  }
  Reader r(request, command);
  // A region (data/regions.json): fit, breakeven, rank and media answer on its view, every amount
  // in its currency and on its tax basis (calc/regions.h); the answer says which.
  std::optional<calc::RegionalView> view;
  if (r.Has("region")) {
    if (command != "fit" && command != "breakeven" && command != "rank" && command != "media")
      return RequestErrors({"'region' applies to fit, breakeven, rank and media"});
    auto id = r.Text("region", true);
    if (!id) return RequestErrors(r.errors());
    std::vector<std::string> ids;
    for (const Region& x : data.regions) ids.push_back(x.id);
    if (data.FindRegion(*id) == nullptr)
      return RequestErrors(
          {ids.empty() ? "'region' needs data/regions.json" : UnknownId("region", *id, ids)});
    Answer error;
    auto a = ResolvedAssumptions(data, &error);
    if (!a) return error;
    view = calc::ViewOfRegion(data, *a, *id);
    if (!view) {
      error.exit_code = kDataError;
      error.body = Json::object();
      error.body["error"]["exit_code"] = kDataError;
      error.body["error"]["kind"] = "data";
      error.body["error"]["messages"] = Json::array(
          {"data/regions.json: error: no FX rate converts prices into region '" + *id + "'"});
      return error;
    }
  }
  const Dataset& d = view ? view->data : data;
  const calc::RegionalView* v = view ? &*view : nullptr;
  auto in_region = [&](Answer a) {
    if (v != nullptr && a.exit_code == kOk && a.body.is_object()) {
      const Region* region = data.FindRegion(request.at("region").get<std::string>());
      a.body["region"] = region->id;
      a.body["currency"] = region->currency;
      if (command == "breakeven" && request.contains("cloud"))
        a.body["cloud_converted"] = v->converts_cloud;
    }
    return a;
  };
  if (command == "vram") return Vram(r, data, request);
  if (command == "fit") return in_region(Fit(r, d, request, v));
  if (command == "breakeven") return in_region(Breakeven(r, d, v));
  if (command == "rank") return in_region(Rank(r, d, v));
  if (command == "maxctx") return MaxContext(r, data, request);
  if (command == "largest") return Largest(r, data);
  if (command == "media") return in_region(Media(r, d, v));
  return RequestErrors(
      {UnknownId("calc command", command,
                 {"breakeven", "fit", "largest", "maxctx", "media", "rank", "vram"})});
}

std::string AnswerRequestText(const Dataset& data, std::string_view request_json) {
  Answer a;
  Json request;
  if (auto error = ParseJsonText(request_json, &request))
    a = RequestErrors({error->reason.rfind("JSON nested", 0) == 0
                           ? "request " + error->reason.substr(5)
                           : std::string("request is not valid JSON")});
  else
    a = AnswerRequest(data, request);
  return AnswerText(a.body);
}

}  // namespace gg::calcapi
