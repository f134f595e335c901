// Engines (calc/engines.h): which back end runs where, the reference, and the speed factors
// and per-platform lines fitted on published runs (calc/calibration.h), with the arithmetic
// by hand.
#include <catch2/catch.hpp>

#include <cmath>

#include "calc/calibration.h"
#include "calc/engines.h"
#include "calc/fit.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

EngineSupport Row(const std::string& engine, const std::string& backend, const std::string& vendor,
                  std::vector<std::string> architectures, const std::string& level,
                  bool deflt = false) {
  EngineSupport s;
  s.engine = engine;
  s.backend = backend;
  s.vendor = vendor;
  s.architectures = std::move(architectures);
  s.level = level;
  s.default_backend = deflt;
  s.prov.source = "https://example.org/" + engine;
  s.prov.as_of = "2026-11-28";
  return s;
}

void AddEngines(Dataset* d) {
  Engine llama, vllm, mlx;
  llama.id = "llama.cpp", llama.backends = {"cuda", "rocm", "vulkan", "metal"};
  vllm.id = "vllm", vllm.backends = {"cuda", "rocm"};
  mlx.id = "mlx", mlx.backends = {"metal"};
  d->engines = {llama, vllm, mlx};
  d->engine_support = {
      Row("llama.cpp", "cuda", "nvidia", {"Pascal", "Ampere", "Ada Lovelace", "Blackwell"},
          "official", true),
      Row("llama.cpp", "vulkan", "nvidia", {"Ampere", "Ada Lovelace"}, "official"),
      Row("llama.cpp", "vulkan", "amd", {"RDNA 3"}, "official", true),
      Row("llama.cpp", "rocm", "amd", {"RDNA 3"}, "official"),
      Row("llama.cpp", "metal", "apple", {"Apple M"}, "official", true),
      Row("vllm", "cuda", "nvidia", {"Ampere", "Ada Lovelace"}, "official", true),
      Row("vllm", "cuda", "nvidia", {"Pascal"}, "none"),
      Row("vllm", "rocm", "amd", {"RDNA 3"}, "experimental", true),
      Row("mlx", "metal", "apple", {"Apple M"}, "official", true),
  };
}

Gpu Card(const std::string& id, const std::string& vendor, const std::string& architecture,
         Segment segment, const std::string& form_factor, double bandwidth, double fp16) {
  Gpu g = calc_test::MakeGpu(id, segment, 24, bandwidth, 6, "ampere", fp16, std::nullopt, 350);
  g.vendor = vendor;
  g.architecture = architecture;
  g.form_factor = form_factor;
  return g;
}

}  // namespace

TEST_CASE("Engines: which back end runs on a card, and its support level", "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  AddEngines(&d);
  const Assumptions a = calc_test::TestAssumptions();
  const Gpu ampere = Card("rtx-3090", "nvidia", "Ampere", Segment::kConsumer, "pcie", 936, 71);
  const Gpu pascal = Card("gtx-1080-ti", "nvidia", "Pascal", Segment::kConsumer, "pcie", 484, 0.2);
  const Gpu strix =
      Card("strix", "amd", "RDNA 3.5 (Strix Halo)", Segment::kConsumer, "system", 256, 59);
  const Gpu mac = Card("mac", "apple", "Apple M4 Max", Segment::kConsumer, "system", 546, 34);
  struct Case {
    const Gpu* gpu;
    const char* engine;
    const char* key;
    const char* level;
    bool runs;
    bool reference;
  } cases[] = {
      {&ampere, "llama.cpp", "llama.cpp/cuda", "official", true, true},  // default: CUDA
      {&ampere, "llama.cpp/vulkan", "llama.cpp/vulkan", "official", true, false},
      {&ampere, "vllm", "vllm/cuda", "official", true, false},
      {&ampere, "mlx", "mlx", "unknown", false, false},      // no row: nothing published
      {&pascal, "vllm", "vllm/cuda", "none", false, false},  // documented as unsupported
      {&pascal, "llama.cpp/vulkan", "llama.cpp/vulkan", "unknown", false, false},
      // "RDNA 3" begins "RDNA 3.5 (Strix Halo)": Vulkan is its default.
      {&strix, "llama.cpp", "llama.cpp/vulkan", "official", true, true},
      {&strix, "llama.cpp/rocm", "llama.cpp/rocm", "official", true, false},
      {&strix, "vllm", "vllm/rocm", "experimental", true, false},
      {&mac, "mlx", "mlx/metal", "official", true, false},
      {&mac, "llama.cpp", "llama.cpp/metal", "official", true, true},
      {&mac, "vllm", "vllm", "unknown", false, false},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " " << c.engine);
    const EngineOnGpu e = EngineOn(d, a, *c.gpu, ParseEngineRef(c.engine));
    CHECK(e.key == c.key);
    CHECK(e.level == c.level);
    CHECK(e.runs == c.runs);
    CHECK(e.reference == c.reference);
  }
  CHECK(ParseEngineRef("llama.cpp/vulkan").backend == "vulkan");
  CHECK(ParseEngineRef("vllm").backend.empty());
}

TEST_CASE("Engines: fit leaves out the cards an engine does not run on", "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  AddEngines(&d);
  for (Gpu& g : d.gpus) g.architecture = g.id == "v100" ? "Volta" : "Ampere";
  const Assumptions a = calc_test::TestAssumptions();
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.context = 1024;
  FitOptions options;
  options.engine = ParseEngineRef("vllm");
  const FitResult fit = FitModel(d, *d.FindModel("llama-3.1-8b"), r, {}, a, options);
  // vLLM has no row for Volta in this table: the V100 is left out and listed.
  CHECK(fit.engine_unsupported == std::vector<std::string>{"v100"});
  for (const FitConfig& c : fit.configs) {
    REQUIRE(c.engine);
    CHECK(c.engine->key == "vllm/cuda");
    CHECK_FALSE(c.engine->decode_factor);  // no vLLM runs: no factor, the reference speed
  }
  // Without an engine, nothing is left out.
  CHECK(FitModel(d, *d.FindModel("llama-3.1-8b"), r, {}, a, {}).engine_unsupported.empty());
}

TEST_CASE("Engines: a factor from two runs or more, fitted on the relative error",
          "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  AddEngines(&d);
  for (Gpu& g : d.gpus) g.architecture = "Ampere";
  Assumptions a = calc_test::TestAssumptions();
  // Reference runs on the line 1.25 × x + 1.5 ms; vLLM runs 1.5× and 1.2× as fast as it.
  auto add = [&](const std::string& id, const char* engine, const char* gpu, double speedup) {
    ValidationCase c;
    c.id = id;
    c.kind = "decode";
    c.engine = engine;
    c.model = "llama-3.1-8b";
    c.gpu = gpu;
    c.weights_format = "q4_k_m";
    c.prompt_tokens = 0;
    c.generated_tokens = 128;
    c.prov.source = id;
    const LlmModel& m = *d.FindModel(c.model);
    auto setup = SetupOf(c, m, a);
    const double bytes =
        DecodeBytesPerStep(m, setup->request, EstimateMemory(m, setup->request, a), a);
    c.measured = speedup / (1.25 * bytes / (d.FindGpu(gpu)->bandwidth_gbs * 1e9) + 0.0015);
    d.validation.push_back(c);
  };
  add("ref-4090", "llama.cpp", "rtx-4090", 1);
  add("ref-3090", "llama.cpp", "rtx-3090", 1);
  add("ref-3060", "llama.cpp", "rtx-3060", 1);
  add("vllm-1", "vllm", "rtx-4090", 1.5);
  CalibrateDecode(d, &a);
  // One vLLM run: counted, not used.
  REQUIRE(a.engine_factors.count("vllm/cuda"));
  CHECK(a.engine_factors["vllm/cuda"].decode_runs == 1);
  CHECK(EngineDecodeFactor(a, "vllm/cuda") == 1);
  add("vllm-2", "vllm", "rtx-3090", 1.2);
  CalibrateDecode(d, &a);
  // The geometric mean of measured ÷ reference: √(1.5 × 1.2) = √1.8 = 1.3416.
  CHECK(a.engine_factors["vllm/cuda"].decode_runs == 2);
  CHECK(EngineDecodeFactor(a, "vllm/cuda") == Approx(std::sqrt(1.5 * 1.2)));
  CHECK(EngineDecodeFactor(a, "vllm/cuda") == Approx(1.3416).epsilon(1e-4));
  // The reference line is unmoved by the vLLM runs.
  CHECK(a.decode_dense.slope == Approx(1.25));
  CHECK(a.decode_dense.fixed_seconds == Approx(0.0015));
  // The validation table applies the factor to vLLM runs: 1.3416 ÷ 1.5 − 1 = −10.6 %.
  for (const ValidationResult& v : Validate(d, a))
    if (v.c->id == "vllm-1") CHECK(*v.relative_error == Approx(1.3416 / 1.5 - 1).epsilon(1e-3));
  // A run marked not_fitted is listed, not fitted: a third vLLM run at 5× moves nothing.
  add("vllm-3", "vllm", "rtx-3060", 5);
  d.validation.back().not_fitted = "a broken build";
  CalibrateDecode(d, &a);
  CHECK(a.engine_factors["vllm/cuda"].decode_runs == 2);
  CHECK(EngineDecodeFactor(a, "vllm/cuda") == Approx(std::sqrt(1.5 * 1.2)));
}

TEST_CASE("Speed lines per platform: own fixed time, or the pooled one", "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  // A unified-memory system: RDNA 3.5-like figures, form factor "system".
  Gpu sys = Card("strix", "amd", "RDNA 3.5 (Strix Halo)", Segment::kConsumer, "system", 256, 59);
  d.gpus.push_back(sys);
  struct Run {
    const char* gpu;
    const char* model;
    const char* format;
    double slope, fixed;
  };
  // Discrete cards on 1.25 × x + 1.5 ms; the system on 1.6 × x + 4 ms.
  const Run runs[] = {{"rtx-4090", "llama-3.1-8b", "q4_k_m", 1.25, 0.0015},
                      {"rtx-3090", "llama-3.1-8b", "q8_0", 1.25, 0.0015},
                      {"rtx-3060", "llama-3.1-8b", "q4_k_m", 1.25, 0.0015},
                      {"strix", "llama-3.1-8b", "q4_k_m", 1.6, 0.004},
                      {"strix", "llama-3.1-8b", "q8_0", 1.6, 0.004},
                      {"strix", "llama-3.1-70b", "q4_k_m", 1.6, 0.004}};
  int i = 0;
  for (const Run& run : runs) {
    ValidationCase c;
    c.id = "run-" + std::to_string(i++);
    c.kind = "decode";
    c.engine = "llama.cpp";
    c.model = run.model;
    c.gpu = run.gpu;
    c.weights_format = run.format;
    c.prompt_tokens = 0;
    c.generated_tokens = 128;
    const LlmModel& m = *d.FindModel(c.model);
    auto setup = SetupOf(c, m, a);
    const double bytes =
        DecodeBytesPerStep(m, setup->request, EstimateMemory(m, setup->request, a), a);
    c.measured = 1 / (run.slope * bytes / (d.FindGpu(run.gpu)->bandwidth_gbs * 1e9) + run.fixed);
    d.validation.push_back(c);
  }
  CalibrateDecode(d, &a);
  const auto& discrete = a.decode_dense_on[static_cast<size_t>(Platform::kDiscrete)];
  const auto& unified = a.decode_dense_on[static_cast<size_t>(Platform::kUnified)];
  CHECK(discrete.cases == 3);
  CHECK(discrete.slope == Approx(1.25));
  CHECK(discrete.fixed_seconds == Approx(0.0015));
  CHECK(unified.cases == 3);
  CHECK(unified.own_fixed);
  CHECK(unified.slope == Approx(1.6));
  CHECK(unified.fixed_seconds == Approx(0.004));
  CHECK(a.decode_dense_on[static_cast<size_t>(Platform::kDatacenter)].cases == 0);
  // Every run recomputed exactly on its platform's line.
  for (const ValidationResult& v : Validate(d, a))
    if (v.c->kind == "decode") CHECK(*v.relative_error == Approx(0).margin(1e-9));
  // Two cards in a pipeline pay the fixed time twice: 1 ÷ (1.25 x + 2 × 1.5 ms).
  const LlmModel& llama8 = *d.FindModel("llama-3.1-8b");
  const Gpu& rtx4090 = *d.FindGpu("rtx-4090");
  const double bytes = 5e9, x = bytes / 1008e9;
  CHECK(DecodeTokensPerSecond(rtx4090, llama8, bytes, 1, 2, a) == Approx(1 / (1.25 * x + 0.003)));
  CHECK(DecodeSecondsOnCard(rtx4090, llama8, bytes, a) == Approx(1.25 * x + 0.0015));

  // With one run on a platform, only its slope is fitted; the fixed time is the pooled one.
  d.validation.erase(d.validation.end() - 2, d.validation.end());
  CalibrateDecode(d, &a);
  const auto& one = a.decode_dense_on[static_cast<size_t>(Platform::kUnified)];
  CHECK(one.cases == 1);
  CHECK_FALSE(one.own_fixed);
  CHECK(one.fixed_seconds == Approx(a.decode_dense.fixed_seconds));
}

TEST_CASE("Prefill: a factor per platform beside the format lines", "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  d.gpus.push_back(
      Card("strix", "amd", "RDNA 3.5 (Strix Halo)", Segment::kConsumer, "system", 256, 59.4));
  // Discrete cards at 60 % of their FP16 peak, the system at 60 % × 0.25 = 15 %.
  auto add = [&](const char* gpu, double share) {
    ValidationCase c;
    c.id = std::string("prefill-") + gpu;
    c.kind = "prefill";
    c.engine = "llama.cpp";
    c.model = "llama-3.1-8b";
    c.gpu = gpu;
    c.weights_format = "q4_k_m";
    c.measured = share * d.FindGpu(gpu)->fp16_tflops * 1e12 / (2 * 8.03e9);
    d.validation.push_back(c);
  };
  add("rtx-4090", 0.6);
  add("rtx-3090", 0.6);
  add("strix", 0.15);
  d.validation.push_back(d.validation.back());  // an unknown GPU: skipped
  d.validation.back().id = "prefill-unknown";
  d.validation.back().gpu = "nope";
  CalibrateDecode(d, &a);
  CHECK(a.prefill_quantized.efficiency == Approx(0.6));
  const auto& unified = a.prefill_class["unified/amd"];
  CHECK(unified.cases == 1);
  CHECK(unified.efficiency == Approx(0.25));
  // 0.6 × 0.25 × 59.4e12 ÷ (2 × 8.03e9) = 554.8 tokens/s.
  CHECK(*PrefillTokensPerSecond(*d.FindGpu("strix"), *d.FindModel("llama-3.1-8b"),
                                Precision::kQ4_K_M, a) == Approx(554.8).epsilon(1e-3));
}

}  // namespace gg::calc

namespace gg::calc {

TEST_CASE("Prefill: a factor for mixture-of-experts models", "[calc][engines]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  // Dense runs at 60 % of the FP16 peak; gpt-oss-120b (5.13B active) at 60 % × 0.4 = 24 %.
  auto add = [&](const char* id, const char* model, double active, double share) {
    ValidationCase c;
    c.id = id;
    c.kind = "prefill";
    c.engine = "llama.cpp";
    c.model = model;
    c.gpu = "rtx-4090";
    c.weights_format = "q4_k_m";
    c.measured = share * 165.2e12 / (2 * active);
    d.validation.push_back(c);
  };
  add("dense-8b", "llama-3.1-8b", 8.03e9, 0.6);
  add("dense-70b", "llama-3.1-70b", 70.6e9, 0.6);
  add("moe", "gpt-oss-120b", 5.13e9, 0.24);
  CalibrateDecode(d, &a);
  CHECK(a.prefill_quantized.efficiency == Approx(0.6));
  CHECK(a.prefill_moe.cases == 1);
  CHECK(a.prefill_moe.efficiency == Approx(0.4));
  // 0.6 × 0.4 × 165.2e12 ÷ (2 × 5.13e9) = 3,864 tokens/s.
  CHECK(*PrefillTokensPerSecond(*d.FindGpu("rtx-4090"), *d.FindModel("gpt-oss-120b"),
                                Precision::kQ4_K_M, a) == Approx(3864).epsilon(1e-3));
  // Without dense runs the MoE factor is not fitted.
  d.validation.erase(d.validation.begin(), d.validation.begin() + 2);
  CalibrateDecode(d, &a);
  CHECK(a.prefill_moe.cases == 0);
}

}  // namespace gg::calc
