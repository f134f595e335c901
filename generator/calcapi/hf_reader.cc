#include "calcapi/hf_reader.h"

#include <cmath>
#include <vector>

#include "base/suggest.h"
#include "calcapi/json_text.h"

namespace gg::calcapi::hf {

namespace {

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
                                       "index_head_dim",
                                       "index_n_heads",
                                       "index_topk",
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
                                       "quantization_config",
                                       "use_qk_norm",
                                       "lm_head_bias",
                                       "hybrid_override_pattern",
                                       "mamba_num_heads",
                                       "mamba_head_dim",
                                       "ssm_state_size",
                                       "n_groups",
                                       "conv_kernel",
                                       "use_conv_bias",
                                       "mamba_proj_bias",
                                       "mlp_bias",
                                       "moe_shared_expert_intermediate_size"};
  for (const char* name : kNames)
    if (key == name) return true;
  return false;
}

}  // namespace

const Family kFamilies[21] = {
    {"LlamaForCausalLM", "llama", "LlamaConfig", Kind::kLlama},
    {"MistralForCausalLM", "mistral", "MistralConfig", Kind::kMistral},
    {"MixtralForCausalLM", "mixtral", "MixtralConfig", Kind::kMixtral},
    {"Qwen2ForCausalLM", "qwen2", "Qwen2Config", Kind::kQwen2},
    {"Qwen3ForCausalLM", "qwen3", "Qwen3Config", Kind::kQwen3},
    {"Qwen3MoeForCausalLM", "qwen3_moe", "Qwen3MoeConfig", Kind::kQwen3Moe},
    {"Gemma3ForCausalLM", "gemma3_text", "Gemma3TextConfig", Kind::kGemma3},
    {"Gemma3ForConditionalGeneration", "gemma3", "Gemma3TextConfig", Kind::kGemma3, true},
    {"DeepseekV3ForCausalLM", "deepseek_v3", "DeepseekV3Config", Kind::kDeepseekV3},
    {"DeepseekV32ForCausalLM", "deepseek_v32", "DeepseekV32Config", Kind::kDeepseekV3},
    {"GptOssForCausalLM", "gpt_oss", "GptOssConfig", Kind::kGptOss},
    {"Qwen3NextForCausalLM", "qwen3_next", "Qwen3NextConfig", Kind::kQwen3Next},
    {"Gemma2ForCausalLM", "gemma2", "Gemma2Config", Kind::kGemma2},
    {"Phi3ForCausalLM", "phi3", "Phi3Config", Kind::kPhi3},
    {"PhiMoEForCausalLM", "phimoe", "PhimoeConfig", Kind::kPhiMoe},
    {"DeepseekV2ForCausalLM", "deepseek_v2", "DeepseekV2Config", Kind::kDeepseekV2},
    {"Qwen2MoeForCausalLM", "qwen2_moe", "Qwen2MoeConfig", Kind::kQwen2Moe},
    {"CohereForCausalLM", "cohere", "CohereConfig", Kind::kCohere},
    {"Olmo2ForCausalLM", "olmo2", "Olmo2Config", Kind::kOlmo2},
    {"Olmo3ForCausalLM", "olmo3", "Olmo3Config", Kind::kOlmo3},
    {"NemotronHForCausalLM", "nemotron_h", "NemotronHConfig", Kind::kNemotronH},
};

std::string Shown(const Json& v) {
  std::string s = ShownJson(v);
  return s.size() > 40 ? s.substr(0, 37) + "..." : s;
}

int64_t Fields::Count(const char* name, int64_t hi, std::optional<int64_t> fallback, int64_t lo) {
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
    Problem(name, "is missing (" + wanted + ")" + (hint.empty() ? "" : "; " + hint), "missing");
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
    Problem(name, "must be " + wanted + ", got " + Shown(*v), "invalid", {{"got", Shown(*v)}});
    return 0;
  }
  if (x < static_cast<double>(lo)) {
    Problem(name, "must be " + wanted + ", got " + Shown(*v), "invalid", {{"got", Shown(*v)}});
    return 0;
  }
  if (x > static_cast<double>(hi)) {
    Problem(name, "must be at most " + std::to_string(hi) + ", got " + Shown(*v), "too_large",
            {{"max", hi}, {"got", Shown(*v)}});
    return 0;
  }
  return static_cast<int64_t>(x);
}

bool Fields::Flag(const char* name, bool fallback) {
  const Json* v = Get(name);
  if (v == nullptr) return fallback;
  if (v->is_boolean()) return v->get<bool>();
  Problem(name, "must be true or false, got " + Shown(*v), "invalid", {{"got", Shown(*v)}});
  return fallback;
}

std::optional<std::string> Fields::Text(const char* name) {
  const Json* v = Get(name);
  if (v == nullptr) return std::nullopt;
  if (v->is_string()) return v->get<std::string>();
  Problem(name, "must be a string, got " + Shown(*v), "invalid", {{"got", Shown(*v)}});
  return std::nullopt;
}

}  // namespace gg::calcapi::hf
