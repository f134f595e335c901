#include "calcapi/hf_config.h"

#include <cmath>
#include <cstdint>
#include <optional>

#include "base/suggest.h"
#include "calcapi/hf_params.h"

namespace gg::calcapi {

namespace {

// The limits of data/models.json (data/README.md "Limits every file obeys"), so that a pasted
// config can describe nothing the data could not.
constexpr int64_t kMaxLayers = 10000;
constexpr int64_t kMaxHidden = 1048576;
constexpr int64_t kMaxWidth = 4194304;
constexpr int64_t kMaxHeads = 65536;
constexpr int64_t kMaxVocab = 100000000;
constexpr int64_t kMaxContext = 1000000000;
constexpr int64_t kMaxExperts = 65536;
constexpr int64_t kMaxRank = 1048576;
constexpr double kMaxParams = 1e14;  // params_b at most 100,000

enum class Kind {
  kLlama,
  kMistral,
  kMixtral,
  kQwen2,
  kQwen3,
  kQwen3Moe,
  kGemma3,
  kDeepseekV3,
  kGptOss,
  kQwen3Next
};

struct Family {
  const char* architecture;
  const char* model_type;
  const char* config_class;  // whose defaults apply to absent fields
  Kind kind;
  bool nested_text = false;  // the text model's fields are under text_config
};

constexpr Family kFamilies[] = {
    {"LlamaForCausalLM", "llama", "LlamaConfig", Kind::kLlama},
    {"MistralForCausalLM", "mistral", "MistralConfig", Kind::kMistral},
    {"MixtralForCausalLM", "mixtral", "MixtralConfig", Kind::kMixtral},
    {"Qwen2ForCausalLM", "qwen2", "Qwen2Config", Kind::kQwen2},
    {"Qwen3ForCausalLM", "qwen3", "Qwen3Config", Kind::kQwen3},
    {"Qwen3MoeForCausalLM", "qwen3_moe", "Qwen3MoeConfig", Kind::kQwen3Moe},
    {"Gemma3ForCausalLM", "gemma3_text", "Gemma3TextConfig", Kind::kGemma3},
    {"Gemma3ForConditionalGeneration", "gemma3", "Gemma3TextConfig", Kind::kGemma3, true},
    {"DeepseekV3ForCausalLM", "deepseek_v3", "DeepseekV3Config", Kind::kDeepseekV3},
    {"GptOssForCausalLM", "gpt_oss", "GptOssConfig", Kind::kGptOss},
    {"Qwen3NextForCausalLM", "qwen3_next", "Qwen3NextConfig", Kind::kQwen3Next},
};

// Every field name the families read: a key among them is never a misspelling of another.
bool IsFieldName(const std::string& key) {
  static const char* const kNames[] = {"num_hidden_layers",
                                       "hidden_size",
                                       "num_attention_heads",
                                       "num_key_value_heads",
                                       "head_dim",
                                       "vocab_size",
                                       "max_position_embeddings",
                                       "tie_word_embeddings",
                                       "intermediate_size",
                                       "attention_bias",
                                       "num_local_experts",
                                       "num_experts_per_tok",
                                       "experts_per_token",
                                       "num_experts",
                                       "moe_intermediate_size",
                                       "decoder_sparse_step",
                                       "mlp_only_layers",
                                       "q_lora_rank",
                                       "kv_lora_rank",
                                       "qk_nope_head_dim",
                                       "qk_rope_head_dim",
                                       "v_head_dim",
                                       "n_routed_experts",
                                       "n_shared_experts",
                                       "first_k_dense_replace",
                                       "moe_layer_freq",
                                       "num_nextn_predict_layers",
                                       "linear_num_key_heads",
                                       "linear_num_value_heads",
                                       "linear_key_head_dim",
                                       "linear_value_head_dim",
                                       "linear_conv_kernel_dim",
                                       "shared_expert_intermediate_size",
                                       "full_attention_interval",
                                       "sliding_window_pattern",
                                       "sliding_window",
                                       "attention_chunk_size",
                                       "layer_types",
                                       "use_sliding_window",
                                       "torch_dtype",
                                       "dtype",
                                       "quantization_config"};
  for (const char* name : kNames)
    if (key == name) return true;
  return false;
}

std::string Shown(const Json& v) {
  std::string s = v.dump(-1, ' ', false, Json::error_handler_t::replace);
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

// Reads the fields of one object of the config (the top level, or text_config), recording
// problems and notices in the HfModel. A field at fault reads as 0 (or its fallback), so the
// arithmetic that follows stays harmless until the problems are reported.
class Fields {
 public:
  Fields(const Json& obj, std::string prefix, const Family& family, HfModel* out)
      : obj_(obj), prefix_(std::move(prefix)), family_(family), out_(out) {}

  std::string Path(const char* name) const { return prefix_ + name; }
  const Json* Get(const char* name) const {
    auto it = obj_.find(name);
    return it == obj_.end() || it->is_null() ? nullptr : &*it;
  }
  void Problem(const char* name, const std::string& message) {
    out_->problems.push_back({Path(name), Path(name) + " " + message});
  }
  void Notice(const std::string& text) { out_->notices.push_back(text); }
  void Defaulted(const char* name, const std::string& value) {
    Notice(Path(name) + " is absent: " + family_.config_class + "'s default " + value + " is used");
  }

  // A whole number in [lo, hi]; absent: `fallback` (with a notice) or a problem.
  int64_t Count(const char* name, int64_t hi, std::optional<int64_t> fallback = std::nullopt,
                int64_t lo = 1) {
    const Json* v = Get(name);
    const std::string wanted = lo == 1 ? "a positive integer" : "a whole number of at least 0";
    if (v == nullptr) {
      if (fallback) {
        Defaulted(name, std::to_string(*fallback));
        return *fallback;
      }
      // A near miss among the keys no family reads ("hiden_size"), never another field.
      std::vector<std::string> keys;
      for (const auto& [key, value] : obj_.items())
        if (!IsFieldName(key)) keys.push_back(key);
      const std::string hint = DidYouMean(name, keys);
      Problem(name, "is missing (" + wanted + ")" + (hint.empty() ? "" : "; " + hint));
      return 0;
    }
    double x = 0;
    if (v->is_number_unsigned()) {
      x = static_cast<double>(v->get<uint64_t>());
    } else if (v->is_number_integer()) {
      x = static_cast<double>(v->get<int64_t>());
    } else if (v->is_number_float() && std::isfinite(v->get<double>()) &&
               v->get<double>() == std::floor(v->get<double>())) {
      x = v->get<double>();
    } else {
      Problem(name, "must be " + wanted + ", got " + Shown(*v));
      return 0;
    }
    if (x < static_cast<double>(lo)) {
      Problem(name, "must be " + wanted + ", got " + Shown(*v));
      return 0;
    }
    if (x > static_cast<double>(hi)) {
      Problem(name, "must be at most " + std::to_string(hi) + ", got " + Shown(*v));
      return 0;
    }
    return static_cast<int64_t>(x);
  }

  bool Flag(const char* name, bool fallback) {
    const Json* v = Get(name);
    if (v == nullptr) return fallback;
    if (v->is_boolean()) return v->get<bool>();
    Problem(name, "must be true or false, got " + Shown(*v));
    return fallback;
  }

  std::optional<std::string> Text(const char* name) {
    const Json* v = Get(name);
    if (v == nullptr) return std::nullopt;
    if (v->is_string()) return v->get<std::string>();
    Problem(name, "must be a string, got " + Shown(*v));
    return std::nullopt;
  }

  const Family& family() const { return family_; }

 private:
  const Json& obj_;
  std::string prefix_;
  const Family& family_;
  HfModel* out_;
};

// The sizes every family has.
void ReadCommon(Fields& f, HfShape* s, LlmModel* m) {
  const Kind kind = f.family().kind;
  const bool gemma = kind == Kind::kGemma3;
  s->layers = f.Count("num_hidden_layers", kMaxLayers);
  s->hidden = f.Count("hidden_size", kMaxHidden);
  s->heads = f.Count("num_attention_heads", kMaxHeads);
  s->kv_heads = f.Count("num_key_value_heads", kMaxHeads,
                        s->heads > 0 ? std::optional<int64_t>(s->heads) : std::nullopt);
  std::optional<int64_t> head_dim;
  if (s->heads > 0 && s->hidden > 0 && s->hidden % s->heads == 0) head_dim = s->hidden / s->heads;
  // Without a valid hidden_size and head count (already a problem), no default to offer.
  if (kind != Kind::kDeepseekV3 &&
      (head_dim || f.Get("head_dim") || (s->heads > 0 && s->hidden > 0)))
    s->head_dim = f.Count("head_dim", kMaxHeads, head_dim);
  s->vocab =
      f.Count("vocab_size", kMaxVocab, gemma ? std::optional<int64_t>(262208) : std::nullopt);
  m->max_context = static_cast<int>(f.Count("max_position_embeddings", kMaxContext,
                                            gemma ? std::optional<int64_t>(131072) : std::nullopt));
  s->tied = f.Flag("tie_word_embeddings", gemma);
  s->dense_width = f.Count("intermediate_size", kMaxWidth);
  s->layer_kind.assign(static_cast<size_t>(s->layers), LayerKind::kFull);
  s->moe_layer.assign(static_cast<size_t>(s->layers), false);
}

// layer_types (transformers ≥ 4.53): one kind per layer. False when absent.
bool ReadLayerTypes(Fields& f, HfShape* s) {
  const Json* v = f.Get("layer_types");
  if (v == nullptr) return false;
  if (!v->is_array() || static_cast<int64_t>(v->size()) != s->layers) {
    f.Problem("layer_types", "must list one kind per layer (" + std::to_string(s->layers) +
                                 " strings), got " + Shown(*v));
    return true;
  }
  const std::pair<const char*, LayerKind> kinds[] = {{"full_attention", LayerKind::kFull},
                                                     {"sliding_attention", LayerKind::kSliding},
                                                     {"chunked_attention", LayerKind::kChunked},
                                                     {"linear_attention", LayerKind::kRecurrent}};
  for (size_t i = 0; i < v->size(); ++i) {
    const Json& item = (*v)[i];
    bool known = false;
    for (const auto& [id, kind] : kinds)
      if (item.is_string() && item.get<std::string>() == id) {
        known = kind != LayerKind::kRecurrent || s->delta_net.has_value();
        s->layer_kind[i] = kind;
      }
    if (!known) {
      f.Problem("layer_types", "[" + std::to_string(i) + "] " + Shown(item) +
                                   " is not a layer kind the calculator represents for " +
                                   f.family().architecture);
      return true;
    }
  }
  return true;
}

// Routed experts of the Qwen3-MoE kind (num_experts, decoder_sparse_step, mlp_only_layers).
void ReadQwenExperts(Fields& f, HfShape* s) {
  ExpertShape e;
  e.total = f.Count("num_experts", kMaxExperts);
  e.active = f.Count("num_experts_per_tok", e.total > 0 ? e.total : kMaxExperts);
  e.width = f.Count("moe_intermediate_size", kMaxWidth);
  const int64_t step = f.Count("decoder_sparse_step", kMaxLayers, 1);
  std::vector<bool> dense(s->moe_layer.size(), false);
  if (const Json* only = f.Get("mlp_only_layers")) {
    bool ok = only->is_array();
    if (ok)
      for (const Json& i : *only) {
        ok = ok && i.is_number_integer() && i.get<int64_t>() >= 0 && i.get<int64_t>() < s->layers;
        if (ok) dense[static_cast<size_t>(i.get<int64_t>())] = true;
      }
    if (!ok)
      f.Problem("mlp_only_layers", "must list layer numbers from 0 to " +
                                       std::to_string(s->layers - 1) + ", got " + Shown(*only));
  }
  for (size_t i = 0; i < s->moe_layer.size(); ++i)
    s->moe_layer[i] = !dense[i] && step > 0 && (i + 1) % static_cast<size_t>(step) == 0;
  s->experts = e;
}

void ReadDeepseek(Fields& f, HfShape* s, LlmModel* m) {
  MlaShape mla;
  mla.q_lora_rank = f.Get("q_lora_rank") ? f.Count("q_lora_rank", kMaxRank) : 0;
  mla.kv_lora_rank = f.Count("kv_lora_rank", kMaxRank);
  mla.qk_nope_head_dim = f.Count("qk_nope_head_dim", kMaxHeads);
  mla.qk_rope_head_dim = f.Count("qk_rope_head_dim", kMaxHeads);
  mla.v_head_dim = f.Count("v_head_dim", kMaxHeads);
  s->mla = mla;
  s->head_dim = mla.v_head_dim;
  m->mla = MlaDims{static_cast<int>(mla.kv_lora_rank), static_cast<int>(mla.qk_rope_head_dim)};
  ExpertShape e;
  e.total = f.Count("n_routed_experts", kMaxExperts);
  e.active = f.Count("num_experts_per_tok", e.total > 0 ? e.total : kMaxExperts);
  e.width = f.Count("moe_intermediate_size", kMaxWidth);
  e.shared = f.Count("n_shared_experts", kMaxExperts, std::nullopt, 0);
  e.shared_width = e.width;
  e.router_bias = true;  // e_score_correction_bias
  s->experts = e;
  const int64_t first_dense = f.Count("first_k_dense_replace", kMaxLayers, 0, 0);
  const int64_t freq = f.Count("moe_layer_freq", kMaxLayers, 1);
  for (size_t i = 0; i < s->moe_layer.size(); ++i)
    s->moe_layer[i] =
        static_cast<int64_t>(i) >= first_dense && freq > 0 && i % static_cast<size_t>(freq) == 0;
  if (const int64_t mtp = f.Get("num_nextn_predict_layers")
                              ? f.Count("num_nextn_predict_layers", kMaxLayers, 0, 0)
                              : 0)
    f.Notice("num_nextn_predict_layers: the " + std::to_string(mtp) +
             " multi-token-prediction layer(s) are not counted (llama.cpp does not load them)");
}

void ReadGptOss(Fields& f, HfShape* s) {
  s->qkv_bias = s->o_bias = f.Flag("attention_bias", true);
  s->sinks = true;
  ExpertShape e;
  e.total = f.Count("num_local_experts", kMaxExperts);
  const char* per_token =
      f.Get("num_experts_per_tok") ? "num_experts_per_tok" : "experts_per_token";
  e.active = f.Count(per_token, e.total > 0 ? e.total : kMaxExperts);
  e.width = s->dense_width;
  e.router_bias = e.expert_bias = true;
  s->experts = e;
  s->moe_layer.assign(s->moe_layer.size(), true);
  if (!ReadLayerTypes(f, s))  // GptOssConfig's default: sliding, full, sliding, …
    for (size_t i = 0; i < s->layer_kind.size(); ++i)
      s->layer_kind[i] = i % 2 == 0 ? LayerKind::kSliding : LayerKind::kFull;
}

void ReadQwen3Next(Fields& f, HfShape* s) {
  s->qk_norm = s->gated_q = true;
  DeltaNetShape d;
  d.key_heads = f.Count("linear_num_key_heads", kMaxHeads);
  d.value_heads = f.Count("linear_num_value_heads", kMaxHeads);
  d.key_head_dim = f.Count("linear_key_head_dim", kMaxHeads);
  d.value_head_dim = f.Count("linear_value_head_dim", kMaxHeads);
  d.conv_kernel = f.Count("linear_conv_kernel_dim", 1024);
  s->delta_net = d;
  ReadQwenExperts(f, s);
  s->experts->shared_width = f.Count("shared_expert_intermediate_size", kMaxWidth, 0, 0);
  s->experts->shared = s->experts->shared_width > 0 ? 1 : 0;
  s->experts->shared_gate = s->experts->shared > 0;
  if (!ReadLayerTypes(f, s)) {
    const int64_t every = f.Count("full_attention_interval", kMaxLayers, 4);
    for (size_t i = 0; i < s->layer_kind.size(); ++i)
      s->layer_kind[i] = every > 0 && (i + 1) % static_cast<size_t>(every) == 0
                             ? LayerKind::kFull
                             : LayerKind::kRecurrent;
  }
}

// A sliding window the engine of the guide (llama.cpp) does not apply to this family.
void UnusedWindow(Fields& f, const char* why) {
  if (const Json* w = f.Get("sliding_window"); w != nullptr && f.Flag("use_sliding_window", true))
    f.Notice(f.Path("sliding_window") + " " + Shown(*w) + " is not applied: " + why);
}

void ReadFamily(Fields& f, HfShape* s, LlmModel* m) {
  switch (f.family().kind) {
    case Kind::kLlama:
    case Kind::kMistral:
      s->qkv_bias = s->o_bias = f.Flag("attention_bias", false);
      UnusedWindow(f, "llama.cpp keeps a full KV cache in every layer of Llama and Mistral models");
      ReadLayerTypes(f, s);
      break;
    case Kind::kMixtral:
      s->experts = ExpertShape{f.Count("num_local_experts", kMaxExperts), 0, s->dense_width};
      s->experts->active =
          f.Count("num_experts_per_tok", s->experts->total > 0 ? s->experts->total : kMaxExperts);
      s->moe_layer.assign(s->moe_layer.size(), true);
      UnusedWindow(f, "llama.cpp keeps a full KV cache in every layer of Mixtral");
      ReadLayerTypes(f, s);
      break;
    case Kind::kQwen2:
      s->qkv_bias = true;
      UnusedWindow(f, "llama.cpp keeps a full KV cache in every layer of Qwen2 models");
      ReadLayerTypes(f, s);
      break;
    case Kind::kQwen3:
    case Kind::kQwen3Moe:
      s->qk_norm = true;
      s->qkv_bias = s->o_bias = f.Flag("attention_bias", false);
      if (f.family().kind == Kind::kQwen3Moe) ReadQwenExperts(f, s);
      UnusedWindow(f, "llama.cpp keeps a full KV cache in every layer of Qwen3 models");
      ReadLayerTypes(f, s);
      break;
    case Kind::kGemma3:
      s->qk_norm = true;
      s->norms_per_layer = 4;
      if (!ReadLayerTypes(f, s)) {
        const int64_t every = f.Count("sliding_window_pattern", kMaxLayers, 6);
        for (size_t i = 0; i < s->layer_kind.size(); ++i)
          s->layer_kind[i] = every > 0 && (i + 1) % static_cast<size_t>(every) == 0
                                 ? LayerKind::kFull
                                 : LayerKind::kSliding;
      }
      break;
    case Kind::kDeepseekV3:
      ReadDeepseek(f, s, m);
      break;
    case Kind::kGptOss:
      ReadGptOss(f, s);
      break;
    case Kind::kQwen3Next:
      ReadQwen3Next(f, s);
      break;
  }
}

const Family* FindFamily(const Json& config, HfModel* out) {
  std::string name;
  const char* field = "architectures";
  auto arch = config.find("architectures");
  if (arch != config.end() && arch->is_array() && !arch->empty() && (*arch)[0].is_string()) {
    name = (*arch)[0].get<std::string>();
    for (const Family& f : kFamilies)
      if (name == f.architecture) return &f;
  } else if (auto type = config.find("model_type"); type != config.end() && type->is_string()) {
    name = type->get<std::string>();
    field = "model_type";
    for (const Family& f : kFamilies)
      if (name == f.model_type) return &f;
  } else {
    out->problems.push_back({"architectures",
                             "architectures is missing: config.json names the "
                             "model class there, e.g. [\"LlamaForCausalLM\"]"});
    return nullptr;
  }
  std::string list;
  for (const std::string& a : SupportedArchitectures()) list += (list.empty() ? "" : ", ") + a;
  out->problems.push_back({field, std::string("unknown ") +
                                      (field[0] == 'a' ? "architecture" : "model_type") + " '" +
                                      name + "' (supported: " + list + ")"});
  return nullptr;
}

// The window of sliding (sliding_window) and chunked (attention_chunk_size) layers.
void ReadWindow(Fields& f, const HfShape& s, LlmModel* m) {
  bool sliding = false, chunked = false;
  for (LayerKind k : s.layer_kind) {
    sliding = sliding || k == LayerKind::kSliding;
    chunked = chunked || k == LayerKind::kChunked;
  }
  if (!sliding && !chunked) return;
  std::optional<int64_t> fallback;
  if (f.family().kind == Kind::kGemma3) fallback = 4096;
  if (f.family().kind == Kind::kGptOss) fallback = 128;
  m->window = static_cast<int>(
      f.Count(sliding ? "sliding_window" : "attention_chunk_size", kMaxContext, fallback));
  if (sliding && chunked)
    f.Problem("layer_types",
              "mixes sliding and chunked layers, which the calculator cannot represent");
}

// The format the weights are published in: torch_dtype (or dtype), and quantization_config
// for FP8 with block scales (DeepSeek) and MXFP4 experts (gpt-oss).
void ReadPrecision(const Json& top, Fields& f, const HfShape& s, LlmModel* m) {
  const Json* q = f.Get("quantization_config");
  if (q == nullptr && top.contains("quantization_config")) q = &top["quantization_config"];
  std::optional<std::string> dtype = f.Text(f.Get("torch_dtype") ? "torch_dtype" : "dtype");
  if (!dtype) {  // a multimodal config gives it at the top level
    auto t = top.find(top.contains("torch_dtype") ? "torch_dtype" : "dtype");
    if (t != top.end() && t->is_string()) dtype = t->get<std::string>();
  }
  std::string weights = "bf16";
  if (!dtype) {
    f.Notice("torch_dtype is absent: the weights are taken as published in BF16");
  } else if (*dtype == "bfloat16" || *dtype == "float16" || *dtype == "float32") {
    weights = *dtype == "bfloat16" ? "bf16" : *dtype == "float16" ? "fp16" : "fp32";
  } else {
    f.Problem("torch_dtype",
              "'" + *dtype + "' is not a format the calculator knows (bfloat16, float16, float32)");
  }
  m->native_precision = weights;
  if (q == nullptr) return;
  std::string method;
  if (q->is_object() && q->contains("quant_method") && (*q)["quant_method"].is_string())
    method = (*q)["quant_method"].get<std::string>();
  if (method == "fp8") {
    m->native_precision = "fp8";
    auto block = q->find("weight_block_size");
    if (block != q->end() && block->is_array() && block->size() == 2 &&
        (*block)[0].is_number_integer() && (*block)[0] == (*block)[1] &&
        (*block)[0].get<int64_t>() > 0 && (*block)[0].get<int64_t>() <= 65536)
      m->native_scale_block = static_cast<int>((*block)[0].get<int64_t>());
    else
      f.Notice(
          "quantization_config: FP8 without square weight_block_size, counted with per-tensor "
          "scales");
  } else if (method == "mxfp4" && s.experts) {
    m->native_precision = "mxfp4";
    m->native_other_precision = weights;
  } else {
    f.Notice("quantization_config (" +
             (method.empty() ? std::string("no quant_method") : "'" + method + "'") +
             ") is not read: the precision 'native' counts the weights as " + weights +
             "; choose the format of the quantised files instead");
  }
}

// The LlmModel the calculator reads, from the shape and its parameter count.
void FillModel(const HfShape& s, HfModel* out) {
  const ParamCount count = CountParams(s);
  if (!(count.total <= kMaxParams)) {
    out->problems.push_back({"", "the config describes " + Shown(Json(count.total)) +
                                     " parameters; the calculator takes at most 1e14"});
    return;
  }
  out->params = count.total;
  out->active_params = count.active;
  LlmModel& m = out->model;
  m.id = m.name = out->architecture;
  m.params_b = count.total / 1e9;
  m.active_params_b = count.active / 1e9;
  m.layers = static_cast<int>(s.layers);
  m.hidden_size = static_cast<int>(s.hidden);
  m.intermediate_size = static_cast<int>(s.experts ? s.experts->width : s.dense_width);
  m.attention_heads = static_cast<int>(s.heads);
  m.kv_heads = static_cast<int>(s.kv_heads);
  m.head_dim = static_cast<int>(s.head_dim);
  m.vocab_size = static_cast<int>(s.vocab);
  m.tied_embeddings = s.tied;
  if (s.experts)
    m.experts = MoeExperts{static_cast<int>(s.experts->total), static_cast<int>(s.experts->active)};
  bool recurrent = false, mixed = false;
  for (LayerKind k : s.layer_kind) {
    recurrent = recurrent || k == LayerKind::kRecurrent;
    mixed = mixed || k != LayerKind::kFull;
  }
  if (mixed) m.layer_pattern = s.layer_kind;
  if (recurrent && s.delta_net) {
    const DeltaNetShape& d = *s.delta_net;
    const int64_t state = d.value_heads * d.key_head_dim * d.value_head_dim;
    const int64_t conv =
        (d.conv_kernel - 1) * (2 * d.key_heads * d.key_head_dim + d.value_heads * d.value_head_dim);
    if (state > INT32_MAX || conv > INT32_MAX) {
      out->problems.push_back({"linear_num_value_heads",
                               "the linear-attention state of this config is too large to count"});
      return;
    }
    m.recurrent_state = RecurrentState{static_cast<int>(state), static_cast<int>(conv)};
  }
  m.prov.note = "counted from a pasted config.json";
}

}  // namespace

Json ConfigSummary(const HfModel& m) {
  Json j;
  j["architecture"] = m.architecture;
  j["params"] = static_cast<int64_t>(std::llround(m.params));
  j["active_params"] = static_cast<int64_t>(std::llround(m.active_params));
  j["layers"] = m.model.layers;
  j["max_context"] = m.model.max_context;
  j["notices"] = m.notices;
  return j;
}

std::vector<std::string> SupportedArchitectures() {
  std::vector<std::string> ids;
  for (const Family& f : kFamilies) ids.emplace_back(f.architecture);
  return ids;
}

HfModel ModelFromHfConfig(const Json& config) {
  HfModel out;
  if (!config.is_object()) {
    out.problems.push_back({"", "config.json must be a JSON object, got " + Shown(config)});
    return out;
  }
  const Family* family = FindFamily(config, &out);
  if (family == nullptr) return out;
  out.architecture = family->architecture;
  const Json* text = &config;
  std::string prefix;
  if (family->nested_text) {
    auto t = config.find("text_config");
    if (t == config.end() || !t->is_object()) {
      out.problems.push_back({"text_config", std::string("text_config is missing: ") +
                                                 family->architecture +
                                                 " keeps the text model's sizes there"});
      return out;
    }
    text = &*t;
    prefix = "text_config.";
    if (config.contains("vision_config"))
      out.notices.push_back(
          "vision_config: the vision encoder is not counted (llama.cpp loads it from a separate "
          "mmproj file, only for images)");
  }
  Fields f(*text, prefix, *family, &out);
  HfShape s;
  ReadCommon(f, &s, &out.model);
  ReadFamily(f, &s, &out.model);
  ReadWindow(f, s, &out.model);
  ReadPrecision(config, f, s, &out.model);
  if (!out.problems.empty()) return out;
  FillModel(s, &out);
  return out;
}

}  // namespace gg::calcapi
