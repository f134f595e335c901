#include "calc/fit.h"

#include <algorithm>
#include <cmath>

#include "calc/systems.h"

namespace gg::calc {

std::vector<int> CandidateGpuCounts(const Gpu& gpu, const Assumptions& a, int max_gpus) {
  std::vector<int> counts{1};
  max_gpus = std::min(max_gpus, MaxUnits(gpu, max_gpus));
  const bool module = gpu.form_factor == "sxm" || gpu.form_factor == "oam";
  const int per_machine = gpu.segment == Segment::kDatacenter || module
                              ? std::max(a.gpus_per_node, 1)
                              : std::max(a.max_desktop_gpus, 1);
  for (int n = 2; n <= per_machine && n <= max_gpus; ++n) {
    // Servers and baseboards hold 2, 4 or 8 cards (NVLink and PCIe switch topologies);
    // a desktop any count up to its limit.
    if (gpu.segment == Segment::kDatacenter && (n & (n - 1)) != 0 && n != per_machine) continue;
    counts.push_back(n);
  }
  if (module)
    for (int n = 2 * per_machine; n <= max_gpus; n += per_machine) counts.push_back(n);
  return counts;
}

double PerGpuBytes(const MemoryBreakdown& memory, int n, const Assumptions& a) {
  return memory.SplitBytes() / std::max(n, 1) + memory.overhead_bytes + a.cuda_context_gb * 1e9;
}

double UsableGpuBytes(const Gpu& gpu, const Assumptions& a) {
  return ModelMemoryGb(gpu) * kBytesPerGiB * (1.0 - a.gpu_ram_headroom_fraction);
}

Precision RunnablePrecision(const Gpu& gpu, Precision requested) {
  if (requested == Precision::kFp8 && !gpu.fp8_tflops) return Precision::kQ8_0;
  if (requested == Precision::kNvfp4 && !(gpu.fp4_tflops && gpu.vendor == "nvidia"))
    return Precision::kQ4_K_M;
  return requested;
}

bool IsFp4Weights(Precision p) {
  return p == Precision::kMxfp4 || p == Precision::kNvfp4 || p == Precision::kMxfp4Moe;
}

double DecodeBytesPerStep(const LlmModel& model, const MemoryRequest& request,
                          const MemoryBreakdown& memory, const Assumptions& a) {
  const double weights = ActiveWeightBytes(model, request.precision, a) - memory.host_bytes;
  return std::max(weights, 0.0) + memory.kv_cache_bytes;
}

double DecodeTokensPerSecond(const Gpu& gpu, const LlmModel& model, double bytes_per_step,
                             int64_t batch, const Assumptions& a) {
  if (!(bytes_per_step > 0) || !(gpu.bandwidth_gbs > 0)) return 0;
  const DecodeLine& line = model.experts ? a.decode_moe : a.decode_dense;
  const double seconds =
      line.slope * bytes_per_step / (gpu.bandwidth_gbs * 1e9) + line.fixed_seconds;
  return seconds > 0 ? static_cast<double>(std::max<int64_t>(batch, 1)) / seconds : 0;
}

bool IsSixteenBitWeights(Precision p) {
  return p == Precision::kFp32 || p == Precision::kBf16 || p == Precision::kFp16;
}

std::optional<double> PrefillTokensPerSecond(const Gpu& gpu, const LlmModel& model,
                                             Precision precision, const Assumptions& a) {
  const double active = (model.active_params_b > 0 ? model.active_params_b : model.params_b) * 1e9;
  if (!(active > 0)) return std::nullopt;
  if (IsFp4Weights(precision) && gpu.fp4_tflops && *gpu.fp4_tflops > 0 && a.prefill_fp4.cases > 0)
    return a.prefill_fp4.efficiency * *gpu.fp4_tflops * 1e12 / (2 * active);
  const PrefillLine& line = IsSixteenBitWeights(precision) ? a.prefill_16bit : a.prefill_quantized;
  if (line.cases == 0 || !(gpu.fp16_tflops > 0)) return std::nullopt;
  return line.efficiency * gpu.fp16_tflops * 1e12 / (2 * active);
}

bool SupportsBf16(const Gpu& gpu) {
  if (gpu.vendor == "apple") return true;
  return gpu.tensor_cores != "none" && gpu.tensor_cores != "volta" && gpu.tensor_cores != "turing";
}

std::optional<GpuAnswer> AnswerOnGpu(const Gpu& gpu, const LlmModel& model,
                                     const MemoryRequest& request, const Assumptions& a,
                                     int max_gpus) {
  if (request.mode != MemoryMode::kInference && !SupportsBf16(gpu)) return std::nullopt;
  GpuAnswer r;
  r.gpu = gpu.id;
  r.segment = gpu.segment;
  MemoryRequest runs = request;
  if (request.mode != MemoryMode::kQlora)
    runs.precision = RunnablePrecision(gpu, request.precision);
  if (request.mode == MemoryMode::kInference)
    runs.kv_precision = RunnablePrecision(gpu, request.kv_precision);
  r.precision = runs.precision;
  r.precision_substituted = runs.precision != request.precision;
  r.memory = EstimateMemory(model, runs, a);
  r.usable_bytes = UsableGpuBytes(gpu, a);
  for (int n : CandidateGpuCounts(gpu, a, max_gpus)) {
    if (PerGpuBytes(r.memory, n, a) > r.usable_bytes) continue;
    r.count = n;
    r.per_gpu_bytes = PerGpuBytes(r.memory, n, a);
    if (request.mode == MemoryMode::kInference)
      r.prefill_tokens_per_s = PrefillTokensPerSecond(gpu, model, runs.precision, a);
    if (request.mode == MemoryMode::kInference)
      r.tokens_per_s = DecodeTokensPerSecond(
          gpu, model, DecodeBytesPerStep(model, runs, r.memory, a), r.memory.batch, a);
    return r;
  }
  return std::nullopt;
}

int64_t MaxContext(const Gpu& gpu, int count, const LlmModel& model, MemoryRequest request,
                   const Assumptions& a) {
  request.mode = MemoryMode::kInference;
  request.precision = RunnablePrecision(gpu, request.precision);
  request.kv_precision = RunnablePrecision(gpu, request.kv_precision);
  const double usable = UsableGpuBytes(gpu, a);
  auto fits = [&](int64_t context) {
    request.context = context;
    return PerGpuBytes(EstimateMemory(model, request, a), count, a) <= usable;
  };
  constexpr int64_t kStep = 256;
  int64_t lo = 0, hi = std::max<int64_t>(model.max_context, 0) / kStep;  // in steps
  if (hi == 0 || !fits(kStep)) return 0;
  if (fits(hi * kStep)) return std::max<int64_t>(model.max_context, 0);
  lo = 1;  // fits; hi does not
  while (hi - lo > 1) {
    const int64_t mid = lo + (hi - lo) / 2;
    (fits(mid * kStep) ? lo : hi) = mid;
  }
  return lo * kStep;
}

FitResult FitModel(const Dataset& data, const LlmModel& model, const MemoryRequest& request,
                   const CurrentPrices& prices, const Assumptions& a, const FitOptions& options) {
  FitResult r;
  r.memory = EstimateMemory(model, request, a);
  for (const Gpu& g : data.gpus) {
    if (!options.segments.empty() && std::find(options.segments.begin(), options.segments.end(),
                                               g.segment) == options.segments.end())
      continue;
    auto answer = AnswerOnGpu(g, model, request, a, options.max_gpus);
    if (!answer) {
      r.not_fitting.push_back(g.id);
      continue;
    }
    FitConfig c;
    static_cast<GpuAnswer&>(c) = std::move(*answer);
    c.unit_price = CheapestCurrentPrice(prices, g.id, options.conditions);
    if (c.unit_price) c.price_usd = c.count * c.unit_price->usd;
    r.configs.push_back(std::move(c));
  }
  std::sort(r.not_fitting.begin(), r.not_fitting.end());
  std::sort(r.configs.begin(), r.configs.end(), [](const FitConfig& x, const FitConfig& y) {
    if (x.price_usd.has_value() != y.price_usd.has_value()) return x.price_usd.has_value();
    if (x.price_usd && *x.price_usd != *y.price_usd) return *x.price_usd < *y.price_usd;
    const double tx = x.tokens_per_s.value_or(0), ty = y.tokens_per_s.value_or(0);
    if (tx != ty) return tx > ty;
    return x.gpu < y.gpu;
  });
  for (const FitConfig& c : r.configs) {
    if (!c.price_usd) break;
    if (!r.cheapest) r.cheapest = c;
    r.cheapest_by_segment.emplace(c.segment, c);  // keeps the first (cheapest) per segment
  }
  return r;
}

}  // namespace gg::calc
