#include <catch2/catch.hpp>

#include <cmath>

#include "calc/fit.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeGpu;
using calc_test::MakeModel;
using Catch::Detail::Approx;

TEST_CASE("GPU counts tried: powers of two within a node, then whole nodes", "[calc][fit]") {
  struct Case {
    int per_node, max;
    std::vector<int> counts;
  };
  const Case cases[] = {
      {8, 64, {1, 2, 4, 8, 16, 24, 32, 40, 48, 56, 64}},
      {8, 8, {1, 2, 4, 8}},
      {8, 20, {1, 2, 4, 8, 16}},
      {4, 16, {1, 2, 4, 8, 12, 16}},
      {6, 18, {1, 2, 4, 6, 12, 18}},
      {1, 3, {1, 2, 3}},
      {0, 64, {1}},
      {8, 1, {1}},
  };
  for (const Case& c : cases) {
    INFO(c.per_node << " per node, max " << c.max);
    CHECK(CandidateGpuCounts(c.per_node, c.max) == c.counts);
  }
}

TEST_CASE("Smallest count: memory per GPU and head divisibility", "[calc][fit]") {
  const Assumptions a = calc_test::TestAssumptions();  // 0.75 GB context, 5 % headroom
  // Usable per GPU: memory_gb·1e9·0.95 − 0.75e9.
  const Gpu g24 = MakeGpu("g24", Segment::kConsumer, 24, 1000, 1, "ada", 1, {}, 300);
  const Gpu g8 = MakeGpu("g8", Segment::kConsumer, 8, 1000, 1, "ada", 1, {}, 300);
  const LlmModel h64 = MakeModel("h64", 1, 1, 1, 1, 1, 64, 8, 128);
  const LlmModel h40 = MakeModel("h40", 1, 1, 1, 1, 1, 40, 8, 128);  // Llama-2-13B has 40
  const LlmModel h6 = MakeModel("h6", 1, 1, 1, 1, 1, 6, 6, 128);
  struct Case {
    const char* what;
    const Gpu* gpu;
    const LlmModel* model;
    double total_bytes;
    std::optional<int> count;
  };
  const double usable24 = 24e9 * 0.95 - 0.75e9;  // 22.05 GB
  const double usable8 = 8e9 * 0.95 - 0.75e9;    // 6.85 GB
  const Case cases[] = {
      {"fits one exactly", &g24, &h64, usable24, 1},
      {"one byte more needs two", &g24, &h64, usable24 + 1, 2},
      {"three cards' worth rounds up to four", &g24, &h64, 2.5 * usable24, 4},
      {"nine cards' worth: 16", &g24, &h64, 9 * usable24, 16},
      // 40 heads: 16, 24 and 32 do not divide them; 40 does.
      {"nine cards' worth, 40 heads: 40", &g8, &h40, 9 * usable8, 40},
      {"five cards' worth, 40 heads: 8", &g8, &h40, 5 * usable8, 8},
      // 6 heads: 1 and 2 divide, 4, 8, 16 … do not.
      {"two cards' worth, 6 heads", &g8, &h6, 2 * usable8, 2},
      {"three cards' worth, 6 heads: never", &g8, &h6, 3 * usable8, std::nullopt},
      {"beyond 64 cards", &g24, &h64, 65 * usable24, std::nullopt},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(SmallestGpuCount(*c.gpu, *c.model, c.total_bytes, a, 64) == c.count);
  }
  CHECK(HeadsSplitEvenly(h6, 1));
  CHECK(HeadsSplitEvenly(h6, 3));
  CHECK_FALSE(HeadsSplitEvenly(h6, 4));
  CHECK_FALSE(HeadsSplitEvenly(MakeModel("h0", 1, 1, 1, 1, 1, 0, 0, 0), 2));
}

TEST_CASE("Decode speed is bandwidth over bytes per token", "[calc][fit]") {
  const Assumptions a = calc_test::TestAssumptions();  // 0.8 efficiency, 0.9 per doubling
  const Gpu rtx4090 = MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada", 165, 330, 450);
  // Llama 3.1 8B at bf16, batch 1, no context: 0.8 × 1008e9 / (8.03e9 × 2) ≈ 50.2 tokens/s.
  CHECK(DecodeTokensPerSecond(rtx4090, 1, 16.06e9, 1, a) == Approx(50.21).epsilon(1e-3));
  CHECK(DecodeTokensPerSecond(rtx4090, 2, 16.06e9, 1, a) == Approx(50.21 * 2 * 0.9).epsilon(1e-3));
  CHECK(DecodeTokensPerSecond(rtx4090, 8, 16.06e9, 1, a) ==
        Approx(50.21 * 8 * 0.729).epsilon(1e-3));
  CHECK(DecodeTokensPerSecond(rtx4090, 2, 16.06e9, 4, a) ==
        Approx(4 * 50.21 * 2 * 0.9).epsilon(1e-3));
  CHECK(DecodeTokensPerSecond(rtx4090, 1, 0, 1, a) == 0);

  // MoE: only the active parameters are read: DeepSeek-V3 at FP8 reads 37e9 B + KV cache.
  const auto models = calc_test::TestModels();
  const LlmModel& ds = models.back();
  REQUIRE(ds.id == "deepseek-v3");
  MemoryRequest r;
  r.precision = Precision::kFp8;
  r.context = 1000;
  MemoryBreakdown m = EstimateMemory(ds, r, a);
  CHECK(DecodeBytesPerStep(ds, r, m, a) == Approx(37e9 + 70272.0 * 1000));
}

TEST_CASE("FitModel: counts, prices, cheapest overall and per segment", "[calc][fit]") {
  const Dataset d = calc_test::TestDataset();
  const Assumptions a = calc_test::TestAssumptions();
  const CurrentPrices prices = ComputeCurrentPrices(d.prices, a.price_window_days, 0);
  const LlmModel& llama70 = *d.FindModel("llama-3.1-70b");  // 64 heads
  MemoryRequest r;
  r.precision = Precision::kBf16;
  r.context = 8192;
  FitResult f = FitModel(d, llama70, r, prices, a, FitOptions{});
  // 70.6e9 × 2 + 8192 × 2·80·8·128·2 B, plus 20 %: ≈ 172.0 GB.
  CHECK(f.memory.total_bytes == Approx(1.2 * (141.2e9 + 8192 * 327680.0)));
  // Every GPU fits in at most 64 cards.
  CHECK(f.not_fitting.empty());
  CHECK(f.configs.size() == d.gpus.size());
  for (const FitConfig& c : f.configs) {
    INFO(c.gpu);
    const Gpu& g = *d.FindGpu(c.gpu);
    // Fits at c.count, and not at the previous allowed count.
    CHECK(c.per_gpu_bytes <= UsableGpuBytes(g, a));
    CHECK(c.per_gpu_bytes == Approx(f.memory.total_bytes / c.count + 0.75e9));
    CHECK(64 % c.count == 0);
    if (c.count > 1)
      CHECK(PerGpuBytes(f.memory.total_bytes, c.count / 2, a) > UsableGpuBytes(g, a));
    REQUIRE(c.tokens_per_s);
    CHECK(*c.tokens_per_s > 0);
  }
  // 24 GB cards need 8 (172 / 22.05 = 7.8); 80 GB H100 needs 4 (75.25 usable → 2.3 → 4).
  auto find = [&](const std::string& id) {
    for (const FitConfig& c : f.configs)
      if (c.gpu == id) return c;
    FAIL(id);
    return FitConfig{};
  };
  CHECK(find("rtx-3090").count == 8);
  CHECK(find("h100-sxm").count == 4);
  CHECK(find("rtx-3080").count == 32);  // 10 GB: 8.75 usable → 19.7 → 24 does not divide 64
  CHECK(*find("rtx-3090").price_usd == 8 * 800);
  // Sorted by price: cheapest first, and it is 8 used V100s (4,800 $); 8 used RTX 3090s
  // (6,400 $) are the cheapest consumer option.
  REQUIRE(f.cheapest);
  CHECK(f.cheapest->gpu == "v100");
  CHECK(*f.cheapest->price_usd == 4800);
  CHECK(f.configs.front().gpu == "v100");
  for (size_t i = 1; i < f.configs.size(); ++i)
    if (f.configs[i].price_usd && f.configs[i - 1].price_usd)
      CHECK(*f.configs[i - 1].price_usd <= *f.configs[i].price_usd);
  CHECK(f.cheapest_by_segment.at(Segment::kConsumer).gpu == "rtx-3090");
  CHECK(f.cheapest_by_segment.at(Segment::kWorkstation).gpu == "rtx-a6000");  // 4 × 3,200 used
  CHECK(f.cheapest_by_segment.at(Segment::kDatacenter).gpu == "v100");        // 8 × 600 used

  // New cards only, data-centre only: used-only GPUs lose their price.
  FitOptions opts;
  opts.conditions = {Condition::kNew};
  opts.segments = {Segment::kDatacenter};
  FitResult dc = FitModel(d, llama70, r, prices, a, opts);
  for (const FitConfig& c : dc.configs) CHECK(c.segment == Segment::kDatacenter);
  REQUIRE(dc.cheapest);
  CHECK(dc.cheapest->gpu == "l40s");  // 4 × 8,000 beats 4 × 28,000; V100 and A100 unpriced
  CHECK_FALSE(dc.configs.back().price_usd);

  // A smaller cap: nothing with 10 GB holds 172 GB in 8 cards.
  opts = FitOptions{};
  opts.max_gpus = 8;
  FitResult capped = FitModel(d, llama70, r, prices, a, opts);
  CHECK(std::find(capped.not_fitting.begin(), capped.not_fitting.end(), "rtx-3080") !=
        capped.not_fitting.end());

  // Training has no decode speed.
  r.mode = MemoryMode::kQlora;
  for (const FitConfig& c : FitModel(d, llama70, r, prices, a, FitOptions{}).configs)
    CHECK_FALSE(c.tokens_per_s);
}

}  // namespace
}  // namespace gg::calc
