// Fit, speed and the largest context, table-driven, with the validation cases of
// data/validation.json that decide the rule (70B Q4_K_M 8K on two 24 GB cards runs; Llama 3 8B
// F16 8K on a 16 GB card is out of memory) recomputed by hand in the comments.
#include <catch2/catch.hpp>

#include <cmath>

#include "calc/calibration.h"
#include "calc/fit.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeGpu;
using calc_test::MakeModel;
using Catch::Detail::Approx;

TEST_CASE("Card counts: a desktop holds 4, a server 2/4/8, baseboards of 8", "[calc][fit]") {
  const Assumptions a = calc_test::TestAssumptions();  // 4 per desktop, 8 per node
  Gpu consumer = MakeGpu("c", Segment::kConsumer, 24, 1000, 1, "ada", 1, {}, 300);
  Gpu workstation = MakeGpu("w", Segment::kWorkstation, 48, 1000, 1, "ada", 1, {}, 300);
  Gpu pcie = MakeGpu("p", Segment::kDatacenter, 80, 2000, 1, "hopper", 1, {}, 350);
  pcie.form_factor = "pcie";
  Gpu sxm = MakeGpu("s", Segment::kDatacenter, 80, 3350, 1, "hopper", 1, {}, 700);
  sxm.form_factor = "sxm";
  struct Case {
    const Gpu* gpu;
    int max;
    std::vector<int> counts;
  };
  const Case cases[] = {
      {&consumer, 64, {1, 2, 3, 4}},
      {&consumer, 2, {1, 2}},
      {&workstation, 64, {1, 2, 3, 4}},
      {&pcie, 64, {1, 2, 4, 8}},
      {&sxm, 64, {1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64}},
      {&sxm, 20, {1, 2, 4, 8, 16}},
      {&sxm, 1, {1}},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " max " << c.max);
    CHECK(CandidateGpuCounts(*c.gpu, a, c.max) == c.counts);
  }
}

TEST_CASE("Formats a card cannot run are replaced by the nearest it runs", "[calc][fit]") {
  const auto gpus = calc_test::TestGpus();
  auto gpu = [&](const char* id) {
    for (const Gpu& g : gpus)
      if (g.id == id) return g;
    FAIL(id);
    return Gpu{};
  };
  CHECK(RunnablePrecision(gpu("v100"), Precision::kFp8) == Precision::kQ8_0);
  CHECK(RunnablePrecision(gpu("rtx-3090"), Precision::kFp8) == Precision::kQ8_0);
  CHECK(RunnablePrecision(gpu("rtx-4090"), Precision::kFp8) == Precision::kFp8);
  CHECK(RunnablePrecision(gpu("rtx-4090"), Precision::kNvfp4) == Precision::kQ4_K_M);
  CHECK(RunnablePrecision(gpu("rtx-5090"), Precision::kNvfp4) == Precision::kNvfp4);
  // NVFP4 follows the data: NVIDIA FP4 Tensor Cores (fp4_tflops on an nvidia card).
  Gpu no_fp4 = gpu("rtx-5090");
  no_fp4.fp4_tflops.reset();
  CHECK(RunnablePrecision(no_fp4, Precision::kNvfp4) == Precision::kQ4_K_M);
  Gpu cdna4 = gpu("rtx-5090");  // MXFP4 Matrix Cores, but NVFP4 is NVIDIA's format
  cdna4.vendor = "amd";
  cdna4.tensor_cores = "cdna4";
  CHECK(RunnablePrecision(cdna4, Precision::kNvfp4) == Precision::kQ4_K_M);
  CHECK(RunnablePrecision(cdna4, Precision::kMxfp4) == Precision::kMxfp4);
  CHECK(RunnablePrecision(gpu("v100"), Precision::kMxfp4) == Precision::kMxfp4);
  CHECK(RunnablePrecision(gpu("v100"), Precision::kQ4_K_M) == Precision::kQ4_K_M);
}

TEST_CASE("Fit rule against published runs and out-of-memory reports", "[calc][fit]") {
  const Assumptions a = calc_test::TestAssumptions();  // 0.35 GB context, 5 % headroom
  const auto models = calc_test::TestModels();
  const Gpu rtx3090 = MakeGpu("rtx-3090", Segment::kConsumer, 24, 936, 6, "ampere", 71, {}, 350);
  const Gpu rtx4080 = MakeGpu("rtx-4080", Segment::kConsumer, 16, 717, 64, "ada", 97, 194, 320);
  // Usable: 24 GiB × 0.95 = 24,481,313,587 B; 16 GiB × 0.95 = 16,320,875,725 B.
  CHECK(UsableGpuBytes(rtx3090, a) == Approx(24.0 * 1073741824 * 0.95));
  struct Case {
    const char* what;
    const char* model;
    Precision precision;
    int64_t context;
    const Gpu* gpu;
    std::optional<int> count;
    double per_gpu;
  };
  const Case cases[] = {
      // Llama 3.1 70B Q4_K_M, 8K, F16 KV, no FlashAttention, 2 × RTX 3090 (runs, llama.cpp
      // b2833): (42.80 GB weights − 0.64 GB host embeddings + 2.68 GB KV) / 2 + 1.13 GB
      // compute buffer (scores 512 × 8,192 × 64 × 4 B + FFN) + 0.35 GB = 23.91 GB ≤ 24.48.
      {"70b q4_k_m 8k on 3090s", "llama-3.1-70b", Precision::kQ4_K_M, 8192, &rtx3090, 2,
       (70.6e9 * 4.85 / 8 - 128256.0 * 8192 * 4.85 / 8 + 2684354560.0) / 2 + 1073741824.0 +
           58720256.0 + 0.35e9},
      // Llama 3 8B F16 on a 16 GB RTX 4080: 4,096 tokens run, 8,192 are out of memory.
      // 4K: 16.06 − 1.05 (host) + 0.54 KV + 0.30 compute + 0.35 = 16.19 GB ≤ 16.32.
      {"8b f16 4k on 4080", "llama-3.1-8b", Precision::kFp16, 4096, &rtx4080, 1,
       16.06e9 - 128256.0 * 4096 * 2 + 536870912.0 + 268435456.0 + 29360128.0 + 0.35e9},
      // 8K: 16.06 − 1.05 + 1.07 + 0.57 + 0.35 = 17.00 GB > 16.32, and a desktop holds only
      // 1 × 4080 here (max_gpus 1).
      {"8b f16 8k on 4080", "llama-3.1-8b", Precision::kFp16, 8192, &rtx4080, std::nullopt, 0},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const LlmModel* m = nullptr;
    for (const LlmModel& x : models)
      if (x.id == c.model) m = &x;
    REQUIRE(m);
    MemoryRequest r;
    r.precision = c.precision;
    r.kv_precision = Precision::kFp16;
    r.context = c.context;
    r.flash_attention = false;
    auto answer = AnswerOnGpu(*c.gpu, *m, r, a, c.count ? 4 : 1);
    REQUIRE(answer.has_value() == c.count.has_value());
    if (!answer) continue;
    CHECK(answer->count == *c.count);
    CHECK(answer->per_gpu_bytes == Approx(c.per_gpu));
    CHECK(answer->per_gpu_bytes <= answer->usable_bytes);
    CHECK_FALSE(answer->precision_substituted);
  }
}

TEST_CASE("Largest context that fits", "[calc][fit]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const Gpu rtx4090 = MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada", 165, 330, 450);
  const LlmModel& llama8 = models[2];
  const LlmModel& llama70 = models[3];
  REQUIRE(llama70.id == "llama-3.1-70b");
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.kv_precision = Precision::kFp16;
  // 70B Q4_K_M on 2 × RTX 4090, FlashAttention: per card (42.16e9 + 327,680 B × c) / 2 +
  // 0.32e9 compute + 0.35e9 ≤ 24.48e9 → c ≤ 16,649 → 16,640 (a multiple of 256).
  CHECK(MaxContext(rtx4090, 2, llama70, r, a) == 16640);
  // One card does not hold the weights at all.
  CHECK(MaxContext(rtx4090, 1, llama70, r, a) == 0);
  // 8B Q4_K_M on one card: the model's 131,072-token maximum comes first.
  CHECK(MaxContext(rtx4090, 1, llama8, r, a) == 131072);
  // q8_0 KV halves the cache per token (34/32 B instead of 2): about twice the context.
  r.kv_precision = Precision::kQ8_0;
  const int64_t q8 = MaxContext(rtx4090, 2, llama70, r, a);
  CHECK(q8 > 2 * 16640 * 9 / 10);
  CHECK(q8 % 256 == 0);
}

TEST_CASE("Decode speed: calibrated time per byte plus a fixed time per token", "[calc][fit]") {
  Assumptions a = calc_test::TestAssumptions();  // fallback: slope 1/0.8, no fixed time
  const auto models = calc_test::TestModels();
  const LlmModel& llama8 = models[2];
  const Gpu rtx4090 = MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada", 165, 330, 450);
  // Llama 3.1 8B Q4_K_M, empty cache: reads 4.87e9 − 0.32e9 (host embeddings) = 4.55e9 B.
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.context = 0;
  MemoryBreakdown m = EstimateMemory(llama8, r, a);
  const double bytes = 8.03e9 * 4.85 / 8 - 128256.0 * 4096 * 4.85 / 8;
  CHECK(DecodeBytesPerStep(llama8, r, m, a) == Approx(bytes));
  CHECK(DecodeTokensPerSecond(rtx4090, llama8, bytes, 1, a) == Approx(0.8 * 1008e9 / bytes));
  CHECK(DecodeTokensPerSecond(rtx4090, llama8, bytes, 4, a) == Approx(4 * 0.8 * 1008e9 / bytes));
  CHECK(DecodeTokensPerSecond(rtx4090, llama8, 0, 1, a) == 0);
  a.decode_dense = {1.5, 0.002, 10, 0};
  CHECK(DecodeTokensPerSecond(rtx4090, llama8, bytes, 1, a) ==
        Approx(1 / (1.5 * bytes / 1008e9 + 0.002)));

  // MoE: gpt-oss-120b in MXFP4 reads 4 of 128 experts in MXFP4 and the rest of its 5.13B
  // active parameters in BF16, less its host-resident embeddings (201,088 × 2,880 × 2 B).
  const LlmModel& oss = models[6];
  REQUIRE(oss.id == "gpt-oss-120b");
  r.precision = Precision::kMxfp4;
  r.context = 1000;
  m = EstimateMemory(oss, r, a);
  const double experts = 114661785600.0 * 4 / 128;
  CHECK(DecodeBytesPerStep(oss, r, m, a) == Approx(experts * 17 / 32 + (5.13e9 - experts) * 2 -
                                                   201088.0 * 2880 * 2 + m.kv_cache_bytes));
}

TEST_CASE("Calibration recovers the decode line from measurements", "[calc][fit]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  // Synthetic measurements that lie exactly on 1.25 × bytes / bandwidth + 1.5 ms.
  const double slope = 1.25, fixed = 0.0015;
  int i = 0;
  for (const char* gpu : {"rtx-4090", "rtx-3090", "rtx-4070-ti"})
    for (const char* format : {"q4_k_m", "q8_0"}) {
      ValidationCase c;
      c.id = "case-" + std::to_string(i++);
      c.kind = "decode";
      c.engine = "llama.cpp";
      c.model = "llama-3.1-8b";
      c.gpu = gpu;
      c.weights_format = format;
      c.kv_format = "f16";
      c.prompt_tokens = 0;
      c.generated_tokens = 128;
      c.measured = 1;  // replaced below
      d.validation.push_back(c);
    }
  for (ValidationCase& c : d.validation) {
    const LlmModel& m = *d.FindModel(c.model);
    auto setup = SetupOf(c, m, a);
    REQUIRE(setup);
    CHECK(*setup->request.context == 64);  // average fill while generating 128 tokens
    const double bytes =
        DecodeBytesPerStep(m, setup->request, EstimateMemory(m, setup->request, a), a);
    c.measured = 1 / (slope * bytes / (d.FindGpu(c.gpu)->bandwidth_gbs * 1e9) + fixed);
  }
  // A vLLM run far off the line: listed in the validation table, not fitted.
  ValidationCase vllm = d.validation.front();
  vllm.id = "vllm-run";
  vllm.engine = "vllm";
  vllm.measured = *vllm.measured * 3;
  d.validation.push_back(vllm);
  CalibrateDecode(d, &a);
  CHECK(a.decode_dense.cases == 6);
  CHECK(a.decode_dense.slope == Approx(slope));
  CHECK(a.decode_dense.fixed_seconds == Approx(fixed));
  CHECK(a.decode_dense.rms_relative_error == Approx(0).margin(1e-9));
  // No MoE cases: the fallback.
  CHECK(a.decode_moe.cases == 0);
  CHECK(a.decode_moe.slope == Approx(1 / 0.8));
  // Every case recomputed within rounding.
  for (const ValidationResult& v : Validate(d, a)) {
    REQUIRE(v.relative_error);
    if (v.c->engine == "vllm")
      CHECK(*v.relative_error == Approx(-2.0 / 3));
    else
      CHECK(*v.relative_error == Approx(0).margin(1e-9));
  }
}

TEST_CASE("Prefill: calibrated share of peak FP16 Tensor throughput", "[calc][fit]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  const LlmModel& llama8 = *d.FindModel("llama-3.1-8b");
  const Gpu& rtx4090 = *d.FindGpu("rtx-4090");  // 165.2 dense FP16 TFLOPS in the fixture
  // Uncalibrated: no prefill figure rather than a guess.
  CHECK_FALSE(PrefillTokensPerSecond(rtx4090, llama8, Precision::kQ4_K_M, a));
  // Measurements exactly at 60 % (quantized) and 90 % (16-bit) of the peak rate
  // 165.2e12 / (2 × 8.03e9) tokens/s, plus a vLLM run that must not be fitted.
  const double peak4090 = 165.2e12 / (2 * 8.03e9);
  int i = 0;
  for (const char* gpu : {"rtx-4090", "rtx-3090"})
    for (const char* format : {"q4_k_m", "f16", "vllm"}) {
      ValidationCase c;
      c.id = "prefill-" + std::to_string(i++);
      c.kind = "prefill";
      c.engine = std::string(format) == "vllm" ? "vllm" : "llama.cpp";
      c.model = "llama-3.1-8b";
      c.gpu = gpu;
      c.weights_format = std::string(format) == "vllm" ? "f16" : format;
      const double peak = d.FindGpu(gpu)->fp16_tflops * 1e12 / (2 * 8.03e9);
      c.measured =
          (std::string(format) == "q4_k_m" ? 0.6 : 0.9) * peak * (c.engine == "vllm" ? 3 : 1);
      d.validation.push_back(c);
    }
  CalibrateDecode(d, &a);
  CHECK(a.prefill_quantized.cases == 2);
  CHECK(a.prefill_quantized.efficiency == Approx(0.6));
  CHECK(a.prefill_16bit.cases == 2);
  CHECK(a.prefill_16bit.efficiency == Approx(0.9));
  CHECK(a.prefill_16bit.rms_relative_error == Approx(0).margin(1e-12));
  CHECK(*PrefillTokensPerSecond(rtx4090, llama8, Precision::kQ4_K_M, a) == Approx(0.6 * peak4090));
  CHECK(*PrefillTokensPerSecond(rtx4090, llama8, Precision::kBf16, a) == Approx(0.9 * peak4090));
  // The fit answer carries it for inference.
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.context = 4096;
  auto answer = AnswerOnGpu(rtx4090, llama8, r, a, 1);
  REQUIRE(answer);
  REQUIRE(answer->prefill_tokens_per_s);
  CHECK(*answer->prefill_tokens_per_s == Approx(0.6 * peak4090));
}

TEST_CASE("Prefill of FP4 weights: FP4 Tensor Cores at their own calibrated share", "[calc][fit]") {
  Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  const LlmModel& oss = *d.FindModel("gpt-oss-120b");  // 5.13B active
  const Gpu& rtx5090 = *d.FindGpu("rtx-5090");         // FP16 209.5, FP4 1,676 TFLOPS
  const Gpu& rtx4090 = *d.FindGpu("rtx-4090");         // no FP4 units
  const double active = 5.13e9;
  auto add_case = [&](const char* id, const char* gpu, const char* format, double measured) {
    ValidationCase c;
    c.id = id;
    c.kind = "prefill";
    c.engine = "llama.cpp";
    c.model = "gpt-oss-120b";
    c.gpu = gpu;
    c.weights_format = format;
    c.measured = measured;
    d.validation.push_back(c);
  };
  // A quantized run at 60 % of the FP16 peak of an RTX 4090.
  add_case("q", "rtx-4090", "q4_k_m", 0.6 * 165.2e12 / (2 * active));
  CalibrateDecode(d, &a);
  // Without an FP4 case, FP4 weights are dequantised on the fly like any quantized format.
  CHECK(a.prefill_fp4.cases == 0);
  CHECK(*PrefillTokensPerSecond(rtx5090, oss, Precision::kMxfp4, a) ==
        Approx(0.6 * 209.5e12 / (2 * active)));
  // A native-FP4 run on the RTX 5090 at 4 % of its FP4 peak.
  add_case("fp4", "rtx-5090", "mxfp4_moe", 0.04 * 1676e12 / (2 * active));
  CalibrateDecode(d, &a);
  CHECK(a.prefill_fp4.cases == 1);
  CHECK(a.prefill_fp4.efficiency == Approx(0.04));
  CHECK(a.prefill_quantized.cases == 1);  // the FP4 run does not pull the quantized line
  CHECK(a.prefill_quantized.efficiency == Approx(0.6));
  struct Case {
    const char* what;
    const Gpu* gpu;
    Precision precision;
    double tokens_per_s;
  };
  const Case cases[] = {
      {"mxfp4 on FP4 units", &rtx5090, Precision::kMxfp4, 0.04 * 1676e12 / (2 * active)},
      {"nvfp4 on FP4 units", &rtx5090, Precision::kNvfp4, 0.04 * 1676e12 / (2 * active)},
      {"mxfp4_moe on FP4 units", &rtx5090, Precision::kMxfp4Moe, 0.04 * 1676e12 / (2 * active)},
      {"q4_k_m stays dequantised", &rtx5090, Precision::kQ4_K_M, 0.6 * 209.5e12 / (2 * active)},
      {"mxfp4 without FP4 units", &rtx4090, Precision::kMxfp4, 0.6 * 165.2e12 / (2 * active)},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto tps = PrefillTokensPerSecond(*c.gpu, oss, c.precision, a);
    REQUIRE(tps);
    CHECK(*tps == Approx(c.tokens_per_s));
  }
  // 16-bit weights have no line of their own here: no figure.
  CHECK_FALSE(PrefillTokensPerSecond(rtx5090, oss, Precision::kBf16, a));
}

TEST_CASE("FitModel: practical counts, prices, cheapest overall and per segment", "[calc][fit]") {
  const Dataset d = calc_test::TestDataset();
  const Assumptions a = calc_test::TestAssumptions();
  const CurrentPrices prices = ComputeCurrentPrices(d.prices, a.price_window_days, 0);
  const LlmModel& llama70 = *d.FindModel("llama-3.1-70b");
  MemoryRequest r;
  r.precision = Precision::kBf16;
  r.context = 8192;
  FitResult f = FitModel(d, llama70, r, prices, a, FitOptions{});
  // 141.2 GB of BF16 weights: four 24 GB cards (the most a desktop holds) cannot hold them.
  for (const char* id : {"rtx-3090", "rtx-4090", "rtx-3080", "rtx-5090"})
    CHECK(std::find(f.not_fitting.begin(), f.not_fitting.end(), id) != f.not_fitting.end());
  for (const FitConfig& c : f.configs) {
    INFO(c.gpu);
    const Gpu& g = *d.FindGpu(c.gpu);
    CHECK(c.per_gpu_bytes <= UsableGpuBytes(g, a));
    CHECK(c.per_gpu_bytes == Approx(PerGpuBytes(c.memory, c.count, a)));
    const auto counts = CandidateGpuCounts(g, a, 64);
    auto it = std::find(counts.begin(), counts.end(), c.count);
    REQUIRE(it != counts.end());
    if (it != counts.begin()) CHECK(PerGpuBytes(c.memory, *(it - 1), a) > UsableGpuBytes(g, a));
    if (g.segment != Segment::kDatacenter) CHECK(c.count <= a.max_desktop_gpus);
    REQUIRE(c.tokens_per_s);
    CHECK(*c.tokens_per_s > 0);
  }
  for (size_t i = 1; i < f.configs.size(); ++i)
    if (f.configs[i].price_usd && f.configs[i - 1].price_usd)
      CHECK(*f.configs[i - 1].price_usd <= *f.configs[i].price_usd);
  REQUIRE(f.cheapest);
  CHECK(f.cheapest->gpu == f.configs.front().gpu);
  CHECK_FALSE(f.cheapest_by_segment.count(Segment::kConsumer));

  // FP8 on cards without FP8 runs as Q8_0, and says so.
  r.precision = Precision::kFp8;
  for (const FitConfig& c : FitModel(d, llama70, r, prices, a, FitOptions{}).configs) {
    INFO(c.gpu);
    const bool fp8 = d.FindGpu(c.gpu)->fp8_tflops.has_value();
    CHECK(c.precision == (fp8 ? Precision::kFp8 : Precision::kQ8_0));
    CHECK(c.precision_substituted == !fp8);
  }

  // Training has no decode speed.
  r.mode = MemoryMode::kQlora;
  for (const FitConfig& c : FitModel(d, llama70, r, prices, a, FitOptions{}).configs)
    CHECK_FALSE(c.tokens_per_s);
}

}  // namespace
}  // namespace gg::calc
