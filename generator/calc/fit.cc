#include "calc/fit.h"

#include <algorithm>
#include <cmath>

namespace gg::calc {

std::vector<int> CandidateGpuCounts(int gpus_per_node, int max_gpus) {
  std::vector<int> counts{1};
  if (gpus_per_node < 1) return counts;
  for (int n = 2; n < gpus_per_node && n <= max_gpus; n *= 2) counts.push_back(n);
  for (int n = gpus_per_node; n <= max_gpus; n += gpus_per_node)
    if (n > 1) counts.push_back(n);
  return counts;
}

double PerGpuBytes(double total_bytes, int n, const Assumptions& a) {
  return total_bytes / std::max(n, 1) + a.cuda_context_gb * 1e9;
}

double UsableGpuBytes(const Gpu& gpu, const Assumptions& a) {
  return gpu.memory_gb * 1e9 * (1.0 - a.gpu_ram_headroom_fraction);
}

bool HeadsSplitEvenly(const LlmModel& model, int n) {
  return n == 1 || (n > 1 && model.attention_heads > 0 && model.attention_heads % n == 0);
}

std::optional<int> SmallestGpuCount(const Gpu& gpu, const LlmModel& model, double total_bytes,
                                    const Assumptions& a, int max_gpus) {
  const double usable = UsableGpuBytes(gpu, a);
  for (int n : CandidateGpuCounts(a.gpus_per_node, max_gpus))
    if (HeadsSplitEvenly(model, n) && PerGpuBytes(total_bytes, n, a) <= usable) return n;
  return std::nullopt;
}

double DecodeBytesPerStep(const LlmModel& model, const MemoryRequest& request,
                          const MemoryBreakdown& memory, const Assumptions& a) {
  const double active_b = model.active_params_b > 0 ? model.active_params_b : model.params_b;
  return std::max(active_b, 0.0) * 1e9 * BytesPerParam(request.precision, a) +
         memory.kv_cache_bytes;
}

double DecodeTokensPerSecond(const Gpu& gpu, int n, double bytes_per_step, int64_t batch,
                             const Assumptions& a) {
  if (!(bytes_per_step > 0)) return 0;
  const double gpus = std::max(n, 1);
  const double scaling = gpus * std::pow(a.tensor_parallel_efficiency, std::log2(gpus));
  return static_cast<double>(batch) * a.decode_bandwidth_efficiency * gpu.bandwidth_gbs * 1e9 *
         scaling / bytes_per_step;
}

FitResult FitModel(const Dataset& data, const LlmModel& model, const MemoryRequest& request,
                   const CurrentPrices& prices, const Assumptions& a, const FitOptions& options) {
  FitResult r;
  r.memory = EstimateMemory(model, request, a);
  const double step_bytes = DecodeBytesPerStep(model, request, r.memory, a);
  for (const Gpu& g : data.gpus) {
    if (!options.segments.empty() && std::find(options.segments.begin(), options.segments.end(),
                                               g.segment) == options.segments.end())
      continue;
    auto n = SmallestGpuCount(g, model, r.memory.total_bytes, a, options.max_gpus);
    if (!n) {
      r.not_fitting.push_back(g.id);
      continue;
    }
    FitConfig c;
    c.gpu = g.id;
    c.segment = g.segment;
    c.count = *n;
    c.per_gpu_bytes = PerGpuBytes(r.memory.total_bytes, *n, a);
    c.unit_price = CheapestCurrentPrice(prices, g.id, options.conditions);
    if (c.unit_price) c.price_usd = *n * c.unit_price->usd;
    if (request.mode == MemoryMode::kInference)
      c.tokens_per_s = DecodeTokensPerSecond(g, *n, step_bytes, r.memory.batch, a);
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
