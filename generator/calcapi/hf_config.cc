#include "calcapi/hf_config.h"

#include <cstdint>
#include <optional>

#include "calcapi/hf_params.h"
#include "calcapi/hf_reader.h"

namespace gg::calcapi {

namespace {

using namespace hf;  // NOLINT: the reader's vocabulary

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
  // The attention's shape, as data/models.json requires it (data/load_dataset.cc): KV heads
  // are shared by groups of query heads, and the query heads' width stays within the sizes
  // a model may have.
  if (s->heads > 0 && s->kv_heads > 0 && (s->kv_heads > s->heads || s->heads % s->kv_heads != 0))
    f.Problem("num_key_value_heads", "must divide num_attention_heads (" +
                                         std::to_string(s->heads) + "), got " +
                                         std::to_string(s->kv_heads));
  if (s->heads > 0 && s->head_dim > 0 && s->heads * s->head_dim > kMaxHidden)
    f.Problem("head_dim", "times num_attention_heads must be at most " +
                              std::to_string(kMaxHidden) + ", got " + std::to_string(s->head_dim) +
                              " × " + std::to_string(s->heads));
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
  if (f.Get("index_head_dim") || f.Get("index_n_heads") || f.Get("index_topk")) {
    mla.index_head_dim = f.Count("index_head_dim", kMaxHeads);
    mla.index_heads = f.Count("index_n_heads", kMaxHeads);
    const int64_t topk = f.Count("index_topk", kMaxContext);
    m->dsa_indexer = DsaIndexer{static_cast<int>(mla.index_head_dim),
                                static_cast<int>(mla.index_heads), static_cast<int>(topk)};
  }
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

}  // namespace

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