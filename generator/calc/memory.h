// GPU memory an LLM needs: weights, KV cache, activations, gradients, optimizer states and
// compute buffers, for inference and three kinds of fine-tuning. Byte counts are doubles
// (exact up to 2^53 B ≈ 9 PB, far above any model).
//
// Engine convention (stated on the methodology page): llama.cpp, the engine most readers of a
// buying guide run at home. It keeps the input token-embedding table of an untied model in
// system RAM, keeps window + micro-batch cells (rounded up to 256) for sliding-window and
// chunked layers, a fixed F32 state for recurrent layers, and one compute buffer per GPU
// whose size follows the micro-batch, the vocabulary and, without FlashAttention, the
// attention-score matrix. vLLM and SGLang keep the window only, all weights on the GPU and
// reserve a fraction of the card instead; data/validation.json holds figures of both kinds.
//
// Sources of the formulas: the models' config.json for the shapes; llama.cpp's block
// formats (ggml-common.h) and the OCP Microscaling spec for the bits per weight; EleutherAI
// "Transformer Math 101" (2023) for bytes per parameter in training; Korthikanti et al. 2022
// for activations, without the attention-score term that FlashAttention never stores.
//
// Pure: no I/O, no exceptions, no threads (compiled for the browser too).
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
  kFp8,   // 1 B (+ one FP32 scale per N×N block when the model says native_scale_block)
  kInt8,  // 1 B
  kInt4,  // 0.5 B (no scales)
  kQ8_0,  // GGUF; bits_<id> / 8 B (scales included), likewise down to kNf4
  kQ6_K,
  kQ5_K_M,
  kQ4_K_M,
  kGptq4,
  kAwq4,
  kNf4,       // bitsandbytes 4-bit NormalFloat with double quantisation (QLoRA's base weights)
  kQ4_0,      // GGUF block_q4_0: 32 × 4 bit + one FP16 scale = 18 B per 32 values (4.5 bits)
  kMxfp4,     // OCP MXFP4: 32 × FP4 + one E8M0 scale = 17 B per 32 values (4.25 bits)
  kNvfp4,     // NVIDIA NVFP4: 16 × FP4 + one FP8 scale = 9 B per 16 values (4.5 bits)
  kMxfp4Moe,  // llama.cpp file type MXFP4_MOE: routed experts MXFP4, every other tensor Q8_0
};
const char* PrecisionId(Precision p);    // "fp32", "bf16", … "q4_k_m", "mxfp4_moe"
const char* PrecisionName(Precision p);  // as practitioners write it: "FP32", "Q4_K_M", "MXFP4"
std::optional<Precision> ParsePrecision(std::string_view id);  // also "f16" (GGUF) → kFp16
std::vector<std::string> PrecisionIds();                       // every id, in enum order
// Formats a KV cache can be stored in by the engines (llama.cpp -ctk/-ctv, vLLM
// kv_cache_dtype): fp32, bf16, fp16, fp8, q8_0, q4_0.
bool IsKvPrecision(Precision p);
std::vector<std::string> KvPrecisionIds();
// The model's published format (native_precision), e.g. kMxfp4 for gpt-oss.
Precision NativePrecision(const LlmModel& model);

// Bytes per value: fixed for formats defined bit for bit, the assumption bits_<id> / 8 for
// the quantisation recipes whose average depends on the mix of tensors.
double BytesPerParam(Precision p, const Assumptions& assumptions);

enum class MemoryMode {
  kInference,
  kFull,   // full fine-tuning, mixed-precision Adam
  kLora,   // frozen weights + LoRA adapters
  kQlora,  // LoRA over 4-bit (NF4) frozen weights
};
const char* MemoryModeId(MemoryMode m);  // "inference" | "full" | "lora" | "qlora"
std::optional<MemoryMode> ParseMemoryMode(std::string_view id);

// Optimizer states per trained parameter (with the FP32 master copy of mixed precision):
// AdamW 4 + 4 + 4 = 12 B; 8-bit AdamW (bitsandbytes) 4 + 1 + 1 = 6 B; the paged variant keeps
// the same 6 B but may move them to system RAM under pressure (counted on the GPU here).
enum class Optimizer { kAdamW, kAdamW8bit, kPagedAdamW8bit };
const char* OptimizerId(Optimizer o);  // "adamw" | "adamw8bit" | "paged_adamw8bit"
std::optional<Optimizer> ParseOptimizer(std::string_view id);
double OptimizerBytesPerParam(Optimizer o, const Assumptions& assumptions);

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
  bool flash_attention = true;          // false: attention scores are materialised
  Optimizer optimizer = Optimizer::kAdamW;
  std::optional<int> lora_rank;  // absent = assumptions.lora_rank
};

struct MemoryBreakdown {
  double params = 0;            // total parameters (MoE: all experts)
  double trainable_params = 0;  // full: params; lora/qlora: adapter parameters; inference: 0
  int64_t tokens = 0;           // context / sequence length used
  int64_t batch = 0;            // batch used
  double weights_bytes = 0;     // the whole model in its format (a GGUF file's size)
  double host_bytes = 0;        // part of weights_bytes kept in system RAM (inference only)
  double kv_cache_bytes = 0;    // KV cache and recurrent states of every sequence
  double activations_bytes = 0;
  double gradients_bytes = 0;
  double optimizer_bytes = 0;
  double overhead_bytes = 0;  // compute buffers: per GPU, not split (ComputeBufferBytes)
  // On the GPUs: weights − host + KV + activations + gradients + optimizer + overhead; one
  // GPU's worth before splitting; excludes the per-GPU CUDA context (fit.h).
  double total_bytes = 0;
  // The part of total_bytes that splits across GPUs (everything but overhead_bytes).
  double SplitBytes() const { return total_bytes - overhead_bytes; }
};

// Routed-expert parameters: layers × experts × 3 matrices (gate, up, down) × the width the
// experts read and write (expert_hidden_size, else hidden_size) × expert width; 0 for dense
// models; never above params_b. Kimi K3 (a 3,584-wide latent, not its 7,168-wide hidden
// state): 93 × 896 × 3 × 3,584 × 3,072 = 2.75T of its 2.8T.
double RoutedExpertParams(const LlmModel& model);

// Bytes of the weights in `precision`. Per part where the format is per part: kMxfp4 on a
// model published as MXFP4 experts + native_other_precision keeps the rest in that format;
// kMxfp4Moe keeps the non-expert tensors in Q8_0; kFp8 adds the block scales of
// native_scale_block; kInt4 on a model published in INT4 adds one 16-bit scale per group of
// native_scale_block weights and keeps the rest in native_other_precision (Kimi K2 Thinking:
// INT4 experts in groups of 32, BF16 rest). Everything else: params × BytesPerParam.
double WeightBytes(const LlmModel& model, Precision precision, const Assumptions& assumptions);

// Bytes of the routed experts alone (RoutedExpertParams at the experts' format, as WeightBytes
// counts them); 0 for dense models. llama.cpp's --n-cpu-moe moves these to system RAM.
double RoutedExpertBytes(const LlmModel& model, Precision precision,
                         const Assumptions& assumptions);

// Bytes of the weights one token passes through: active_params_b (published, embeddings
// included), with the routed experts among them (RoutedExpertParams × active / total experts)
// at the experts' format for formats split per part; WeightBytes for dense models. The
// per-layer embedding tables, which active_params_b leaves out, are added like the input
// table it includes, so that DecodeBytesPerStep (fit.h), which removes HostEmbeddingBytes,
// removes them once.
double ActiveWeightBytes(const LlmModel& model, Precision precision,
                         const Assumptions& assumptions);

// Input token-embedding table (vocab × hidden in `precision`), which llama.cpp keeps in
// system RAM; 0 for tied embeddings (the output layer needs the table on the GPU). Plus the
// per-layer embedding tables (PerLayerEmbeddingParams), which llama.cpp keeps in system RAM
// whether or not the embeddings are tied (llama-arch.cpp: LLM_TENSOR_PER_LAYER_TOKEN_EMBD is a
// LLM_TENSOR_LAYER_INPUT tensor, read by row). Never above WeightBytes.
double HostEmbeddingBytes(const LlmModel& model, Precision precision,
                          const Assumptions& assumptions);

// Parameters of the per-layer embedding tables: per_layer_embeddings.vocab_size × layers ×
// per_layer_embeddings.hidden_size (Gemma 4 E2B: 262,144 × 35 × 256 = 2.35B); 0 without them.
double PerLayerEmbeddingParams(const LlmModel& model);

// Cells (tokens) a layer of `kind` keeps for a context: full → context; sliding and
// chunked → min(context, window + ubatch rounded up to 256) (llama.cpp); else 0.
int64_t KvCellsForLayer(const LlmModel& model, LayerKind kind, int64_t context,
                        const Assumptions& assumptions);

// KV-cache bytes of one cached token in one attention layer: 2 (K and V) × kv_heads ×
// head_dim × bytes; MLA: (kv_lora_rank + qk_rope_head_dim) × bytes. With global_attention,
// this is the sliding (and chunked) layers' size; KvBytesPerLayerTokenOfKind gives the full
// layers'.
double KvBytesPerLayerToken(const LlmModel& model, Precision kv, const Assumptions& assumptions);

// The same for one layer of `kind`: a full layer of a model with global_attention caches
// 2 × global kv_heads × global head_dim × bytes (Gemma 4 31B: 2 × 4 × 512 instead of the
// sliding layers' 2 × 16 × 256; its K=V layers still cache K and V separately, since K is
// normalised with a learned scale and rotated, V is not); every other layer
// KvBytesPerLayerToken.
double KvBytesPerLayerTokenOfKind(const LlmModel& model, LayerKind kind, Precision kv,
                                  const Assumptions& assumptions);

// DeepSeek Sparse Attention's indexer key cache of one cached token in one attention layer:
// dsa_indexer.head_dim FP8 values (1 B) plus one FP32 scale (4 B) per 128 of them, whatever
// the KV cache's format, as DeepSeek's reference inference (DeepSeek-V3.2-Exp
// inference/model.py: k_cache float8_e4m3fn, k_scale_cache float32 per 128-value block),
// vLLM and SGLang keep it. DeepSeek-V3.2 (head_dim 128): 128 + 4 = 132 B. 0 without
// dsa_indexer.
double IndexerBytesPerLayerToken(const LlmModel& model);

// KV cache (and recurrent state) of one layer for one sequence of `context` tokens:
// - a layer that reuses an earlier layer's cache (!OwnsKvCache: the last kv_shared_layers)
//   keeps nothing;
// - with compressed_attention (DeepSeek-V4, as its reference inference/model.py allocates
//   it): min(context, window) + context / ratio entries (integer division; ratio 0: none) of
//   head_dim values, plus context / ratio indexer keys of indexer_head_dim values in the layers
//   whose ratio is indexer_ratio, all in `kv`;
// - otherwise KvCellsForLayer × (KvBytesPerLayerTokenOfKind + IndexerBytesPerLayerToken), plus
//   (recurrent_values + conv_values) × 4 B (F32) for a recurrent layer.
double LayerKvCacheBytes(const LlmModel& model, int layer, Precision kv, int64_t context,
                         const Assumptions& assumptions);

// KV cache (and recurrent state) of one sequence of `context` tokens, layer by layer:
// Σ cells(layer) × (KvBytesPerLayerTokenOfKind + IndexerBytesPerLayerToken), plus (recurrent_values
// + conv_values) × 4 B (F32) per recurrent layer. Llama 3.1 8B, bf16, 8,192 tokens: 32 ×
// 8,192 × 2 × 8 × 128 × 2 B = 1 GiB; Gemma 3 27B at 131,072: 10 full layers × 131,072 + 52
// sliding × 1,536 cells; DeepSeek-V3.2, bf16, 8,192 tokens: 61 × 8,192 × ((512 + 64) × 2 +
// 132) B (the sparse attention reads only the indexer's top-k tokens but caches them all);
// Gemma 4 E2B, bf16, 8,192 tokens: only its first 15 of 35 layers own a cache; DeepSeek-V4-Pro,
// bf16, 1,048,576 tokens: 31 layers of ratio 128 keep 128 + 8,192 entries, 30 of ratio 4 keep
// 128 + 262,144 entries and 262,144 indexer keys: 9.62 GiB, DeepSeek's own figure.
// The sum of LayerKvCacheBytes over the layers.
double KvCacheBytes(const LlmModel& model, Precision kv, int64_t context,
                    const Assumptions& assumptions);

// Parameters of rank-r LoRA adapters: r × (d_in + d_out) per adapted matrix, on the
// attention projections q, k, v, o of every layer, plus for dense models the MLP projections
// gate, up and down. MoE models: attention only. head_dim 0 falls back to hidden / heads.
double LoraAdapterParams(const LlmModel& model, int rank);

// Activation bytes of one transformer layer in training, 16-bit activations (Korthikanti et
// al. 2022, eq. 2): s·b·h·34 with FlashAttention (the default), s·b·h·(34 + 5·a·s/h) when the
// attention scores are stored; with full recomputation only each layer's input: 2·s·b·h.
// 0 for non-positive sizes.
double ActivationBytesPerLayer(const LlmModel& model, int64_t sequence, int64_t batch,
                               bool recompute, bool flash_attention);

// Compute buffer of one GPU (llama.cpp's "compute buffer size"), for u = min(ubatch,
// context·batch) tokens at once: the larger of the FP32 logits (u × vocab × 4 B) and, without
// FlashAttention, the FP32 attention scores (u × context × heads × 4 B), plus one FP32 FFN
// activation (u × max(intermediate, hidden) × 4 B). Training: logits and their gradient for
// every token of the micro-batch, 2 × s × b × vocab × 4 B.
double ComputeBufferBytes(const LlmModel& model, const MemoryRequest& request, int64_t tokens,
                          int64_t batch, const Assumptions& assumptions);

// The memory of the request (see MemoryBreakdown):
// - inference: WeightBytes(precision), the embedding table on the host, KvCacheBytes ×
//   batch, the compute buffer; no gradients or optimizer.
// - full: weights = params × weight_bytes_mixed, gradients = params × gradient_bytes,
//   optimizer per request.optimizer; activations per layer × layers; no KV cache.
// - lora: frozen weights at request.precision; adapters add weight_bytes_mixed to the
//   weights and gradient_bytes / optimizer bytes each; activations as for full.
// - qlora: as lora, frozen weights at bits_nf4 whatever request.precision says.
// Negative context or batch counts as 0; a model with zero sizes gives zeros, never NaN.
MemoryBreakdown EstimateMemory(const LlmModel& model, const MemoryRequest& request,
                               const Assumptions& assumptions);

}  // namespace gg::calc
