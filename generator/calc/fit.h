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
#include "calc/engines.h"
#include "calc/memory.h"
#include "calc/placement.h"
#include "calc/power.h"
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
// the host-resident embedding tables (HostEmbeddingBytes) — plus the KV cache of every sequence.
double DecodeBytesPerStep(const LlmModel& model, const MemoryRequest& request,
                          const MemoryBreakdown& memory, const Assumptions& assumptions);

// The decode line of a card and model: the line fitted on the card's platform (PlatformOf)
// for dense or MoE models (assumptions.decode_dense_on / decode_moe_on) when that platform
// had runs, else the pooled one (decode_dense / decode_moe).
const DecodeLine& DecodeLineFor(const Gpu& gpu, const LlmModel& model,
                                const Assumptions& assumptions);

// Seconds one card spends on one decode step when it reads bytes_on_card: slope ×
// bytes_on_card ÷ bandwidth + fixed_seconds (DecodeLineFor). A pipeline of cards (layers
// split) takes the sum over its cards. 0 when bytes_on_card ≤ 0 or the card has no bandwidth.
double DecodeSecondsOnCard(const Gpu& gpu, const LlmModel& model, double bytes_on_card,
                           const Assumptions& assumptions);

// Decode speed, tokens per second summed over the batch, with the layers split evenly over
// `cards` cards of one kind that work one after another: batch ÷ (slope × bytes_per_step ÷
// bandwidth + cards × fixed_seconds), i.e. the sum of DecodeSecondsOnCard over the cards.
// Each token still reads every byte once at one card's bandwidth. 0 when bytes_per_step ≤ 0
// or the card has no bandwidth. The overload without `cards` is one card.
double DecodeTokensPerSecond(const Gpu& gpu, const LlmModel& model, double bytes_per_step,
                             int64_t batch, const Assumptions& assumptions);
double DecodeTokensPerSecond(const Gpu& gpu, const LlmModel& model, double bytes_per_step,
                             int64_t batch, int cards, const Assumptions& assumptions);

// Prompt-processing speed on one card, tokens per second: the prefill line of the weights'
// format × the card's class factor (assumptions.prefill_class[PrefillClassOf], 1 without
// runs) × for a mixture of experts assumptions.prefill_moe (1 without MoE runs) × its
// peak dense rate × 10^12 ÷ (2 × active parameters). With layers split across
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
  // Where the cards go (calc/placement.h): the machine's id ("" for a unified-memory system,
  // its own machine, or when no machine was checked), how many of them, and one machine's build
  // (power, PSU) when a machine was checked.
  std::string machine;
  int machines = 1;
  std::optional<Build> build;
  // Set when the answer keeps weights in system RAM (FitOptions::offload): per_gpu_bytes is
  // then the GPU part, tokens_per_s reads both sides, and no prefill speed is given.
  std::optional<OffloadAnswer> offload;
  double ram_gbs = 0;  // the system-RAM bandwidth used, with offload
};

// The smallest count of CandidateGpuCounts(gpu, assumptions, max_gpus) that `machine` holds
// (calc/placement.h Place: form factor, slots, PSU, circuit, cables; nullptr = not checked: a
// unified-memory system, or data without machines) and whose PerGpuBytes fits UsableGpuBytes,
// with its memory, speed and build; nullopt when none does, and for a training request (full,
// LoRA, QLoRA: BF16 mixed precision) on a card without BF16 (SupportsBf16).
std::optional<GpuAnswer> AnswerOnGpu(const Gpu& gpu, const LlmModel& model,
                                     const MemoryRequest& request, const Assumptions& assumptions,
                                     int max_gpus, const Machine* machine = nullptr);

// The largest context (a multiple of 256, at most the model's max_context) whose request
// fits `count` cards of `gpu` at the request's precision (after RunnablePrecision); 0 when
// not even 256 tokens fit.
int64_t MaxContext(const Gpu& gpu, int count, const LlmModel& model, MemoryRequest request,
                   const Assumptions& assumptions);

struct FitOptions {
  std::vector<Segment> segments;      // GPUs considered; empty = all
  std::vector<Condition> conditions;  // prices considered; empty = any
  int max_gpus = 64;                  // largest count tried (8 baseboards of 8)
  // The machine the cards go into (calc/placement.h ResolveMachineId): "" = each card's
  // default (desktop for consumer and workstation cards, server-pcie-4 for data-centre PCIe
  // cards, server-hgx-8 for modules); a machines.json id (or the old "server") = every card in
  // that one, unified-memory systems offered only beside desktops and workstations.
  std::string machine;
  // Weights in system RAM for a card kind that no count holds whole: one card (the most common
  // home build: one GPU beside the CPU's memory) with the fewest layers, or layers' experts,
  // moved (placement.h FitWithOffload), read at ram_gbs (0 = PlatformRamGbs of the machine).
  Offload offload = Offload::kNone;
  double ram_gbs = 0;
  // Configurations decoding below this many tokens/s (inference) go to too_slow; 0 = none.
  double min_tps = 0;
  // The engine the cards run (engines.h). Empty engine: the reference (llama.cpp on each
  // card's default back end), every card. Otherwise a card on which it does not run (level
  // "none", or no published support) goes to FitResult::engine_unsupported, and the speeds of
  // the others are multiplied by the engine's fitted factors where it has them.
  EngineRef engine;
};

struct FitConfig : GpuAnswer {
  std::optional<CurrentPrice> unit_price;  // cheapest allowed condition
  std::optional<double> price_usd;         // count × unit price
  // With FitOptions::engine: the engine and back end on this card, its support level, and
  // whether its speed factors were fitted (else the speeds are the reference's).
  std::optional<EngineOnGpu> engine;
};

struct FitResult {
  MemoryBreakdown memory;  // at the requested precision
  // Priced configurations by price ascending, then the unpriced ones; ties by tokens/s
  // descending, then GPU id.
  std::vector<FitConfig> configs;
  std::vector<std::string> not_fitting;         // GPU ids (sorted) that no allowed count holds
  std::vector<std::string> too_slow;            // GPU ids (sorted) below FitOptions::min_tps
  std::vector<std::string> engine_unsupported;  // GPU ids (sorted) FitOptions::engine skips
  std::optional<FitConfig> cheapest;            // first priced configuration
  std::map<Segment, FitConfig> cheapest_by_segment;
};

// EstimateMemory, then AnswerOnGpu for every GPU of data.gpus in the allowed segments that the
// machine offers (placement.h OfferedIn), in the machine MachineFor gives, with its price. A
// card that no allowed count fits in memory and machine is in not_fitting.
FitResult FitModel(const Dataset& data, const LlmModel& model, const MemoryRequest& request,
                   const CurrentPrices& prices, const Assumptions& assumptions,
                   const FitOptions& options);

}  // namespace gg::calc
