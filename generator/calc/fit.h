// Which GPUs, and how many of each, hold an LLM request (memory.h), at what price and
// decode speed. Every page, the calculator and `gpuguide calc` ask AnswerOnGpu (one card
// kind) or FitModel (all of them), so one question has one answer everywhere.
//
// Practical configurations only: consumer and workstation cards up to max_desktop_gpus in one
// desktop; data-centre PCIe cards up to gpus_per_node in one server; SXM/OAM modules up to
// gpus_per_node on one baseboard, then whole baseboards (up to max_gpus). Layers are split
// across the cards (llama.cpp's default), so any count works and decode speed does not grow
// with the count. A unified-memory system (calc/systems.h) counts 1 and holds its
// usable_memory_gb. A format the card cannot run is replaced by the nearest one it runs
// (RunnablePrecision), and the answer says so.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/memory.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

// Card counts tried, ascending, for one GPU kind (see the header comment); {1} at least.
std::vector<int> CandidateGpuCounts(const Gpu& gpu, const Assumptions& assumptions, int max_gpus);

// Bytes one of n GPUs holds: memory.SplitBytes() / n + memory.overhead_bytes (each card runs
// its own compute buffer) + cuda_context_gb × 10^9 (n < 1 counts as 1).
double PerGpuBytes(const MemoryBreakdown& memory, int n, const Assumptions& assumptions);

// Bytes of a card a model may use: memory_gb (a system: usable_memory_gb) × 2^30 (cards sold as "24
// GB" hold 24 GiB: nvidia-smi shows 24,564 MiB for an RTX 4090) × (1 − gpu_ram_headroom_fraction).
double UsableGpuBytes(const Gpu& gpu, const Assumptions& assumptions);

// The format a card runs for a requested one: FP8 needs FP8 Tensor Cores (fp8_tflops set),
// else Q8_0; NVFP4 needs NVIDIA FP4 Tensor Cores (an nvidia card with fp4_tflops set: Blackwell),
// else Q4_K_M; every other format runs everywhere (llama.cpp dequantises on the fly).
Precision RunnablePrecision(const Gpu& gpu, Precision requested);

// FP4 formats: MXFP4, NVFP4 and MXFP4_MOE (its experts).
bool IsFp4Weights(Precision precision);

// Whether the card computes in BF16: NVIDIA from Ampere on, AMD CDNA 2 and RDNA 3 on, Intel
// Xe2, Apple GPUs. Pascal, Volta and Turing cards (tensor_cores "none", "volta", "turing",
// other than Apple's) do not. The training modes assume BF16 mixed precision.
bool SupportsBf16(const Gpu& gpu);

// Bytes read from GPU memory per decode step of the whole batch: the weights a token passes
// through once — active parameters (MoE: active_params_b) in the request's format, without
// the host-resident embedding table — plus the KV cache of every sequence.
double DecodeBytesPerStep(const LlmModel& model, const MemoryRequest& request,
                          const MemoryBreakdown& memory, const Assumptions& assumptions);

// Decode speed, tokens per second summed over the batch: batch ÷ (slope × bytes_per_step ÷
// bandwidth + fixed_seconds), with the dense or MoE line of the calibration
// (assumptions.decode_dense / decode_moe, fitted on data/validation.json). With layers split
// across cards, each token still reads every byte once at one card's bandwidth. 0 when
// bytes_per_step ≤ 0 or the card has no bandwidth.
double DecodeTokensPerSecond(const Gpu& gpu, const LlmModel& model, double bytes_per_step,
                             int64_t batch, const Assumptions& assumptions);

// Prompt-processing speed on one card, tokens per second: the prefill line of the weights'
// format × its peak dense rate × 10^12 ÷ (2 × active parameters). With layers split across
// cards, the cards work one after another, so the count does not change it. nullopt when
// that line has no cases or the card no figure.
// - FP32, BF16 or FP16 weights: prefill runs them as they are, prefill_16bit × fp16_tflops;
// - FP4 weights (IsFp4Weights) on a card with fp4_tflops, when prefill_fp4 has cases: the FP4
//   matrix units multiply them natively, prefill_fp4 × fp4_tflops;
// - every other format (and FP4 without FP4 units or FP4 cases) is dequantised on the fly:
//   prefill_quantized × fp16_tflops.
bool IsSixteenBitWeights(Precision precision);
std::optional<double> PrefillTokensPerSecond(const Gpu& gpu, const LlmModel& model,
                                             Precision precision, const Assumptions& assumptions);

// One card kind's answer to a request.
struct GpuAnswer {
  std::string gpu;
  Segment segment = Segment::kConsumer;
  int count = 1;
  Precision precision = Precision::kBf16;  // what the card runs (RunnablePrecision)
  bool precision_substituted = false;      // precision differs from the request's
  MemoryBreakdown memory;                  // at that precision
  double per_gpu_bytes = 0;
  double usable_bytes = 0;                     // per card
  std::optional<double> tokens_per_s;          // inference only
  std::optional<double> prefill_tokens_per_s;  // inference only, when calibrated
};

// The smallest count of CandidateGpuCounts(gpu, assumptions, max_gpus) whose PerGpuBytes fits
// UsableGpuBytes, with its memory and speed; nullopt when none does, and for a training
// request (full, LoRA, QLoRA: BF16 mixed precision) on a card without BF16 (SupportsBf16).
std::optional<GpuAnswer> AnswerOnGpu(const Gpu& gpu, const LlmModel& model,
                                     const MemoryRequest& request, const Assumptions& assumptions,
                                     int max_gpus);

// The largest context (a multiple of 256, at most the model's max_context) whose request
// fits `count` cards of `gpu` at the request's precision (after RunnablePrecision); 0 when
// not even 256 tokens fit.
int64_t MaxContext(const Gpu& gpu, int count, const LlmModel& model, MemoryRequest request,
                   const Assumptions& assumptions);

struct FitOptions {
  std::vector<Segment> segments;      // GPUs considered; empty = all
  std::vector<Condition> conditions;  // prices considered; empty = any
  int max_gpus = 64;                  // largest count tried (8 baseboards of 8)
};

struct FitConfig : GpuAnswer {
  std::optional<CurrentPrice> unit_price;  // cheapest allowed condition
  std::optional<double> price_usd;         // count × unit price
};

struct FitResult {
  MemoryBreakdown memory;  // at the requested precision
  // Priced configurations by price ascending, then the unpriced ones; ties by tokens/s
  // descending, then GPU id.
  std::vector<FitConfig> configs;
  std::vector<std::string> not_fitting;  // GPU ids (sorted) that no allowed count holds
  std::optional<FitConfig> cheapest;     // first priced configuration
  std::map<Segment, FitConfig> cheapest_by_segment;
};

// EstimateMemory, then AnswerOnGpu for every GPU of data.gpus in the allowed segments, with
// its price.
FitResult FitModel(const Dataset& data, const LlmModel& model, const MemoryRequest& request,
                   const CurrentPrices& prices, const Assumptions& assumptions,
                   const FitOptions& options);

}  // namespace gg::calc
