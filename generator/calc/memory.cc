#include "calc/memory.h"

#include <algorithm>

namespace gg::calc {

namespace {

struct PrecisionInfo {
  Precision p;
  const char* id;
  const char* name;
  double fixed_bytes;  // 0 when bits come from an assumption
  double Assumptions::*bits = nullptr;
  bool kv = false;  // a KV-cache format
};

constexpr PrecisionInfo kPrecisions[] = {
    {Precision::kFp32, "fp32", "FP32", 4, nullptr, true},
    {Precision::kBf16, "bf16", "BF16", 2, nullptr, true},
    {Precision::kFp16, "fp16", "FP16", 2, nullptr, true},
    {Precision::kFp8, "fp8", "FP8", 1, nullptr, true},
    {Precision::kInt8, "int8", "INT8", 1},
    {Precision::kInt4, "int4", "INT4", 0.5},
    {Precision::kQ8_0, "q8_0", "Q8_0", 0, &Assumptions::bits_q8_0, true},
    {Precision::kQ6_K, "q6_k", "Q6_K", 0, &Assumptions::bits_q6_k},
    {Precision::kQ5_K_M, "q5_k_m", "Q5_K_M", 0, &Assumptions::bits_q5_k_m},
    {Precision::kQ4_K_M, "q4_k_m", "Q4_K_M", 0, &Assumptions::bits_q4_k_m},
    {Precision::kGptq4, "gptq4", "GPTQ 4-bit", 0, &Assumptions::bits_gptq4},
    {Precision::kAwq4, "awq4", "AWQ 4-bit", 0, &Assumptions::bits_awq4},
    {Precision::kNf4, "nf4", "NF4", 0, &Assumptions::bits_nf4},
    {Precision::kQ4_0, "q4_0", "Q4_0", 18.0 / 32, nullptr, true},
    {Precision::kMxfp4, "mxfp4", "MXFP4", 17.0 / 32},
    {Precision::kNvfp4, "nvfp4", "NVFP4", 9.0 / 16},
    {Precision::kMxfp4Moe, "mxfp4_moe", "MXFP4 MoE", 17.0 / 32},
};

const PrecisionInfo& Info(Precision p) {
  for (const PrecisionInfo& i : kPrecisions)
    if (i.p == p) return i;
  return kPrecisions[0];
}

constexpr MemoryMode kModes[] = {MemoryMode::kInference, MemoryMode::kFull, MemoryMode::kLora,
                                 MemoryMode::kQlora};
constexpr Optimizer kOptimizers[] = {Optimizer::kAdamW, Optimizer::kAdamW8bit,
                                     Optimizer::kPagedAdamW8bit};

double HeadDim(const LlmModel& m) {
  if (m.head_dim > 0) return m.head_dim;
  return m.attention_heads > 0 ? static_cast<double>(m.hidden_size) / m.attention_heads : 0;
}

// llama.cpp allocates KV cells in multiples of 256 (llama_kv_cache's padding).
constexpr int64_t kKvCellPadding = 256;
// llama.cpp keeps recurrent (Mamba, Gated DeltaNet) states in F32.
constexpr double kRecurrentStateBytes = 4;
// llama.cpp's compute graphs hold logits, scores and activations in F32.
constexpr double kComputeBytes = 4;
// INT4 group quantisation (compressed-tensors): one BF16 or FP16 scale per group.
constexpr double kGroupScaleBytes = 2;
// DeepSeek Sparse Attention's indexer keys: FP8 values with one FP32 scale per 128-value block.
constexpr double kIndexerKeyBytes = 1;
constexpr double kIndexerScaleBytes = 4;
constexpr int64_t kIndexerScaleBlock = 128;

}  // namespace

const char* PrecisionId(Precision p) {
  return Info(p).id;
}

const char* PrecisionName(Precision p) {
  return Info(p).name;
}

std::optional<Precision> ParsePrecision(std::string_view id) {
  if (id == "f16") return Precision::kFp16;  // GGUF's spelling
  for (const PrecisionInfo& i : kPrecisions)
    if (id == i.id) return i.p;
  return std::nullopt;
}

std::vector<std::string> PrecisionIds() {
  std::vector<std::string> ids;
  for (const PrecisionInfo& i : kPrecisions) ids.emplace_back(i.id);
  return ids;
}

bool IsKvPrecision(Precision p) {
  return Info(p).kv;
}

std::vector<std::string> KvPrecisionIds() {
  std::vector<std::string> ids;
  for (const PrecisionInfo& i : kPrecisions)
    if (i.kv) ids.emplace_back(i.id);
  return ids;
}

Precision NativePrecision(const LlmModel& model) {
  return ParsePrecision(model.native_precision).value_or(Precision::kBf16);
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

const char* OptimizerId(Optimizer o) {
  switch (o) {
    case Optimizer::kAdamW:
      return "adamw";
    case Optimizer::kAdamW8bit:
      return "adamw8bit";
    case Optimizer::kPagedAdamW8bit:
      return "paged_adamw8bit";
  }
  return "";
}

std::optional<Optimizer> ParseOptimizer(std::string_view id) {
  for (Optimizer o : kOptimizers)
    if (id == OptimizerId(o)) return o;
  return std::nullopt;
}

double OptimizerBytesPerParam(Optimizer o, const Assumptions& a) {
  // optimizer_bytes_per_param is AdamW's 12 B: the FP32 master copy (4 B) and two FP32
  // moments. 8-bit AdamW keeps the master copy and two 1-byte moments.
  return o == Optimizer::kAdamW ? a.optimizer_bytes_per_param : 4.0 + 2.0;
}

double RoutedExpertParams(const LlmModel& model) {
  if (!model.experts) return 0;
  const int width = model.expert_hidden_size > 0 ? model.expert_hidden_size : model.hidden_size;
  const double p = std::max(model.layers, 0) * static_cast<double>(model.experts->total) * 3.0 *
                   width * static_cast<double>(model.intermediate_size);
  return std::min(p, std::max(model.params_b, 0.0) * 1e9);
}

namespace {
// Bytes per parameter of the routed experts and of everything else, for a format.
struct PartBytes {
  double experts = 0;
  double rest = 0;
};
PartBytes BytesByPart(const LlmModel& model, Precision precision, const Assumptions& a) {
  const double b = BytesPerParam(precision, a);
  if (precision == Precision::kMxfp4Moe) return {b, BytesPerParam(Precision::kQ8_0, a)};
  if (precision == Precision::kMxfp4 && model.native_precision == "mxfp4" &&
      !model.native_other_precision.empty()) {
    const Precision rest = ParsePrecision(model.native_other_precision).value_or(Precision::kBf16);
    return {b, BytesPerParam(rest, a)};
  }
  // Native INT4 (Kimi K2 Thinking): the experts as 4-bit integers with one 16-bit scale per
  // group of native_scale_block weights, the rest in native_other_precision.
  if (precision == Precision::kInt4 && model.native_precision == "int4") {
    const double grouped =
        b + (model.native_scale_block > 0 ? kGroupScaleBytes / model.native_scale_block : 0);
    const double rest =
        model.native_other_precision.empty()
            ? grouped
            : BytesPerParam(ParsePrecision(model.native_other_precision).value_or(Precision::kBf16),
                            a);
    return {grouped, rest};
  }
  double scaled = b;
  if (precision == Precision::kFp8 && model.native_precision == "fp8" &&
      model.native_scale_block > 0)
    scaled += 4.0 / (static_cast<double>(model.native_scale_block) * model.native_scale_block);
  return {scaled, scaled};
}
}  // namespace

double WeightBytes(const LlmModel& model, Precision precision, const Assumptions& a) {
  const double params = std::max(model.params_b, 0.0) * 1e9;
  const double experts = RoutedExpertParams(model);
  const PartBytes b = BytesByPart(model, precision, a);
  return experts * b.experts + (params - experts) * b.rest;
}

double RoutedExpertBytes(const LlmModel& model, Precision precision, const Assumptions& a) {
  return RoutedExpertParams(model) * BytesByPart(model, precision, a).experts;
}

double ActiveWeightBytes(const LlmModel& model, Precision precision, const Assumptions& a) {
  const double params = std::max(model.params_b, 0.0) * 1e9;
  const double active = model.active_params_b > 0 ? model.active_params_b * 1e9 : params;
  if (!model.experts || active >= params || params <= 0) return WeightBytes(model, precision, a);
  const PartBytes b = BytesByPart(model, precision, a);
  const double read_experts =
      RoutedExpertParams(model) * model.experts->active / std::max(model.experts->total, 1);
  const double read_rest = std::max(active - read_experts, 0.0);
  const double tables = std::min(PerLayerEmbeddingParams(model), params - active);
  return std::min(read_experts, active) * b.experts + (read_rest + tables) * b.rest;
}

double PerLayerEmbeddingParams(const LlmModel& model) {
  if (!model.per_layer_embeddings) return 0;
  return static_cast<double>(std::max(model.per_layer_embeddings->vocab_size, 0)) *
         std::max(model.layers, 0) * std::max(model.per_layer_embeddings->hidden_size, 0);
}

double HostEmbeddingBytes(const LlmModel& model, Precision precision, const Assumptions& a) {
  // The tables are never routed experts: they take the format of the rest of the model.
  const double rest = BytesByPart(model, precision, a).rest;
  const double input = model.tied_embeddings ? 0
                                             : static_cast<double>(std::max(model.vocab_size, 0)) *
                                                   std::max(model.hidden_size, 0) * rest;
  const double per_layer = PerLayerEmbeddingParams(model) * rest;
  return std::min(input + per_layer, WeightBytes(model, precision, a));
}

int64_t KvCellsForLayer(const LlmModel& model, LayerKind kind, int64_t context,
                        const Assumptions& a) {
  context = std::max<int64_t>(context, 0);
  switch (kind) {
    case LayerKind::kFull:
      return context;
    case LayerKind::kSliding:
    case LayerKind::kChunked: {
      const int64_t want = std::max<int64_t>(model.window, 0) + std::max(a.llm_ubatch_tokens, 0);
      const int64_t padded = (want + kKvCellPadding - 1) / kKvCellPadding * kKvCellPadding;
      return std::min(context, padded);
    }
    case LayerKind::kRecurrent:
    case LayerKind::kNone:
      return 0;
  }
  return context;
}

double KvBytesPerLayerToken(const LlmModel& model, Precision kv, const Assumptions& a) {
  const double bytes = BytesPerParam(kv, a);
  if (model.mla) return (model.mla->kv_lora_rank + model.mla->qk_rope_head_dim) * bytes;
  return 2.0 * std::max(model.kv_heads, 0) * HeadDim(model) * bytes;
}

double KvBytesPerLayerTokenOfKind(const LlmModel& model, LayerKind kind, Precision kv,
                                  const Assumptions& a) {
  if (kind == LayerKind::kFull && model.global_attention && !model.mla)
    return 2.0 * std::max(model.global_attention->kv_heads, 0) *
           std::max(model.global_attention->head_dim, 0) * BytesPerParam(kv, a);
  return KvBytesPerLayerToken(model, kv, a);
}

double IndexerBytesPerLayerToken(const LlmModel& model) {
  if (!model.dsa_indexer) return 0;
  const int64_t values = std::max(model.dsa_indexer->head_dim, 0);
  const int64_t scales = (values + kIndexerScaleBlock - 1) / kIndexerScaleBlock;
  return static_cast<double>(values) * kIndexerKeyBytes +
         static_cast<double>(scales) * kIndexerScaleBytes;
}

double LayerKvCacheBytes(const LlmModel& model, int layer, Precision kv, int64_t context,
                         const Assumptions& a) {
  context = std::max<int64_t>(context, 0);
  const LayerKind kind = model.KindOfLayer(layer);
  if (kind == LayerKind::kRecurrent)
    return model.recurrent_state ? (static_cast<double>(model.recurrent_state->recurrent_values) +
                                    model.recurrent_state->conv_values) *
                                       kRecurrentStateBytes
                                 : 0;
  if (!model.OwnsKvCache(layer)) return 0;
  const double bytes = BytesPerParam(kv, a);
  if (model.compressed_attention) {
    const CompressedAttention& c = *model.compressed_attention;
    const int ratio =
        layer >= 0 && layer < static_cast<int>(c.ratios.size()) ? std::max(c.ratios[layer], 0) : 0;
    const int64_t compressed = ratio > 0 ? context / ratio : 0;
    const int64_t window = std::min<int64_t>(context, std::max(c.window, 0));
    double values = static_cast<double>(window + compressed) * HeadDim(model);
    if (ratio > 0 && ratio == c.indexer_ratio)
      values += static_cast<double>(compressed) * std::max(c.indexer_head_dim, 0);
    return values * bytes;
  }
  return static_cast<double>(KvCellsForLayer(model, kind, context, a)) *
         (KvBytesPerLayerTokenOfKind(model, kind, kv, a) + IndexerBytesPerLayerToken(model));
}

double KvCacheBytes(const LlmModel& model, Precision kv, int64_t context, const Assumptions& a) {
  double total = 0;
  for (int layer = 0; layer < model.layers; ++layer)
    total += LayerKvCacheBytes(model, layer, kv, context, a);
  return total;
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
                               bool recompute, bool flash_attention) {
  if (sequence <= 0 || batch <= 0 || model.hidden_size <= 0) return 0;
  const double s = static_cast<double>(sequence);
  const double b = static_cast<double>(batch);
  const double h = model.hidden_size;
  const double a = std::max(model.attention_heads, 0);
  if (recompute) return 2 * s * b * h;
  return s * b * h * (34 + (flash_attention ? 0 : 5 * a * s / h));
}

double ComputeBufferBytes(const LlmModel& model, const MemoryRequest& request, int64_t tokens,
                          int64_t batch, const Assumptions& a) {
  const double vocab = std::max(model.vocab_size, 0);
  if (request.mode != MemoryMode::kInference)
    return 2.0 * static_cast<double>(tokens) * static_cast<double>(batch) * vocab * kComputeBytes;
  const double u = static_cast<double>(
      std::min<int64_t>(std::max(a.llm_ubatch_tokens, 1), std::max<int64_t>(tokens * batch, 1)));
  const double logits = u * vocab * kComputeBytes;
  const double scores =
      request.flash_attention
          ? 0
          : u * static_cast<double>(tokens) * std::max(model.attention_heads, 0) * kComputeBytes;
  const double ffn = u * std::max(model.intermediate_size, model.hidden_size) * kComputeBytes;
  return std::max(logits, scores) + ffn;
}

MemoryBreakdown EstimateMemory(const LlmModel& model, const MemoryRequest& request,
                               const Assumptions& a) {
  MemoryBreakdown m;
  m.params = std::max(model.params_b, 0.0) * 1e9;
  const bool training = request.mode != MemoryMode::kInference;
  m.tokens =
      std::max<int64_t>(request.context.value_or(training ? a.training_sequence_length : 0), 0);
  m.batch = std::max<int64_t>(request.batch.value_or(training ? a.training_micro_batch : 1), 0);
  const int rank = request.lora_rank.value_or(a.lora_rank);

  switch (request.mode) {
    case MemoryMode::kInference:
      m.weights_bytes = WeightBytes(model, request.precision, a);
      m.host_bytes = HostEmbeddingBytes(model, request.precision, a);
      m.kv_cache_bytes =
          KvCacheBytes(model, request.kv_precision, m.tokens, a) * static_cast<double>(m.batch);
      break;
    case MemoryMode::kFull:
      m.trainable_params = m.params;
      m.weights_bytes = m.params * a.weight_bytes_mixed;
      break;
    case MemoryMode::kLora:
    case MemoryMode::kQlora: {
      const Precision frozen =
          request.mode == MemoryMode::kQlora ? Precision::kNf4 : request.precision;
      m.trainable_params = LoraAdapterParams(model, rank);
      m.weights_bytes = WeightBytes(model, frozen, a) + m.trainable_params * a.weight_bytes_mixed;
      break;
    }
  }
  if (training) {
    m.gradients_bytes = m.trainable_params * a.gradient_bytes;
    m.optimizer_bytes = m.trainable_params * OptimizerBytesPerParam(request.optimizer, a);
    m.activations_bytes =
        std::max(model.layers, 0) * ActivationBytesPerLayer(model, m.tokens, m.batch,
                                                            request.gradient_checkpointing,
                                                            request.flash_attention);
  }
  if (m.params > 0) m.overhead_bytes = ComputeBufferBytes(model, request, m.tokens, m.batch, a);
  m.total_bytes = m.weights_bytes - m.host_bytes + m.kv_cache_bytes + m.activations_bytes +
                  m.gradients_bytes + m.optimizer_bytes + m.overhead_bytes;
  return m;
}

}  // namespace gg::calc
