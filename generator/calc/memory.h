// GPU memory an LLM needs: weights, KV cache, activations, gradients, optimizer states and
// runtime overhead, for inference and three kinds of fine-tuning. Byte counts are doubles
// (exact up to 2^53 B ≈ 9 PB, far above any model). Sources of the formulas:
// EleutherAI "Transformer Math 101" (2023) for bytes per parameter in training; Korthikanti
// et al. 2022, "Reducing Activation Recomputation in Large Transformer Models" for
// activations; the models' config.json for the shapes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "calc/assumptions.h"
#include "model/model.h"

namespace gg::calc {

inline constexpr double kBytesPerGB = 1e9;            // memory_gb in the data is 10^9 B
inline constexpr double kBytesPerGiB = 1073741824.0;  // 2^30 B (what tools print as "GiB")
inline double ToGB(double bytes) {
  return bytes / kBytesPerGB;
}
inline double ToGiB(double bytes) {
  return bytes / kBytesPerGiB;
}

// Number formats of weights (and of the KV cache).
enum class Precision {
  kFp32,  // 4 B
  kBf16,  // 2 B
  kFp16,  // 2 B
  kFp8,   // 1 B
  kInt8,  // 1 B
  kInt4,  // 0.5 B (no scales)
  kQ8_0,  // GGUF; bits_q8_0 / 8 B (scales included), likewise below
  kQ6_K,
  kQ5_K_M,
  kQ4_K_M,
  kGptq4,
  kAwq4,
  kNf4,  // bitsandbytes 4-bit NormalFloat, as QLoRA stores the base weights
};
const char* PrecisionId(Precision p);  // "fp32", "bf16", … "q4_k_m", "gptq4", "nf4"
std::optional<Precision> ParsePrecision(std::string_view id);
std::vector<std::string> PrecisionIds();  // every id, in enum order

// Bytes per value: fixed for the plain formats, the assumption bits_<id> / 8 for the
// quantised ones.
double BytesPerParam(Precision p, const Assumptions& assumptions);

enum class MemoryMode {
  kInference,
  kFull,   // full fine-tuning, mixed-precision Adam
  kLora,   // frozen weights + LoRA adapters
  kQlora,  // LoRA over 4-bit (NF4) frozen weights
};
const char* MemoryModeId(MemoryMode m);  // "inference" | "full" | "lora" | "qlora"
std::optional<MemoryMode> ParseMemoryMode(std::string_view id);

struct MemoryRequest {
  Precision precision = Precision::kBf16;     // weights (inference, lora); see EstimateMemory
  Precision kv_precision = Precision::kBf16;  // KV cache (inference)
  // Tokens per sequence. Inference: the context held in the KV cache (absent = 0: weights
  // only). Training: the sequence length (absent = assumptions.training_sequence_length).
  std::optional<int64_t> context;
  // Sequences at once. Absent = 1 for inference, assumptions.training_micro_batch for training.
  std::optional<int64_t> batch;
  MemoryMode mode = MemoryMode::kInference;
  bool gradient_checkpointing = false;  // training: full activation recomputation
};

struct MemoryBreakdown {
  double params = 0;            // total parameters (MoE: all experts)
  double trainable_params = 0;  // full: params; lora/qlora: adapter parameters; inference: 0
  int64_t tokens = 0;           // context / sequence length used
  int64_t batch = 0;            // batch used
  double weights_bytes = 0;
  double kv_cache_bytes = 0;
  double activations_bytes = 0;
  double gradients_bytes = 0;
  double optimizer_bytes = 0;
  double overhead_bytes = 0;
  double total_bytes = 0;  // sum of the six above; excludes the per-GPU CUDA context (fit.h)
};

// KV-cache bytes per token of one sequence:
//   standard / grouped-query attention: 2 (K and V) × layers × kv_heads × head_dim × bytes;
//   MLA (model.mla set): (kv_lora_rank + qk_rope_head_dim) × layers × bytes.
// Llama 3.1 8B at bf16: 2 × 32 × 8 × 128 × 2 = 131,072 B; DeepSeek-V3: 61 × 576 × 2 = 70,272 B.
double KvCacheBytesPerToken(const LlmModel& model, Precision kv, const Assumptions& assumptions);

// Parameters of rank-r LoRA adapters: r × (d_in + d_out) per adapted matrix, on the
// attention projections q (h → heads·head_dim), k and v (h → kv_heads·head_dim) and
// o (heads·head_dim → h) of every layer, plus for dense models the MLP projections gate, up
// (h → intermediate) and down (intermediate → h). MoE models (experts set): attention only.
// MLA models are counted with the same q/k/v shapes (an approximation of their low-rank
// projections). head_dim 0 falls back to hidden_size / attention_heads.
double LoraAdapterParams(const LlmModel& model, int rank);

// Activation bytes of one transformer layer in training, 16-bit activations, no tensor or
// sequence parallelism (Korthikanti et al. 2022, eq. 2): s·b·h·(34 + 5·a·s/h), with
// s = sequence, b = batch, h = hidden_size, a = attention_heads. With full recomputation
// (gradient checkpointing) only each layer's input is kept: 2·s·b·h. Embedding and output
// layers are not counted. 0 for non-positive sizes.
double ActivationBytesPerLayer(const LlmModel& model, int64_t sequence, int64_t batch,
                               bool recompute);

// The memory of the request, one GPU's worth before splitting (fit.h divides it):
// - inference: weights = params × BytesPerParam(precision); KV = per token × context ×
//   batch; activations 0 (short-lived, inside the overhead); no gradients or optimizer.
// - full: weights = params × weight_bytes_mixed, gradients = params × gradient_bytes,
//   optimizer = params × optimizer_bytes_per_param (2 + 2 + 12 = 16 B/param with the
//   Transformer Math 101 figures); request.precision is not used; activations per layer ×
//   layers; no KV cache.
// - lora: frozen weights at request.precision; adapters (rank assumptions.lora_rank) add
//   weight_bytes_mixed to the weights and gradient_bytes / optimizer_bytes_per_param each;
//   activations as for full.
// - qlora: as lora, frozen weights at bits_nf4 whatever request.precision says.
// In every mode overhead = runtime_overhead_fraction × the sum of the other parts, and
// total = that sum + overhead. The CUDA context (cuda_context_gb) is per GPU and is added
// by fit.h, not here. Parameters come from params_b (MoE: total, not active). Negative
// context or batch counts as 0; a model with zero sizes gives zeros, never NaN.
MemoryBreakdown EstimateMemory(const LlmModel& model, const MemoryRequest& request,
                               const Assumptions& assumptions);

}  // namespace gg::calc
