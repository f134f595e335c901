#include "calc/calibration.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "calc/engines.h"
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

// One measured decode run: x (seconds at peak bandwidth), cards, measured tokens/s.
struct DecodeRun {
  double x = 0;
  double n = 1;
  double m = 0;
};

double RmsOf(const std::vector<DecodeRun>& runs, const DecodeLine& line) {
  double sq = 0;
  for (const DecodeRun& r : runs) {
    const double predicted = 1.0 / (line.slope * r.x + line.fixed_seconds * r.n);
    sq += std::pow(predicted / r.m - 1.0, 2);
  }
  return runs.empty() ? 0 : std::sqrt(sq / static_cast<double>(runs.size()));
}

// Slope alone, with the time per card held at `fixed`: minimises Σ ((s·x + fixed·n)·m − 1)².
DecodeLine FitSlope(const std::vector<DecodeRun>& runs, double fixed) {
  DecodeLine line;
  double uu = 0, ur = 0;
  for (const DecodeRun& r : runs) {
    const double u = r.x * r.m;
    uu += u * u, ur += u * (1 - fixed * r.n * r.m);
  }
  if (uu > 0 && ur > 0) {
    line.slope = ur / uu;
    line.fixed_seconds = fixed;
    line.cases = static_cast<int>(runs.size());
    line.own_fixed = false;
    line.rms_relative_error = RmsOf(runs, line);
  }
  return line;
}

DecodeLine FitLine(const std::vector<DecodeRun>& runs, const Assumptions& a) {
  DecodeLine line;
  line.slope = a.decode_bandwidth_efficiency > 0 ? 1.0 / a.decode_bandwidth_efficiency : 1.0;
  if (runs.size() >= 2) {
    // Minimise Σ (slope·u + fixed·v − 1)² with u = x·m, v = n·m.
    double uu = 0, uv = 0, vv = 0, u1 = 0, v1 = 0;
    for (const DecodeRun& r : runs) {
      const double u = r.x * r.m, v = r.n * r.m;
      uu += u * u, uv += u * v, vv += v * v, u1 += u, v1 += v;
    }
    const double det = uu * vv - uv * uv;
    double slope = det != 0 ? (u1 * vv - v1 * uv) / det : 0;
    double fixed = det != 0 ? (uu * v1 - uv * u1) / det : -1;
    if (!(fixed >= 0)) fixed = 0, slope = uu > 0 ? u1 / uu : 0;
    if (slope > 0 && std::isfinite(slope) && std::isfinite(fixed)) {
      line.slope = slope;
      line.fixed_seconds = fixed;
      line.cases = static_cast<int>(runs.size());
    }
  }
  line.rms_relative_error = RmsOf(runs, line);
  return line;
}

// A platform's own line (see CalibrateSpeed).
DecodeLine FitPlatformLine(const std::vector<DecodeRun>& runs, const DecodeLine& pooled,
                           const Assumptions& a) {
  if (runs.empty()) return DecodeLine{};
  double lo = runs.front().x, hi = lo;
  for (const DecodeRun& r : runs) lo = std::min(lo, r.x), hi = std::max(hi, r.x);
  if (runs.size() >= 3 && lo > 0 && hi / lo >= 1.5) {
    DecodeLine line = FitLine(runs, a);
    if (line.cases > 0) return line;
  }
  return FitSlope(runs, pooled.fixed_seconds);
}

// Which prefill line PrefillTokensPerSecond takes for a case once every line has cases.
enum class PrefillKind { k16, kQuantized, kFp4 };
PrefillKind PrefillKindOf(const Gpu& g, Precision p) {
  if (IsSixteenBitWeights(p)) return PrefillKind::k16;
  return IsFp4Weights(p) && g.fp4_tflops.has_value() ? PrefillKind::kFp4 : PrefillKind::kQuantized;
}

// The reference prediction of a decode or prefill case (engine factor not applied).
std::optional<double> ReferenceSpeed(const Dataset& data, const ValidationCase& c,
                                     const Assumptions& a) {
  const LlmModel* m = data.FindModel(c.model);
  const Gpu* g = data.FindGpu(c.gpu);
  if (m == nullptr || g == nullptr) return std::nullopt;
  auto setup = SetupOf(c, *m, a);
  if (!setup) return std::nullopt;
  if (c.kind == "prefill") return PrefillTokensPerSecond(*g, *m, setup->request.precision, a);
  if (c.kind != "decode") return std::nullopt;
  const MemoryBreakdown mem = EstimateMemory(*m, setup->request, setup->assumptions);
  const double bytes = DecodeBytesPerStep(*m, setup->request, mem, setup->assumptions);
  return DecodeTokensPerSecond(*g, *m, bytes, mem.batch, std::max(c.gpu_count, 1), a);
}

bool Measured(const ValidationCase& c) {
  return c.measured && *c.measured > 0;
}

}  // namespace

std::optional<CaseSetup> SetupOf(const ValidationCase& c, const LlmModel& model,
                                 const Assumptions& assumptions) {
  CaseSetup s{{}, assumptions};
  auto precision = c.weights_format.empty() ? std::optional(NativePrecision(model))
                                            : ParsePrecision(c.weights_format);
  if (!precision && c.bits_per_weight > 0) {
    // A format without an id: counted as a block-quantised one at the stated average.
    precision = Precision::kQ4_K_M;
    s.assumptions.bits_q4_k_m = c.bits_per_weight;
  }
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
          r.computed = PredictSpeed(data, c, a);
        }
      } else if (c.kind == "prefill") {
        if (data.FindGpu(c.gpu) == nullptr) continue;
        r.computed = PredictSpeed(data, c, a);
      }
    }
    if (r.computed && c.measured && *c.measured != 0)
      r.relative_error = (*r.computed - *c.measured) / *c.measured;
    out.push_back(r);
  }
  return out;
}

std::optional<double> PredictSpeed(const Dataset& data, const ValidationCase& c,
                                   const Assumptions& a) {
  auto reference = ReferenceSpeed(data, c, a);
  if (!reference) return std::nullopt;
  const Gpu& g = *data.FindGpu(c.gpu);
  if (IsReferenceRun(data, g, c)) return reference;
  const std::string key = RunEngineKey(data, g, c);
  return *reference *
         (c.kind == "prefill" ? EnginePrefillFactor(a, key) : EngineDecodeFactor(a, key));
}

void CalibrateSpeed(const Dataset& data, const std::string& skip_source, Assumptions* a) {
  auto used = [&](const ValidationCase& c, const char* kind) {
    return c.kind == kind && Measured(c) && (skip_source.empty() || c.prov.source != skip_source) &&
           data.FindModel(c.model) != nullptr && data.FindGpu(c.gpu) != nullptr;
  };
  // Decode: the reference runs by platform and kind.
  std::array<std::vector<DecodeRun>, kPlatforms> dense, moe;
  std::vector<DecodeRun> all_dense, all_moe;
  for (const ValidationCase& c : data.validation) {
    if (!used(c, "decode")) continue;
    const Gpu& g = *data.FindGpu(c.gpu);
    if (!IsReferenceRun(data, g, c)) continue;
    auto x = DecodeX(data, c, *a);
    if (!x) continue;
    const DecodeRun run{*x, static_cast<double>(std::max(c.gpu_count, 1)), *c.measured};
    const bool is_moe = data.FindModel(c.model)->experts.has_value();
    const size_t p = static_cast<size_t>(PlatformOf(g));
    (is_moe ? moe : dense)[p].push_back(run);
    (is_moe ? all_moe : all_dense).push_back(run);
  }
  a->decode_dense = FitLine(all_dense, *a);
  a->decode_moe = FitLine(all_moe, *a);
  for (size_t p = 0; p < kPlatforms; ++p) {
    a->decode_dense_on[p] = FitPlatformLine(dense[p], a->decode_dense, *a);
    a->decode_moe_on[p] = FitPlatformLine(moe[p], a->decode_moe, *a);
  }

  // Prefill: predicted = e[kind] × g[platform] × x, x the peak rate; q = x ÷ measured.
  struct PrefillRun {
    PrefillKind kind;
    size_t platform;
    double q;
  };
  std::vector<PrefillRun> runs;
  Assumptions unit = *a;
  unit.prefill_16bit = unit.prefill_quantized = unit.prefill_fp4 = {1, 1, 0};
  unit.prefill_platform = {};
  for (const ValidationCase& c : data.validation) {
    if (!used(c, "prefill")) continue;
    const Gpu& g = *data.FindGpu(c.gpu);
    if (!IsReferenceRun(data, g, c)) continue;
    const LlmModel& m = *data.FindModel(c.model);
    auto setup = SetupOf(c, m, *a);
    if (!setup) continue;
    const Precision p = setup->request.precision;
    auto x = PrefillTokensPerSecond(g, m, p, unit);
    if (!x) continue;
    runs.push_back({PrefillKindOf(g, p), static_cast<size_t>(PlatformOf(g)), *x / *c.measured});
  }
  std::array<double, 3> e{1, 1, 1};
  std::array<double, kPlatforms> gp{1, 1, 1};
  std::array<int, 3> e_n{};
  std::array<int, kPlatforms> g_n{};
  for (const PrefillRun& r : runs) ++e_n[static_cast<size_t>(r.kind)], ++g_n[r.platform];
  for (int iter = 0; iter < 200; ++iter) {
    std::array<double, 3> s1{}, s2{};
    for (const PrefillRun& r : runs) {
      const double q = gp[r.platform] * r.q;
      s1[static_cast<size_t>(r.kind)] += q, s2[static_cast<size_t>(r.kind)] += q * q;
    }
    for (size_t k = 0; k < 3; ++k)
      if (s2[k] > 0) e[k] = s1[k] / s2[k];
    std::array<double, kPlatforms> t1{}, t2{};
    for (const PrefillRun& r : runs) {
      const double q = e[static_cast<size_t>(r.kind)] * r.q;
      t1[r.platform] += q, t2[r.platform] += q * q;
    }
    // Discrete cards are the reference (factor 1) when they have runs.
    for (size_t p = 0; p < kPlatforms; ++p)
      if (p != 0 && t2[p] > 0) gp[p] = t1[p] / t2[p];
  }
  auto line_of = [&](PrefillKind kind) {
    PrefillLine line;
    const size_t k = static_cast<size_t>(kind);
    if (e_n[k] == 0) return line;
    line.efficiency = e[k];
    line.cases = e_n[k];
    double sq = 0;
    for (const PrefillRun& r : runs)
      if (r.kind == kind) sq += std::pow(e[k] * gp[r.platform] * r.q - 1, 2);
    line.rms_relative_error = std::sqrt(sq / e_n[k]);
    return line;
  };
  a->prefill_16bit = line_of(PrefillKind::k16);
  a->prefill_quantized = line_of(PrefillKind::kQuantized);
  a->prefill_fp4 = line_of(PrefillKind::kFp4);
  for (size_t p = 0; p < kPlatforms; ++p) {
    PrefillLine& line = a->prefill_platform[p];
    line = {};
    if (p == 0 || g_n[p] == 0) continue;
    line.efficiency = gp[p];
    line.cases = g_n[p];
    double sq = 0;
    for (const PrefillRun& r : runs)
      if (r.platform == p) sq += std::pow(e[static_cast<size_t>(r.kind)] * gp[p] * r.q - 1, 2);
    line.rms_relative_error = std::sqrt(sq / g_n[p]);
  }

  // Other engines and back ends, against the reference just fitted.
  struct Sums {
    double d1 = 0, d2 = 0, p1 = 0, p2 = 0;
    int dn = 0, pn = 0;
  };
  std::map<std::string, Sums> sums;
  for (const ValidationCase& c : data.validation) {
    const bool decode = used(c, "decode"), prefill = used(c, "prefill");
    if (!decode && !prefill) continue;
    const Gpu& g = *data.FindGpu(c.gpu);
    if (IsReferenceRun(data, g, c)) continue;
    auto reference = ReferenceSpeed(data, c, *a);
    if (!reference || !(*reference > 0)) continue;
    const double q = *reference / *c.measured;
    Sums& s = sums[RunEngineKey(data, g, c)];
    if (decode)
      s.d1 += q, s.d2 += q * q, ++s.dn;
    else
      s.p1 += q, s.p2 += q * q, ++s.pn;
  }
  a->engine_factors.clear();
  for (const auto& [key, s] : sums) {
    EngineFactor f;
    f.decode_runs = s.dn;
    f.prefill_runs = s.pn;
    if (s.d2 > 0) f.decode = s.d1 / s.d2;
    if (s.p2 > 0) f.prefill = s.p1 / s.p2;
    a->engine_factors[key] = f;
  }
}

void CalibrateDecode(const Dataset& data, Assumptions* a) {
  CalibrateSpeed(data, "", a);
}

std::vector<ValidationResult> LeaveOneSourceOut(const Dataset& data, const Assumptions& a) {
  std::vector<std::string> sources;
  for (const ValidationCase& c : data.validation)
    if ((c.kind == "decode" || c.kind == "prefill") && Measured(c) &&
        std::find(sources.begin(), sources.end(), c.prov.source) == sources.end())
      sources.push_back(c.prov.source);
  std::map<std::string, Assumptions> refitted;
  for (const std::string& source : sources) {
    Assumptions held_out = a;
    CalibrateSpeed(data, source, &held_out);
    refitted.emplace(source, std::move(held_out));
  }
  std::vector<ValidationResult> out;
  for (const ValidationCase& c : data.validation) {
    if ((c.kind != "decode" && c.kind != "prefill") || !Measured(c)) continue;
    if (data.FindModel(c.model) == nullptr || data.FindGpu(c.gpu) == nullptr) continue;
    ValidationResult r;
    r.c = &c;
    r.computed = PredictSpeed(data, c, refitted.at(c.prov.source));
    if (r.computed) r.relative_error = (*r.computed - *c.measured) / *c.measured;
    out.push_back(r);
  }
  return out;
}

ErrorSummary SummarizeErrors(const Dataset& data, const std::vector<ValidationResult>& results,
                             const std::string& kind, std::optional<Platform> platform,
                             std::optional<bool> moe) {
  std::vector<double> abs, signed_errors;
  for (const ValidationResult& r : results) {
    if (r.c == nullptr || r.c->kind != kind || !r.relative_error) continue;
    const Gpu* g = data.FindGpu(r.c->gpu);
    const LlmModel* m = data.FindModel(r.c->model);
    if (g == nullptr || m == nullptr) continue;
    if (platform && PlatformOf(*g) != *platform) continue;
    if (moe && m->experts.has_value() != *moe) continue;
    abs.push_back(std::fabs(*r.relative_error));
    signed_errors.push_back(*r.relative_error);
  }
  ErrorSummary s;
  s.n = static_cast<int>(abs.size());
  if (abs.empty()) return s;
  auto median = [](std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return (v[(v.size() - 1) / 2] + v[v.size() / 2]) / 2;
  };
  s.median_abs = median(abs);
  s.median_signed = median(signed_errors);
  s.worst_abs = *std::max_element(abs.begin(), abs.end());
  return s;
}

}  // namespace gg::calc
