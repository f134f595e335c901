#include "calc/memory.h"

#include <algorithm>

namespace gg::calc {

namespace {

struct PrecisionInfo {
  Precision p;
  const char* id;
  double fixed_bytes;  // 0 when bits come from an assumption
  double Assumptions::*bits = nullptr;
};

constexpr PrecisionInfo kPrecisions[] = {
    {Precision::kFp32, "fp32", 4},
    {Precision::kBf16, "bf16", 2},
    {Precision::kFp16, "fp16", 2},
    {Precision::kFp8, "fp8", 1},
    {Precision::kInt8, "int8", 1},
    {Precision::kInt4, "int4", 0.5},
    {Precision::kQ8_0, "q8_0", 0, &Assumptions::bits_q8_0},
    {Precision::kQ6_K, "q6_k", 0, &Assumptions::bits_q6_k},
    {Precision::kQ5_K_M, "q5_k_m", 0, &Assumptions::bits_q5_k_m},
    {Precision::kQ4_K_M, "q4_k_m", 0, &Assumptions::bits_q4_k_m},
    {Precision::kGptq4, "gptq4", 0, &Assumptions::bits_gptq4},
    {Precision::kAwq4, "awq4", 0, &Assumptions::bits_awq4},
    {Precision::kNf4, "nf4", 0, &Assumptions::bits_nf4},
};

const PrecisionInfo& Info(Precision p) {
  for (const PrecisionInfo& i : kPrecisions)
    if (i.p == p) return i;
  return kPrecisions[0];
}

constexpr MemoryMode kModes[] = {MemoryMode::kInference, MemoryMode::kFull, MemoryMode::kLora,
                                 MemoryMode::kQlora};

double HeadDim(const LlmModel& m) {
  if (m.head_dim > 0) return m.head_dim;
  return m.attention_heads > 0 ? static_cast<double>(m.hidden_size) / m.attention_heads : 0;
}

}  // namespace

const char* PrecisionId(Precision p) {
  return Info(p).id;
}

std::optional<Precision> ParsePrecision(std::string_view id) {
  for (const PrecisionInfo& i : kPrecisions)
    if (id == i.id) return i.p;
  return std::nullopt;
}

std::vector<std::string> PrecisionIds() {
  std::vector<std::string> ids;
  for (const PrecisionInfo& i : kPrecisions) ids.emplace_back(i.id);
  return ids;
}

double BytesPerParam(Precision p, const Assumptions& assumptions) {
  const PrecisionInfo& i = Info(p);
  return i.bits != nullptr ? assumptions.*i.bits / 8.0 : i.fixed_bytes;
}

const char* MemoryModeId(MemoryMode m) {
  switch (m) {
    case MemoryMode::kInference:
      return "inference";
    case MemoryMode::kFull:
      return "full";
    case MemoryMode::kLora:
      return "lora";
    case MemoryMode::kQlora:
      return "qlora";
  }
  return "";
}

std::optional<MemoryMode> ParseMemoryMode(std::string_view id) {
  for (MemoryMode m : kModes)
    if (id == MemoryModeId(m)) return m;
  return std::nullopt;
}

double KvCacheBytesPerToken(const LlmModel& model, Precision kv, const Assumptions& assumptions) {
  const double bytes = BytesPerParam(kv, assumptions);
  const double layers = std::max(model.layers, 0);
  if (model.mla) return (model.mla->kv_lora_rank + model.mla->qk_rope_head_dim) * layers * bytes;
  return 2.0 * layers * std::max(model.kv_heads, 0) * HeadDim(model) * bytes;
}

double LoraAdapterParams(const LlmModel& model, int rank) {
  const double r = std::max(rank, 0);
  const double h = model.hidden_size;
  const double q_out = model.attention_heads * HeadDim(model);
  const double kv_out = model.kv_heads * HeadDim(model);
  double per_layer = r * ((h + q_out) + 2 * (h + kv_out) + (q_out + h));
  if (!model.experts) per_layer += 3 * r * (h + model.intermediate_size);
  return std::max(model.layers, 0) * per_layer;
}

double ActivationBytesPerLayer(const LlmModel& model, int64_t sequence, int64_t batch,
                               bool recompute) {
  if (sequence <= 0 || batch <= 0 || model.hidden_size <= 0) return 0;
  const double s = static_cast<double>(sequence);
  const double b = static_cast<double>(batch);
  const double h = model.hidden_size;
  const double a = std::max(model.attention_heads, 0);
  if (recompute) return 2 * s * b * h;
  return s * b * h * (34 + 5 * a * s / h);
}

MemoryBreakdown EstimateMemory(const LlmModel& model, const MemoryRequest& request,
                               const Assumptions& a) {
  MemoryBreakdown m;
  m.params = std::max(model.params_b, 0.0) * 1e9;
  const bool training = request.mode != MemoryMode::kInference;
  m.tokens =
      std::max<int64_t>(request.context.value_or(training ? a.training_sequence_length : 0), 0);
  m.batch = std::max<int64_t>(request.batch.value_or(training ? a.training_micro_batch : 1), 0);

  switch (request.mode) {
    case MemoryMode::kInference:
      m.weights_bytes = m.params * BytesPerParam(request.precision, a);
      m.kv_cache_bytes = KvCacheBytesPerToken(model, request.kv_precision, a) *
                         static_cast<double>(m.tokens) * static_cast<double>(m.batch);
      break;
    case MemoryMode::kFull:
      m.trainable_params = m.params;
      m.weights_bytes = m.params * a.weight_bytes_mixed;
      break;
    case MemoryMode::kLora:
    case MemoryMode::kQlora: {
      const Precision frozen =
          request.mode == MemoryMode::kQlora ? Precision::kNf4 : request.precision;
      m.trainable_params = LoraAdapterParams(model, a.lora_rank);
      m.weights_bytes =
          m.params * BytesPerParam(frozen, a) + m.trainable_params * a.weight_bytes_mixed;
      break;
    }
  }
  if (training) {
    m.gradients_bytes = m.trainable_params * a.gradient_bytes;
    m.optimizer_bytes = m.trainable_params * a.optimizer_bytes_per_param;
    m.activations_bytes =
        std::max(model.layers, 0) *
        ActivationBytesPerLayer(model, m.tokens, m.batch, request.gradient_checkpointing);
  }
  const double sum = m.weights_bytes + m.kv_cache_bytes + m.activations_bytes + m.gradients_bytes +
                     m.optimizer_bytes;
  m.overhead_bytes = a.runtime_overhead_fraction * sum;
  m.total_bytes = sum + m.overhead_bytes;
  return m;
}

}  // namespace gg::calc
