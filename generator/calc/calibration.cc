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
      KvBytesPerLayerTokenOfKind(m, want, s.request.kv_precision, s.assumptions) +
      IndexerBytesPerLayerToken(m);
  double total = 0;
  for (int layer = 0; layer < m.layers; ++layer)
    if (m.KindOfLayer(layer) == want && m.OwnsKvCache(layer))
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
    return c.kind == kind && Measured(c) && c.not_fitted.empty() &&
           (skip_source.empty() || c.prov.source != skip_source) &&
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

  // Prefill: predicted = e[kind] × g[class] × x, x the peak rate; fitted on the logarithm:
  // log measured − log x = log e[kind] + log g[class], by alternating means, with the
  // reference class held at 1.
  struct PrefillRun {
    size_t kind;
    std::string cls;
    bool moe;
    double y;  // log(measured ÷ x)
  };
  std::vector<PrefillRun> runs;
  Assumptions unit = *a;
  unit.prefill_16bit = unit.prefill_quantized = unit.prefill_fp4 = {1, 1, 0};
  unit.prefill_class.clear();
  unit.prefill_moe = {};
  for (const ValidationCase& c : data.validation) {
    if (!used(c, "prefill")) continue;
    const Gpu& g = *data.FindGpu(c.gpu);
    if (!IsReferenceRun(data, g, c)) continue;
    const LlmModel& m = *data.FindModel(c.model);
    auto setup = SetupOf(c, m, *a);
    if (!setup) continue;
    const Precision p = setup->request.precision;
    auto x = PrefillTokensPerSecond(g, m, p, unit);
    if (!x || !(*x > 0)) continue;
    runs.push_back({static_cast<size_t>(PrefillKindOf(g, p)), PrefillClassOf(g),
                    m.experts.has_value(), std::log(*c.measured / *x)});
  }
  std::array<double, 3> le{};  // log e per kind
  std::array<int, 3> e_n{};
  std::map<std::string, double> lg;  // log g per class
  std::map<std::string, int> g_n;
  double lm = 0;  // log of the MoE factor (dense models 0)
  int moe_n = 0, dense_n = 0;
  for (const PrefillRun& r : runs) {
    ++e_n[r.kind], lg[r.cls] = 0, ++g_n[r.cls];
    ++(r.moe ? moe_n : dense_n);
  }
  auto moe_term = [&](const PrefillRun& r) { return r.moe ? lm : 0.0; };
  for (int iter = 0; iter < 200; ++iter) {
    std::array<double, 3> sum{};
    for (const PrefillRun& r : runs) sum[r.kind] += r.y - lg[r.cls] - moe_term(r);
    for (size_t k = 0; k < 3; ++k)
      if (e_n[k] > 0) le[k] = sum[k] / e_n[k];
    std::map<std::string, double> t;
    for (const PrefillRun& r : runs) t[r.cls] += r.y - le[r.kind] - moe_term(r);
    for (auto& [cls, v] : lg)
      if (cls != kPrefillReferenceClass) v = t[cls] / g_n[cls];
    // The MoE factor only where dense runs anchor the lines.
    if (moe_n > 0 && dense_n > 0) {
      double m = 0;
      for (const PrefillRun& r : runs)
        if (r.moe) m += r.y - le[r.kind] - lg[r.cls];
      lm = m / moe_n;
    }
  }
  auto rms = [&](auto keep) {
    double sq = 0;
    int n = 0;
    for (const PrefillRun& r : runs)
      if (keep(r)) sq += std::pow(std::exp(le[r.kind] + lg[r.cls] + moe_term(r) - r.y) - 1, 2), ++n;
    return n > 0 ? std::sqrt(sq / n) : 0.0;
  };
  auto line_of = [&](PrefillKind kind) {
    PrefillLine line;
    const size_t k = static_cast<size_t>(kind);
    if (e_n[k] == 0) return line;
    line.efficiency = std::exp(le[k]);
    line.cases = e_n[k];
    line.rms_relative_error = rms([k](const PrefillRun& r) { return r.kind == k; });
    return line;
  };
  a->prefill_16bit = line_of(PrefillKind::k16);
  a->prefill_quantized = line_of(PrefillKind::kQuantized);
  a->prefill_fp4 = line_of(PrefillKind::kFp4);
  a->prefill_class.clear();
  for (const auto& [cls, v] : lg) {
    PrefillLine line;
    line.efficiency = std::exp(v);
    line.cases = g_n[cls];
    line.rms_relative_error = rms([&cls](const PrefillRun& r) { return r.cls == cls; });
    a->prefill_class[cls] = line;
  }
  a->prefill_moe = {};
  if (moe_n > 0 && dense_n > 0) {
    a->prefill_moe.efficiency = std::exp(lm);
    a->prefill_moe.cases = moe_n;
    a->prefill_moe.rms_relative_error = rms([](const PrefillRun& r) { return r.moe; });
  }

  // Other engines and back ends, against the reference just fitted: the geometric mean of
  // measured ÷ predicted.
  struct Sums {
    double d = 0, p = 0;
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
    const double y = std::log(*c.measured / *reference);
    Sums& s = sums[RunEngineKey(data, g, c)];
    if (decode)
      s.d += y, ++s.dn;
    else
      s.p += y, ++s.pn;
  }
  a->engine_factors.clear();
  for (const auto& [key, s] : sums) {
    EngineFactor f;
    f.decode_runs = s.dn;
    f.prefill_runs = s.pn;
    if (s.dn > 0) f.decode = std::exp(s.d / s.dn);
    if (s.pn > 0) f.prefill = std::exp(s.p / s.pn);
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
