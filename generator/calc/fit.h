// Which GPUs, and how many of each, hold an LLM request (memory.h), at what price and
// decode speed.
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

// GPU counts tried, ascending: the powers of two below gpus_per_node, gpus_per_node, then
// its multiples, up to max_gpus (1, 2, 4, 8, 16, 24, 32, … 64 for 8 and 64). {1} when
// gpus_per_node < 1 or max_gpus < 2.
std::vector<int> CandidateGpuCounts(int gpus_per_node, int max_gpus);

// Bytes one of n GPUs holds: total_bytes / n + cuda_context_gb × 10^9 (n < 1 counts as 1).
double PerGpuBytes(double total_bytes, int n, const Assumptions& assumptions);

// Bytes of a GPU a model may use: memory_gb × 10^9 × (1 − gpu_ram_headroom_fraction).
double UsableGpuBytes(const Gpu& gpu, const Assumptions& assumptions);

// True when tensor parallelism over n GPUs splits the attention heads evenly: n = 1, or
// attention_heads > 0 and divisible by n.
bool HeadsSplitEvenly(const LlmModel& model, int n);

// The smallest count of CandidateGpuCounts(gpus_per_node, max_gpus) whose PerGpuBytes fits
// UsableGpuBytes and that HeadsSplitEvenly; nullopt when none does.
std::optional<int> SmallestGpuCount(const Gpu& gpu, const LlmModel& model, double total_bytes,
                                    const Assumptions& assumptions, int max_gpus);

// Bytes read from GPU memory per decode step of the whole batch: the active weights
// (active_params_b, or params_b when 0, × BytesPerParam(request.precision)) once, plus the
// KV cache of every sequence (memory.kv_cache_bytes).
double DecodeBytesPerStep(const LlmModel& model, const MemoryRequest& request,
                          const MemoryBreakdown& memory, const Assumptions& assumptions);

// Decode speed, tokens per second summed over the batch (for batch 1, one stream's speed):
//   batch × decode_bandwidth_efficiency × bandwidth_gbs × 10^9 × n ×
//   tensor_parallel_efficiency^log2(n) ÷ bytes_per_step.
// Bandwidth bound: compute and interconnect are not modelled. 0 when bytes_per_step ≤ 0.
double DecodeTokensPerSecond(const Gpu& gpu, int n, double bytes_per_step, int64_t batch,
                             const Assumptions& assumptions);

struct FitOptions {
  std::vector<Segment> segments;      // GPUs considered; empty = all
  std::vector<Condition> conditions;  // prices considered; empty = any
  int max_gpus = 64;                  // largest count tried (8 nodes of 8)
};

struct FitConfig {
  std::string gpu;
  Segment segment = Segment::kConsumer;
  int count = 1;
  double per_gpu_bytes = 0;
  std::optional<CurrentPrice> unit_price;  // cheapest allowed condition
  std::optional<double> price_usd;         // count × unit price
  std::optional<double> tokens_per_s;      // inference only
};

struct FitResult {
  MemoryBreakdown memory;
  // Priced configurations by price ascending, then the unpriced ones; ties by tokens/s
  // descending, then GPU id.
  std::vector<FitConfig> configs;
  std::vector<std::string> not_fitting;  // GPU ids (sorted) that no allowed count holds
  std::optional<FitConfig> cheapest;     // first priced configuration
  std::map<Segment, FitConfig> cheapest_by_segment;
};

// EstimateMemory, then for every GPU of data.gpus in the allowed segments the smallest
// count that holds it, its price and decode speed.
FitResult FitModel(const Dataset& data, const LlmModel& model, const MemoryRequest& request,
                   const CurrentPrices& prices, const Assumptions& assumptions,
                   const FitOptions& options);

}  // namespace gg::calc
