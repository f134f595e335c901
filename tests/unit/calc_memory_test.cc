#include <catch2/catch.hpp>

#include "calc/memory.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

const LlmModel& Model(const std::vector<LlmModel>& models, const std::string& id) {
  for (const LlmModel& m : models)
    if (m.id == id) return m;
  FAIL("no model " << id);
  return models.front();
}

TEST_CASE("Bytes per parameter of each precision", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  struct Case {
    const char* id;
    double bytes;
  };
  // Plain formats by definition; quantised ones carry their scales (guide-facts.md §8:
  // GGUF Q4_K_M ≈ 4.85 bits/weight, Q8_0 8.5, GPTQ-4bit group 128 ≈ 4.13).
  const Case cases[] = {{"fp32", 4},          {"bf16", 2},         {"fp16", 2},
                        {"fp8", 1},           {"int8", 1},         {"int4", 0.5},
                        {"q8_0", 8.5 / 8},    {"q6_k", 6.56 / 8},  {"q5_k_m", 5.69 / 8},
                        {"q4_k_m", 4.85 / 8}, {"gptq4", 4.13 / 8}, {"awq4", 4.25 / 8},
                        {"nf4", 4.127 / 8}};
  REQUIRE(PrecisionIds().size() == std::size(cases));
  for (const Case& c : cases) {
    INFO(c.id);
    auto p = ParsePrecision(c.id);
    REQUIRE(p);
    CHECK(PrecisionId(*p) == std::string(c.id));
    CHECK(BytesPerParam(*p, a) == Approx(c.bytes));
  }
  CHECK_FALSE(ParsePrecision("bf61"));
}

TEST_CASE("KV cache per token", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  struct Case {
    const char* model;
    Precision kv;
    double bytes;
  };
  const Case cases[] = {
      // Llama 3.1 8B (config.json: 32 layers, 8 KV heads, head_dim 128) at bf16:
      // 2 × 32 × 8 × 128 × 2 = 131,072 B per token (grouped-query attention uses kv_heads).
      {"llama-3.1-8b", Precision::kBf16, 131072},
      {"llama-3.1-8b", Precision::kFp8, 65536},
      // Llama 2 7B, full multi-head attention: 2 × 32 × 32 × 128 × 2 = 524,288 B (0.5 MiB).
      {"llama-2-7b", Precision::kBf16, 524288},
      // DeepSeek-V3 MLA (61 layers, kv_lora_rank 512 + qk_rope_head_dim 64 = 576) at bf16:
      // 61 × 576 × 2 = 70,272 B per token.
      {"deepseek-v3", Precision::kBf16, 70272},
  };
  for (const Case& c : cases) {
    INFO(c.model);
    CHECK(KvCacheBytesPerToken(Model(models, c.model), c.kv, a) == c.bytes);
  }
}

TEST_CASE("Inference memory: weights + KV cache + overhead", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();  // overhead 20 %
  const auto models = calc_test::TestModels();
  struct Case {
    const char* model;
    Precision precision;
    int64_t context, batch;
    double weights, kv;
  };
  const Case cases[] = {
      // Llama-2-7B: 6.74e9 parameters × 2 B at bf16 = 13.48 GB of weights (model card).
      {"llama-2-7b", Precision::kBf16, 0, 1, 13.48e9, 0},
      {"llama-2-7b", Precision::kFp32, 0, 1, 26.96e9, 0},
      {"llama-3.1-8b", Precision::kBf16, 8192, 1, 16.06e9, 131072.0 * 8192},
      {"llama-3.1-8b", Precision::kQ4_K_M, 8192, 4, 8.03e9 * 4.85 / 8, 131072.0 * 8192 * 4},
      // MoE: memory from all 671B parameters (not the 37B active), FP8 as published.
      {"deepseek-v3", Precision::kFp8, 4096, 1, 671e9, 70272.0 * 4096},
  };
  for (const Case& c : cases) {
    INFO(c.model << " " << PrecisionId(c.precision));
    MemoryRequest r;
    r.precision = c.precision;
    r.context = c.context;
    r.batch = c.batch;
    MemoryBreakdown m = EstimateMemory(Model(models, c.model), r, a);
    CHECK(m.weights_bytes == Approx(c.weights));
    CHECK(m.kv_cache_bytes == Approx(c.kv));
    CHECK(m.activations_bytes == 0);
    CHECK(m.gradients_bytes == 0);
    CHECK(m.optimizer_bytes == 0);
    CHECK(m.overhead_bytes == Approx(0.2 * (c.weights + c.kv)));
    CHECK(m.total_bytes == Approx(1.2 * (c.weights + c.kv)));
  }
  MemoryRequest no_context;  // absent context: weights only, batch 1
  MemoryBreakdown m = EstimateMemory(Model(models, "llama-3.1-8b"), no_context, a);
  CHECK(m.tokens == 0);
  CHECK(m.batch == 1);
  CHECK(m.kv_cache_bytes == 0);
}

TEST_CASE("Activations per layer (Korthikanti et al. 2022)", "[calc][memory]") {
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-2-7b");  // h 4096, a 32
  // s·b·h·(34 + 5·a·s/h) = 2048·1·4096·(34 + 5·32·2048/4096) = 8,388,608 × 114.
  CHECK(ActivationBytesPerLayer(llama, 2048, 1, false) == 8388608.0 * 114);
  // Full recomputation keeps only each layer's input: 2·s·b·h.
  CHECK(ActivationBytesPerLayer(llama, 2048, 1, true) == 2.0 * 2048 * 4096);
  CHECK(ActivationBytesPerLayer(llama, 2048, 4, false) == 4 * 8388608.0 * 114);
  CHECK(ActivationBytesPerLayer(llama, 0, 1, false) == 0);
  CHECK(ActivationBytesPerLayer(llama, 2048, -1, false) == 0);
}

TEST_CASE("Training memory: full, LoRA, QLoRA", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-2-7b");
  const double p = 6.74e9;
  const double act = 32 * 8388608.0 * 114;  // 32 layers at s = 2048, b = 1 (the assumptions)

  // LoRA rank 16 on q, k, v, o, gate, up and down of Llama-2-7B: 39,976,960 trainable
  // parameters, the figure PEFT's print_trainable_parameters() reports for that setup.
  CHECK(LoraAdapterParams(llama, 16) == 39976960);
  // MoE: attention projections only. DeepSeek-V3 here: 61 × 16 × (2·(7168+16384) + 2·(7168+16384)).
  CHECK(LoraAdapterParams(Model(models, "deepseek-v3"), 16) == 61.0 * 16 * 4 * (7168 + 16384));

  struct Case {
    const char* what;
    MemoryMode mode;
    bool checkpointing;
    double weights, gradients, optimizer, activations;
  };
  const double lora = 39976960;
  const Case cases[] = {
      // Mixed-precision Adam: 2 (bf16 weights) + 2 (gradients) + 12 (fp32 master copy,
      // momentum, variance) = 16 B per parameter (EleutherAI, Transformer Math 101).
      {"full", MemoryMode::kFull, false, 2 * p, 2 * p, 12 * p, act},
      {"full, checkpointing", MemoryMode::kFull, true, 2 * p, 2 * p, 12 * p,
       32 * 2.0 * 2048 * 4096},
      {"lora", MemoryMode::kLora, false, 2 * p + 2 * lora, 2 * lora, 12 * lora, act},
      // QLoRA: base weights at NF4 (4.127 bits with double quantisation).
      {"qlora", MemoryMode::kQlora, false, p * 4.127 / 8 + 2 * lora, 2 * lora, 12 * lora, act},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    MemoryRequest r;
    r.mode = c.mode;
    r.precision = Precision::kBf16;
    r.gradient_checkpointing = c.checkpointing;
    MemoryBreakdown m = EstimateMemory(llama, r, a);
    CHECK(m.tokens == 2048);
    CHECK(m.batch == 1);
    CHECK(m.weights_bytes == Approx(c.weights));
    CHECK(m.gradients_bytes == Approx(c.gradients));
    CHECK(m.optimizer_bytes == Approx(c.optimizer));
    CHECK(m.activations_bytes == Approx(c.activations));
    CHECK(m.kv_cache_bytes == 0);
    const double sum = c.weights + c.gradients + c.optimizer + c.activations;
    CHECK(m.total_bytes == Approx(1.2 * sum));
  }
  MemoryRequest full;
  full.mode = MemoryMode::kFull;
  MemoryBreakdown m = EstimateMemory(llama, full, a);
  CHECK((m.weights_bytes + m.gradients_bytes + m.optimizer_bytes) / m.params == Approx(16));
  CHECK(m.trainable_params == p);
}

TEST_CASE("Memory of a degenerate model is zero, never NaN", "[calc][memory]") {
  LlmModel empty;
  MemoryRequest r;
  r.context = 4096;
  MemoryBreakdown m = EstimateMemory(empty, r, calc_test::TestAssumptions());
  CHECK(m.total_bytes == 0);
  r.mode = MemoryMode::kLora;
  CHECK(EstimateMemory(empty, r, calc_test::TestAssumptions()).total_bytes == 0);
  CHECK(ToGB(1e9) == 1);
  CHECK(ToGiB(1073741824.0) == 1);
}

}  // namespace
}  // namespace gg::calc
