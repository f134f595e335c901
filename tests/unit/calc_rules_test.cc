// calc/rules.h names the rule each calculation applies; prose ties its sentences to those
// names (`gpu:rule`). Here each rule id is checked against what the functions answer, so the
// id changes when the behaviour does, and then the prose that names the old id fails to build.
#include <catch2/catch.hpp>

#include <functional>
#include <map>
#include <string>

#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/rules.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

const LlmModel& ModelNamed(const std::vector<LlmModel>& models, const std::string& id) {
  for (const LlmModel& m : models)
    if (m.id == id) return m;
  FAIL("no model " << id);
  return models.front();
}

// What each (feature, rule) pair means, as a check of the calculation's answers.
const std::map<std::string, std::function<void()>>& Checks() {
  static const std::map<std::string, std::function<void()>> checks = {
      {"kv_cache=per_layer_kind",
       [] {
         // Gemma 3 27B at 128K: 10 full layers keep 131,072 cells, 52 sliding layers 1,536
         // (window 1,024 + micro-batch 512); a whole-context formula would give 62 × 131,072.
         const Assumptions a = calc_test::TestAssumptions();
         const auto models = calc_test::TestModels();
         const LlmModel& gemma = ModelNamed(models, "gemma-3-27b");
         const double per_cell = 2.0 * 16 * 128 * 2;
         CHECK(KvCacheBytes(gemma, Precision::kBf16, 131072, a) ==
               Approx((10.0 * 131072 + 52.0 * 1536) * per_cell));
         CHECK(KvCacheBytes(gemma, Precision::kBf16, 131072, a) < 62.0 * 131072 * per_cell / 4);
       }},
      {"multi_gpu_decode=layer_split",
       [] {
         // Llama 3.1 70B at 16 bits needs several RTX 3090s; the answer's speed is one card's
         // bandwidth over the bytes of a step, whatever the count.
         const Assumptions a = calc_test::TestAssumptions();
         const auto models = calc_test::TestModels();
         const LlmModel& llama70 = ModelNamed(models, "llama-3.1-70b");
         const Gpu rtx3090 = calc_test::MakeGpu("rtx-3090", Segment::kConsumer, 24, 936, 6,
                                                "ampere", 71, std::nullopt, 350);
         MemoryRequest r;
         r.precision = Precision::kQ4_K_M;
         r.context = 8192;
         auto answer = AnswerOnGpu(rtx3090, llama70, r, a, 8);
         REQUIRE(answer);
         REQUIRE(answer->count >= 2);
         REQUIRE(answer->tokens_per_s);
         const double bytes = DecodeBytesPerStep(llama70, r, answer->memory, a);
         CHECK(*answer->tokens_per_s ==
               Approx(DecodeTokensPerSecond(rtx3090, llama70, bytes, 1, a)));
       }},
      {"gpu_count=desktop_any_server_pow2_baseboards",
       [] {
         Assumptions a = calc_test::TestAssumptions();  // 4 per desktop, 8 per node
         Gpu desk = calc_test::MakeGpu("rtx-3090", Segment::kConsumer, 24, 936, 6, "ampere", 71,
                                       std::nullopt, 350);
         CHECK(CandidateGpuCounts(desk, a, 64) == std::vector<int>{1, 2, 3, 4});
         Gpu pcie =
             calc_test::MakeGpu("l40s", Segment::kDatacenter, 48, 864, 96, "ada", 362, 733, 350);
         pcie.form_factor = "pcie";
         CHECK(CandidateGpuCounts(pcie, a, 64) == std::vector<int>{1, 2, 4, 8});
         Gpu sxm = calc_test::MakeGpu("h100-sxm", Segment::kDatacenter, 80, 3350, 50, "hopper", 989,
                                      1979, 700);
         sxm.form_factor = "sxm";
         CHECK(CandidateGpuCounts(sxm, a, 24) == std::vector<int>{1, 2, 4, 8, 16, 24});
       }},
      {"training_precision=bf16_mixed",
       [] {
         // A Turing card with the memory for LoRA of an 8B model is not offered for it; an
         // Ampere card is.
         const Assumptions a = calc_test::TestAssumptions();
         const auto models = calc_test::TestModels();
         const LlmModel& llama8 = ModelNamed(models, "llama-3.1-8b");
         const Gpu titan = calc_test::MakeGpu("titan-rtx", Segment::kConsumer, 24, 672, 6, "turing",
                                              130, std::nullopt, 280);
         const Gpu rtx3090 = calc_test::MakeGpu("rtx-3090", Segment::kConsumer, 24, 936, 6,
                                                "ampere", 71, std::nullopt, 350);
         MemoryRequest r;
         r.mode = MemoryMode::kQlora;
         r.context = 2048;
         CHECK_FALSE(SupportsBf16(titan));
         CHECK(SupportsBf16(rtx3090));
         CHECK_FALSE(AnswerOnGpu(titan, llama8, r, a, 4));
         CHECK(AnswerOnGpu(rtx3090, llama8, r, a, 4));
         r.mode = MemoryMode::kInference;
         r.precision = Precision::kQ4_K_M;
         CHECK(AnswerOnGpu(titan, llama8, r, a, 4));
       }},
      {"decode_speed=calibrated_bandwidth_line",
       [] {
         Assumptions a = calc_test::TestAssumptions();
         const auto models = calc_test::TestModels();
         const Gpu rtx4090 = calc_test::MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada",
                                                165.2, 330.3, 450);
         a.decode_dense = {1.5, 0.002, 10, 0};
         const double bytes = 4.5e9;
         CHECK(DecodeTokensPerSecond(rtx4090, ModelNamed(models, "llama-3.1-8b"), bytes, 1, a) ==
               Approx(1 / (1.5 * bytes / 1008e9 + 0.002)));
       }},
      {"prefill_speed=calibrated_compute_share",
       [] {
         Assumptions a = calc_test::TestAssumptions();
         const auto models = calc_test::TestModels();
         const Gpu rtx4090 = calc_test::MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada",
                                                165.2, 330.3, 450);
         const LlmModel& llama8 = ModelNamed(models, "llama-3.1-8b");
         CHECK_FALSE(PrefillTokensPerSecond(rtx4090, llama8, Precision::kQ4_K_M, a));
         a.prefill_quantized.efficiency = 0.5;
         a.prefill_quantized.cases = 3;
         auto pp = PrefillTokensPerSecond(rtx4090, llama8, Precision::kQ4_K_M, a);
         REQUIRE(pp);
         CHECK(*pp == Approx(0.5 * 165.2e12 / (2 * 8.03e9)));
       }},
      {"electricity=rated_power_times_utilisation",
       [] {
         CHECK(ElectricityUsdPerYear(450, 0.15, 0.12) == Approx(450 * 0.15 * 8760 / 1000 * 0.12));
       }},
      {"ownership_cost=no_resale",
       [] {
         const Assumptions a = calc_test::TestAssumptions();
         const Gpu rtx4090 = calc_test::MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada",
                                                165.2, 330.3, 450);
         OwnershipCost c = CostOfOwnership(rtx4090, 2000, 1, a);
         CHECK(c.total_usd ==
               Approx(c.gpus_usd + c.system_usd + c.years * c.electricity_usd_per_year));
       }},
  };
  return checks;
}

TEST_CASE("Each calculation rule named in calc/rules.h is what the functions do", "[calc][rules]") {
  for (const CalcRule& r : kCalcRules) {
    const std::string key = std::string(r.feature) + "=" + std::string(r.rule);
    INFO(key << " (" << r.where << "): a rule changed without its check, or a new rule");
    auto it = Checks().find(key);
    REQUIRE(it != Checks().end());
    it->second();
  }
  CHECK(Checks().size() == std::size(kCalcRules));
  CHECK(CurrentRule("kv_cache") == "per_layer_kind");
  CHECK(CurrentRule("no_such_feature").empty());
}

}  // namespace
}  // namespace gg::calc
