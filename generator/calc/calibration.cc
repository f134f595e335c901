#include "calc/calibration.h"

#include <cmath>

#include "calc/fit.h"

namespace gg::calc {

namespace {

std::optional<double> ToUnit(double bytes, const std::string& unit) {
  if (unit == "GiB") return bytes / kBytesPerGiB;
  if (unit == "MiB") return bytes / (1024.0 * 1024.0);
  if (unit == "GB") return bytes / 1e9;
  if (unit == "MB") return bytes / 1e6;
  return std::nullopt;
}

// The KV cache of the layers of one kind only ("sliding", …), for the whole batch.
double KvBytesOfKind(const LlmModel& m, const std::string& kind, const CaseSetup& s) {
  static const std::pair<const char*, LayerKind> kKinds[] = {{"full", LayerKind::kFull},
                                                             {"sliding", LayerKind::kSliding},
                                                             {"chunked", LayerKind::kChunked},
                                                             {"recurrent", LayerKind::kRecurrent},
                                                             {"none", LayerKind::kNone}};
  LayerKind want = LayerKind::kFull;
  for (const auto& [id, k] : kKinds)
    if (kind == id) want = k;
  const int64_t context = s.request.context.value_or(0);
  const double per_token =
      KvBytesPerLayerToken(m, s.request.kv_precision, s.assumptions) + IndexerBytesPerLayerToken(m);
  double total = 0;
  for (int layer = 0; layer < m.layers; ++layer)
    if (m.KindOfLayer(layer) == want)
      total += static_cast<double>(KvCellsForLayer(m, want, context, s.assumptions)) * per_token;
  return total * static_cast<double>(s.request.batch.value_or(1));
}

bool IsLlamaCppFamily(const std::string& engine) {
  return engine == "llama.cpp" || engine == "ik_llama.cpp" || engine == "ollama";
}

// x = seconds to read one step's bytes at the card's peak bandwidth.
std::optional<double> DecodeX(const Dataset& data, const ValidationCase& c, const Assumptions& a) {
  const LlmModel* m = data.FindModel(c.model);
  const Gpu* g = data.FindGpu(c.gpu);
  if (m == nullptr || g == nullptr || !(g->bandwidth_gbs > 0)) return std::nullopt;
  auto setup = SetupOf(c, *m, a);
  if (!setup) return std::nullopt;
  const MemoryBreakdown mem = EstimateMemory(*m, setup->request, setup->assumptions);
  const double bytes = DecodeBytesPerStep(*m, setup->request, mem, setup->assumptions);
  if (!(bytes > 0)) return std::nullopt;
  return bytes / (g->bandwidth_gbs * 1e9);
}

DecodeLine FitLine(const std::vector<double>& x, const std::vector<double>& measured,
                   const Assumptions& a) {
  DecodeLine line;
  line.slope = a.decode_bandwidth_efficiency > 0 ? 1.0 / a.decode_bandwidth_efficiency : 1.0;
  if (x.size() >= 2) {
    // Minimise Σ (slope·u + fixed·v − 1)² with u = x·m, v = m.
    double uu = 0, uv = 0, vv = 0, u1 = 0, v1 = 0;
    for (size_t i = 0; i < x.size(); ++i) {
      const double u = x[i] * measured[i], v = measured[i];
      uu += u * u, uv += u * v, vv += v * v, u1 += u, v1 += v;
    }
    const double det = uu * vv - uv * uv;
    double slope = det != 0 ? (u1 * vv - v1 * uv) / det : 0;
    double fixed = det != 0 ? (uu * v1 - uv * u1) / det : -1;
    if (!(fixed >= 0)) fixed = 0, slope = uu > 0 ? u1 / uu : 0;
    if (slope > 0 && std::isfinite(slope) && std::isfinite(fixed)) {
      line.slope = slope;
      line.fixed_seconds = fixed;
      line.cases = static_cast<int>(x.size());
    }
  }
  double sq = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double predicted = 1.0 / (line.slope * x[i] + line.fixed_seconds);
    sq += std::pow(predicted / measured[i] - 1.0, 2);
  }
  line.rms_relative_error = x.empty() ? 0 : std::sqrt(sq / static_cast<double>(x.size()));
  return line;
}

}  // namespace

std::optional<CaseSetup> SetupOf(const ValidationCase& c, const LlmModel& model,
                                 const Assumptions& assumptions) {
  CaseSetup s{{}, assumptions};
  auto precision = c.weights_format.empty() ? std::optional(NativePrecision(model))
                                            : ParsePrecision(c.weights_format);
  auto kv = c.kv_format.empty() ? std::optional(Precision::kFp16) : ParsePrecision(c.kv_format);
  if (!precision || !kv) return std::nullopt;
  s.request.precision = *precision;
  s.request.kv_precision = *kv;
  s.request.batch = std::max(c.batch, 1);
  s.request.flash_attention = c.flash_attention.value_or(true);
  if (c.kind == "decode")
    s.request.context = std::max(c.prompt_tokens, 0) + std::max(c.generated_tokens, 0) / 2;
  else
    s.request.context = std::max(c.context, 0);
  if (c.ubatch > 0) s.assumptions.llm_ubatch_tokens = c.ubatch;
  return s;
}

std::vector<ValidationResult> Validate(const Dataset& data, const Assumptions& a) {
  std::vector<ValidationResult> out;
  for (const ValidationCase& c : data.validation) {
    ValidationResult r;
    r.c = &c;
    if (c.kind == "context_overhead") {
      r.computed = ToUnit(a.cuda_context_gb * 1e9, c.unit);
    } else {
      const LlmModel* m = data.FindModel(c.model);
      if (m == nullptr) continue;
      auto setup = SetupOf(c, *m, a);
      if (!setup) continue;
      const MemoryBreakdown mem = EstimateMemory(*m, setup->request, setup->assumptions);
      const int gpus = std::max(c.gpu_count, 1);
      if (c.kind == "weights") {
        r.computed = ToUnit(mem.weights_bytes, c.unit);
      } else if (c.kind == "kv_cache") {
        // llama.cpp-based engines print the whole cache; vLLM and SGLang print one GPU's
        // share under tensor parallelism.
        const bool per_gpu = c.engine == "vllm" || c.engine == "sglang";
        double kv = mem.kv_cache_bytes;
        if (!c.layer_kind.empty()) kv = KvBytesOfKind(*m, c.layer_kind, *setup);
        r.computed = ToUnit(kv / (per_gpu ? gpus : 1), c.unit);
      } else if (c.kind == "compute_buffer") {
        r.computed = ToUnit(mem.overhead_bytes, c.unit);
      } else if (c.kind == "total") {
        r.computed = ToUnit(mem.total_bytes, c.unit);
      } else if (c.kind == "fits" || c.kind == "decode") {
        const Gpu* g = data.FindGpu(c.gpu);
        if (g == nullptr) continue;
        if (c.kind == "fits") {
          r.computed_fits = PerGpuBytes(mem, gpus, setup->assumptions) <= UsableGpuBytes(*g, a);
          r.agrees = *r.computed_fits == (c.outcome == "runs");
        } else {
          const double bytes = DecodeBytesPerStep(*m, setup->request, mem, setup->assumptions);
          r.computed = DecodeTokensPerSecond(*g, *m, bytes, mem.batch, a);
        }
      } else if (c.kind == "prefill") {
        const Gpu* g = data.FindGpu(c.gpu);
        if (g == nullptr) continue;
        r.computed = PrefillTokensPerSecond(*g, *m, setup->request.precision, a);
      }
    }
    if (r.computed && c.measured && *c.measured != 0)
      r.relative_error = (*r.computed - *c.measured) / *c.measured;
    out.push_back(r);
  }
  return out;
}

void CalibrateDecode(const Dataset& data, Assumptions* a) {
  std::vector<double> dense_x, dense_m, moe_x, moe_m;
  for (const ValidationCase& c : data.validation) {
    if (c.kind != "decode" || !c.measured || !(*c.measured > 0)) continue;
    // The model follows llama.cpp (layers split, its kernels); vLLM and SGLang runs stay in
    // the validation table but do not pull the line.
    if (!IsLlamaCppFamily(c.engine)) continue;
    const LlmModel* m = data.FindModel(c.model);
    auto x = DecodeX(data, c, *a);
    if (m == nullptr || !x) continue;
    (m->experts ? moe_x : dense_x).push_back(*x);
    (m->experts ? moe_m : dense_m).push_back(*c.measured);
  }
  a->decode_dense = FitLine(dense_x, dense_m, *a);
  a->decode_moe = FitLine(moe_x, moe_m, *a);

  // Prefill: p = efficiency × x with x the peak rate; minimise Σ (efficiency·x/m − 1)².
  std::vector<double> r16, rq, r4;  // x / m per case
  for (const ValidationCase& c : data.validation) {
    if (c.kind != "prefill" || !c.measured || !(*c.measured > 0) || !IsLlamaCppFamily(c.engine))
      continue;
    const LlmModel* m = data.FindModel(c.model);
    const Gpu* g = data.FindGpu(c.gpu);
    if (m == nullptr || g == nullptr) continue;
    auto setup = SetupOf(c, *m, *a);
    if (!setup) continue;
    Assumptions unit = *a;
    unit.prefill_16bit = unit.prefill_quantized = unit.prefill_fp4 = {1, 1, 0};
    const Precision p = setup->request.precision;
    auto x = PrefillTokensPerSecond(*g, *m, p, unit);
    if (!x) continue;
    // The line PrefillTokensPerSecond takes for this case once every line has cases.
    std::vector<double>& ratios = IsSixteenBitWeights(p)                         ? r16
                                  : IsFp4Weights(p) && g->fp4_tflops.has_value() ? r4
                                                                                 : rq;
    ratios.push_back(*x / *c.measured);
  }
  auto fit = [](const std::vector<double>& ratios) {
    PrefillLine line;
    double s1 = 0, s2 = 0;
    for (double q : ratios) s1 += q, s2 += q * q;
    if (ratios.empty() || !(s2 > 0)) return line;
    line.efficiency = s1 / s2;
    line.cases = static_cast<int>(ratios.size());
    double sq = 0;
    for (double q : ratios) sq += (line.efficiency * q - 1) * (line.efficiency * q - 1);
    line.rms_relative_error = std::sqrt(sq / static_cast<double>(ratios.size()));
    return line;
  };
  a->prefill_16bit = fit(r16);
  a->prefill_quantized = fit(rq);
  a->prefill_fp4 = fit(r4);
}

}  // namespace gg::calc
