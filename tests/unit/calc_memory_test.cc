// Memory model, table-driven, every expected value computed by hand from the models'
// config.json shapes (comments show the arithmetic) and checked against the engine logs
// quoted in data/validation.json where one exists.
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
    const char* name;
    double bytes;
    bool kv;
  };
  // Plain formats by definition; GGUF recipes carry their scales (guide-facts.md §8: Q4_K_M ≈
  // 4.85 bits/weight, Q8_0 8.5, GPTQ-4bit group 128 ≈ 4.13); block formats bit for bit:
  // Q4_0 18 B / 32, MXFP4 17 B / 32 (E8M0 scale), NVFP4 9 B / 16 (FP8 scale).
  const Case cases[] = {{"fp32", "FP32", 4, true},
                        {"bf16", "BF16", 2, true},
                        {"fp16", "FP16", 2, true},
                        {"fp8", "FP8", 1, true},
                        {"int8", "INT8", 1, false},
                        {"int4", "INT4", 0.5, false},
                        {"q8_0", "Q8_0", 8.5 / 8, true},
                        {"q6_k", "Q6_K", 6.56 / 8, false},
                        {"q5_k_m", "Q5_K_M", 5.69 / 8, false},
                        {"q4_k_m", "Q4_K_M", 4.85 / 8, false},
                        {"gptq4", "GPTQ 4-bit", 4.13 / 8, false},
                        {"awq4", "AWQ 4-bit", 4.25 / 8, false},
                        {"nf4", "NF4", 4.127 / 8, false},
                        {"q4_0", "Q4_0", 4.5 / 8, true},
                        {"mxfp4", "MXFP4", 4.25 / 8, false},
                        {"nvfp4", "NVFP4", 4.5 / 8, false},
                        {"mxfp4_moe", "MXFP4 MoE", 4.25 / 8, false}};
  REQUIRE(PrecisionIds().size() == std::size(cases));
  for (const Case& c : cases) {
    INFO(c.id);
    auto p = ParsePrecision(c.id);
    REQUIRE(p);
    CHECK(PrecisionId(*p) == std::string(c.id));
    CHECK(PrecisionName(*p) == std::string(c.name));
    CHECK(BytesPerParam(*p, a) == Approx(c.bytes));
    CHECK(IsKvPrecision(*p) == c.kv);
  }
  CHECK(ParsePrecision("f16") == Precision::kFp16);  // GGUF's spelling
  CHECK_FALSE(ParsePrecision("bf61"));
  CHECK(KvPrecisionIds() ==
        std::vector<std::string>{"fp32", "bf16", "fp16", "fp8", "q8_0", "q4_0"});
}

TEST_CASE("KV cache per layer kind: full, sliding, chunked, recurrent, MLA", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();  // micro-batch 512
  const auto models = calc_test::TestModels();
  struct Case {
    const char* what;
    const char* model;
    Precision kv;
    int64_t context;
    double bytes;
  };
  const Case cases[] = {
      // Full GQA: 32 layers × 8,192 × 2 × 8 heads × 128 × 2 B = 1 GiB.
      {"llama 3.1 8b", "llama-3.1-8b", Precision::kBf16, 8192, 1073741824.0},
      {"llama 3.1 8b fp8", "llama-3.1-8b", Precision::kFp8, 8192, 536870912.0},
      // Full MHA, the llama.cpp log of data/validation.json: "KV self size = 256.00 MiB".
      {"llama 2 7b", "llama-2-7b", Precision::kFp16, 512, 268435456.0},
      // Gemma 3 27B at 128K: 10 global layers × 131,072 + 52 sliding layers × 1,536 cells
      // (1,024 window + 512 micro-batch, a multiple of 256), × 2 × 16 × 128 × 2 B.
      {"gemma 3 sliding", "gemma-3-27b", Precision::kBf16, 131072,
       (10.0 * 131072 + 52.0 * 1536) * 8192},
      // Below the window every layer keeps the whole context.
      {"gemma 3 short", "gemma-3-27b", Precision::kBf16, 1000, 62.0 * 1000 * 8192},
      // gpt-oss-120b at 4,096: 18 sliding layers × 768 cells (128 + 512 → 768) + 18 full ×
      // 4,096, × 2 × 8 × 64 × 2 B (the llama.cpp log: 768 cells, 18 MiB for 12 layers of 20b).
      {"gpt-oss sliding", "gpt-oss-120b", Precision::kFp16, 4096,
       (18.0 * 768 + 18.0 * 4096) * 2048},
      // Llama 4 Scout at 1M: 12 global layers × 1,048,576 + 36 chunked × 8,704 cells.
      {"scout chunked", "llama-4-scout", Precision::kBf16, 1048576,
       (12.0 * 1048576 + 36.0 * 8704) * 4096},
      // Qwen3-Next at 256K: 12 attention layers × 262,144 × 2 × 2 × 256 × 2 B, plus 36 Gated
      // DeltaNet states of (524,288 + 24,576) F32 values that do not grow with the context.
      {"qwen3-next recurrent", "qwen3-next-80b-a3b", Precision::kBf16, 262144,
       12.0 * 262144 * 2048 + 36.0 * 548864 * 4},
      // MLA, the ik_llama.cpp log: 61 × 32,768 × (512 + 64) × 34/32 B = 1,166.62 MiB.
      {"deepseek mla q8_0", "deepseek-v3", Precision::kQ8_0, 32768, 1223294976.0},
      // DSA (DeepSeek-V3.2): MLA plus the indexer's key per layer and token, 128 FP8 values +
      // one FP32 scale = 132 B whatever the KV format: 61 × 8,192 × ((512 + 64) × 2 + 132) =
      // 61 × 8,192 × 1,284 = 641,630,208 B (MLA alone: 575,668,224 B).
      {"deepseek v3.2 dsa bf16", "deepseek-v3.2", Precision::kBf16, 8192, 641630208.0},
      // Q8_0 MLA cache, FP8 indexer keys: 61 × 32,768 × (576 × 34/32 + 132) = 1,223,294,976 +
      // 263,847,936 B.
      {"deepseek v3.2 dsa q8_0", "deepseek-v3.2", Precision::kQ8_0, 32768,
       1223294976.0 + 61.0 * 32768 * 132},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(KvCacheBytes(Model(models, c.model), c.kv, c.context, a) == Approx(c.bytes));
  }
  CHECK(KvCacheBytes(Model(models, "gemma-3-27b"), Precision::kBf16, 0, a) == 0);
  // The indexer's key: 128 FP8 values and one FP32 scale per 128; nothing without DSA.
  CHECK(IndexerBytesPerLayerToken(Model(models, "deepseek-v3.2")) == 132);
  CHECK(IndexerBytesPerLayerToken(Model(models, "deepseek-v3")) == 0);
  LlmModel wide = Model(models, "deepseek-v3.2");
  wide.dsa_indexer->head_dim = 200;  // two scale blocks (128 + 72)
  CHECK(IndexerBytesPerLayerToken(wide) == 200 + 2 * 4);
  // Cells of each kind, directly.
  const LlmModel& gemma = Model(models, "gemma-3-27b");
  CHECK(KvCellsForLayer(gemma, LayerKind::kFull, 5000, a) == 5000);
  CHECK(KvCellsForLayer(gemma, LayerKind::kSliding, 5000, a) == 1536);
  CHECK(KvCellsForLayer(gemma, LayerKind::kRecurrent, 5000, a) == 0);
  CHECK(KvCellsForLayer(gemma, LayerKind::kNone, 5000, a) == 0);
}

TEST_CASE("Full layers with their own KV geometry: Gemma 4's global attention", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();  // micro-batch 512
  const auto models = calc_test::TestModels();
  // Gemma 4 31B's text config on Gemma 3's layout: 60 layers, 5 sliding (1,024 tokens, 16 KV
  // heads x 256) to 1 global (num_global_key_value_heads 4 x global_head_dim 512).
  LlmModel g4 = Model(models, "gemma-3-27b");
  g4.layers = 60;
  g4.head_dim = 256;
  g4.global_attention = GlobalAttention{4, 512};
  const double sliding = 2.0 * 16 * 256 * 2;  // 16,384 B per layer and token in BF16
  const double global = 2.0 * 4 * 512 * 2;    // 8,192 B
  CHECK(KvBytesPerLayerToken(g4, Precision::kBf16, a) == sliding);
  CHECK(KvBytesPerLayerTokenOfKind(g4, LayerKind::kSliding, Precision::kBf16, a) == sliding);
  CHECK(KvBytesPerLayerTokenOfKind(g4, LayerKind::kFull, Precision::kBf16, a) == global);
  CHECK(KvBytesPerLayerTokenOfKind(g4, LayerKind::kFull, Precision::kFp8, a) == global / 2);
  // 256K: 10 global layers x 262,144 tokens + 50 sliding layers x 1,536 cells = 20 GiB +
  // 1.17 GiB; with the sliding geometry in the global layers it would be 41.2 GiB.
  CHECK(KvCacheBytes(g4, Precision::kBf16, 262144, a) ==
        Approx(10.0 * 262144 * global + 50.0 * 1536 * sliding));
  // Below the window every layer keeps the whole context, each at its own size.
  CHECK(KvCacheBytes(g4, Precision::kBf16, 1000, a) ==
        Approx(1000.0 * (10 * global + 50 * sliding)));
  // Without global_attention every attention layer has the model's geometry.
  g4.global_attention.reset();
  CHECK(KvBytesPerLayerTokenOfKind(g4, LayerKind::kFull, Precision::kBf16, a) == sliding);
  CHECK(KvCacheBytes(g4, Precision::kBf16, 1000, a) == Approx(1000.0 * 60 * sliding));
  // MLA keeps its latent whatever the field says.
  LlmModel mla = Model(models, "deepseek-v3");
  mla.global_attention = GlobalAttention{4, 512};
  CHECK(KvBytesPerLayerTokenOfKind(mla, LayerKind::kFull, Precision::kBf16, a) ==
        KvBytesPerLayerToken(mla, Precision::kBf16, a));
}

TEST_CASE("Weights per part: MXFP4 experts, FP8 block scales, host embeddings", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const LlmModel& oss = Model(models, "gpt-oss-120b");
  // Routed experts: 36 layers × 128 × 3 × 2,880 × 2,880 = 114,661,785,600 parameters.
  const double experts = 114661785600.0, rest = 116.83e9 - experts;
  CHECK(RoutedExpertParams(oss) == experts);
  // Published format: experts in MXFP4, the rest in BF16: 65.25 GB.
  CHECK(WeightBytes(oss, Precision::kMxfp4, a) == Approx(experts * 17 / 32 + rest * 2));
  CHECK(WeightBytes(oss, NativePrecision(oss), a) == Approx(65.2505e9).epsilon(1e-5));
  // llama.cpp's MXFP4_MOE file: the rest in Q8_0.
  CHECK(WeightBytes(oss, Precision::kMxfp4Moe, a) == Approx(experts * 17 / 32 + rest * 8.5 / 8));
  // Any other format applies to every parameter.
  CHECK(WeightBytes(oss, Precision::kQ4_K_M, a) == Approx(116.83e9 * 4.85 / 8));
  // Active weights read per token: 4 of 128 experts, the rest of the 5.13B active in BF16.
  const double read_experts = experts * 4 / 128;
  CHECK(ActiveWeightBytes(oss, Precision::kMxfp4, a) ==
        Approx(read_experts * 17 / 32 + (5.13e9 - read_experts) * 2));
  // DeepSeek's FP8 with one FP32 scale per 128 × 128 block: 4 / 16,384 B more per weight.
  CHECK(WeightBytes(Model(models, "deepseek-v3"), Precision::kFp8, a) ==
        Approx(671e9 * (1 + 4.0 / 16384)));
  // llama.cpp keeps the input embedding table in system RAM unless the output layer shares it.
  CHECK(HostEmbeddingBytes(Model(models, "llama-3.1-8b"), Precision::kQ4_K_M, a) ==
        Approx(128256.0 * 4096 * 4.85 / 8));
  CHECK(HostEmbeddingBytes(Model(models, "gemma-3-27b"), Precision::kQ4_K_M, a) == 0);
}

TEST_CASE("Native INT4 experts with group scales (Kimi K2 Thinking's format)", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  // A toy MoE: routed experts 2 layers x 8 x 3 x 1,024 x 512 = 25,165,824 of 100,000,000.
  LlmModel m = calc_test::MakeModel("toy-int4", 0.1, 0.05, 2, 1024, 512, 8, 8, 128, 1000);
  m.experts = MoeExperts{8, 2};
  const double experts = 25165824.0, rest = 1e8 - experts;
  REQUIRE(RoutedExpertParams(m) == experts);
  // Published in INT4 with one 16-bit scale per 32 weights, the rest BF16:
  // 25,165,824 x (0.5 + 2 / 32) + 74,834,176 x 2 = 163,824,128 B.
  m.native_precision = "int4";
  m.native_other_precision = "bf16";
  m.native_scale_block = 32;
  CHECK(WeightBytes(m, Precision::kInt4, a) == Approx(163824128.0));
  CHECK(WeightBytes(m, NativePrecision(m), a) == Approx(experts * 0.5625 + rest * 2));
  // Without a group size the scales are not counted; without the other part, INT4 throughout.
  m.native_scale_block = 0;
  CHECK(WeightBytes(m, Precision::kInt4, a) == Approx(experts * 0.5 + rest * 2));
  m.native_other_precision.clear();
  m.native_scale_block = 32;
  CHECK(WeightBytes(m, Precision::kInt4, a) == Approx(1e8 * 0.5625));
  // INT4 asked of a model published in BF16: plain 4 bits, as before.
  m.native_precision = "bf16";
  CHECK(WeightBytes(m, Precision::kInt4, a) == Approx(1e8 * 0.5));
  // Other formats ignore the native INT4 parts.
  m.native_precision = "int4";
  CHECK(WeightBytes(m, Precision::kQ4_K_M, a) == Approx(1e8 * 4.85 / 8));
}

TEST_CASE("Compute buffer: logits, scores without FlashAttention, one FFN activation",
          "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-3.1-8b");  // vocab 128,256, 32 heads, FFN 14,336
  MemoryRequest r;
  r.flash_attention = false;
  // 8,192 tokens, no FlashAttention: scores 512 × 8,192 × 32 × 4 B = 512 MiB beat the logits
  // (512 × 128,256 × 4 B = 250.5 MiB); + 512 × 14,336 × 4 B. 540 MiB; llama.cpp tried 560.
  CHECK(ComputeBufferBytes(llama, r, 8192, 1, a) == 536870912.0 + 29360128.0);
  r.flash_attention = true;
  CHECK(ComputeBufferBytes(llama, r, 8192, 1, a) == 262668288.0 + 29360128.0);
  // Fewer tokens than a micro-batch: the buffer shrinks with them.
  CHECK(ComputeBufferBytes(llama, r, 100, 1, a) == 100.0 * 128256 * 4 + 100.0 * 14336 * 4);
  // Training: FP32 logits and their gradient for 2,048 tokens.
  r.mode = MemoryMode::kFull;
  CHECK(ComputeBufferBytes(llama, r, 2048, 1, a) == 2.0 * 2048 * 128256 * 4);
}

TEST_CASE("Inference memory: weights on the GPU + KV cache + compute buffer", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-3.1-8b");
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.kv_precision = Precision::kFp16;
  r.context = 8192;
  r.batch = 4;
  MemoryBreakdown m = EstimateMemory(llama, r, a);
  const double weights = 8.03e9 * 4.85 / 8, host = 128256.0 * 4096 * 4.85 / 8;
  CHECK(m.weights_bytes == Approx(weights));
  CHECK(m.host_bytes == Approx(host));
  CHECK(m.kv_cache_bytes == Approx(4 * 1073741824.0));
  CHECK(m.overhead_bytes == Approx(262668288.0 + 29360128.0));
  CHECK(m.activations_bytes == 0);
  CHECK(m.gradients_bytes == 0);
  CHECK(m.optimizer_bytes == 0);
  CHECK(m.total_bytes == Approx(weights - host + 4 * 1073741824.0 + 262668288.0 + 29360128.0));
  CHECK(m.SplitBytes() == Approx(m.total_bytes - m.overhead_bytes));
  MemoryRequest no_context;  // absent context: weights only, batch 1
  m = EstimateMemory(llama, no_context, a);
  CHECK(m.tokens == 0);
  CHECK(m.batch == 1);
  CHECK(m.kv_cache_bytes == 0);
}

TEST_CASE("Activations per layer (Korthikanti et al. 2022)", "[calc][memory]") {
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-2-7b");  // h 4096, a 32
  // FlashAttention (the default) never stores the scores: s·b·h·34.
  CHECK(ActivationBytesPerLayer(llama, 2048, 1, false, true) == 8388608.0 * 34);
  // Without it: s·b·h·(34 + 5·a·s/h) = 2048·1·4096·(34 + 5·32·2048/4096) = 8,388,608 × 114.
  CHECK(ActivationBytesPerLayer(llama, 2048, 1, false, false) == 8388608.0 * 114);
  // Full recomputation keeps only each layer's input: 2·s·b·h.
  CHECK(ActivationBytesPerLayer(llama, 2048, 1, true, true) == 2.0 * 2048 * 4096);
  CHECK(ActivationBytesPerLayer(llama, 2048, 4, false, false) == 4 * 8388608.0 * 114);
  CHECK(ActivationBytesPerLayer(llama, 0, 1, false, true) == 0);
  CHECK(ActivationBytesPerLayer(llama, 2048, -1, false, true) == 0);
}

TEST_CASE("Training memory: full, LoRA, QLoRA, optimizers", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const auto models = calc_test::TestModels();
  const LlmModel& llama = Model(models, "llama-2-7b");
  const double p = 6.74e9;
  const double act = 32 * 8388608.0 * 34;  // 32 layers at s = 2048, b = 1, FlashAttention
  const double logits = 2.0 * 2048 * 32000 * 4;

  // LoRA rank 16 on q, k, v, o, gate, up and down of Llama-2-7B: 39,976,960 trainable
  // parameters, the figure PEFT's print_trainable_parameters() reports for that setup.
  CHECK(LoraAdapterParams(llama, 16) == 39976960);
  // MoE: attention projections only. DeepSeek-V3 here: 61 × 16 × (2·(7168+16384) + 2·(7168+16384)).
  CHECK(LoraAdapterParams(Model(models, "deepseek-v3"), 16) == 61.0 * 16 * 4 * (7168 + 16384));

  struct Case {
    const char* what;
    MemoryMode mode;
    bool checkpointing;
    Optimizer optimizer;
    double weights, gradients, optimizer_bytes, activations;
  };
  const double lora = 39976960;
  const Case cases[] = {
      // Mixed-precision Adam: 2 (bf16 weights) + 2 (gradients) + 12 (fp32 master copy,
      // momentum, variance) = 16 B per parameter (EleutherAI, Transformer Math 101).
      {"full", MemoryMode::kFull, false, Optimizer::kAdamW, 2 * p, 2 * p, 12 * p, act},
      {"full, checkpointing", MemoryMode::kFull, true, Optimizer::kAdamW, 2 * p, 2 * p, 12 * p,
       32 * 2.0 * 2048 * 4096},
      // 8-bit AdamW: master copy 4 B + two 1-byte moments.
      {"full, 8-bit adam", MemoryMode::kFull, false, Optimizer::kAdamW8bit, 2 * p, 2 * p, 6 * p,
       act},
      {"lora", MemoryMode::kLora, false, Optimizer::kAdamW, 2 * p + 2 * lora, 2 * lora, 12 * lora,
       act},
      // QLoRA: base weights at NF4 (4.127 bits with double quantisation), paged 8-bit AdamW.
      {"qlora", MemoryMode::kQlora, false, Optimizer::kPagedAdamW8bit, p * 4.127 / 8 + 2 * lora,
       2 * lora, 6 * lora, act},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    MemoryRequest r;
    r.mode = c.mode;
    r.precision = Precision::kBf16;
    r.gradient_checkpointing = c.checkpointing;
    r.optimizer = c.optimizer;
    MemoryBreakdown m = EstimateMemory(llama, r, a);
    CHECK(m.tokens == 2048);
    CHECK(m.batch == 1);
    CHECK(m.weights_bytes == Approx(c.weights));
    CHECK(m.gradients_bytes == Approx(c.gradients));
    CHECK(m.optimizer_bytes == Approx(c.optimizer_bytes));
    CHECK(m.activations_bytes == Approx(c.activations));
    CHECK(m.kv_cache_bytes == 0);
    CHECK(m.overhead_bytes == Approx(logits));
    CHECK(m.total_bytes ==
          Approx(c.weights + c.gradients + c.optimizer_bytes + c.activations + logits));
  }
  MemoryRequest r;
  r.mode = MemoryMode::kLora;
  r.lora_rank = 64;  // the request's rank wins over the assumption's 16
  CHECK(EstimateMemory(llama, r, a).trainable_params == 4 * lora);
  r.mode = MemoryMode::kFull;
  r.flash_attention = false;
  CHECK(EstimateMemory(llama, r, a).activations_bytes == Approx(32 * 8388608.0 * 114));
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
