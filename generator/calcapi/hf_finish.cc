#include <cmath>

#include "calcapi/hf_reader.h"

namespace gg::calcapi {
namespace hf {

// The window of sliding (sliding_window) and chunked (attention_chunk_size) layers.
void ReadWindow(Fields& f, const HfShape& s, LlmModel* m) {
  bool sliding = false, chunked = false;
  for (LayerKind k : s.layer_kind) {
    sliding = sliding || k == LayerKind::kSliding;
    chunked = chunked || k == LayerKind::kChunked;
  }
  if (!sliding && !chunked) return;
  std::optional<int64_t> fallback;
  if (f.family().kind == Kind::kGemma3 || f.family().kind == Kind::kGemma2 ||
      f.family().kind == Kind::kOlmo3)
    fallback = 4096;
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
    out->problems.push_back({"",
                             "the config describes " + Shown(Json(count.total)) +
                                 " parameters; the calculator takes at most 1e14",
                             "too_big"});
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
                               "the linear-attention state of this config is too large to count",
                               "too_big"});
      return;
    }
    m.recurrent_state = RecurrentState{static_cast<int>(state), static_cast<int>(conv)};
  } else if (recurrent && s.mamba) {
    const Mamba2Shape& mm = *s.mamba;
    const int64_t state = mm.Inner() * mm.state;
    const int64_t conv = (mm.conv_kernel - 1) * mm.ConvWidth();
    if (state > INT32_MAX || conv > INT32_MAX) {
      out->problems.push_back(
          {"mamba_num_heads", "the Mamba-2 state of this config is too large to count", "too_big"});
      return;
    }
    m.recurrent_state = RecurrentState{static_cast<int>(state), static_cast<int>(conv)};
  }
  m.prov.note = "counted from a pasted config.json";
}

}  // namespace hf

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

}  // namespace gg::calcapi
