// The KV-cache and weight rules for layers that are more than their kind: layers that reuse an
// earlier layer's KV cache (Gemma 4 E2B, E4B: num_kv_shared_layers), per-layer embedding tables,
// DeepSeek-V4's compressed attention and a routed-expert width other than the hidden size
// (Kimi K3). Table-driven; every expected value is hand arithmetic from the models' config.json
// shapes, written out in the comments.
#include <catch2/catch.hpp>

#include "calc/fit.h"
#include "calc/memory.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using K = LayerKind;

// Gemma 4 E2B's text config: 35 layers, 4 sliding (512 tokens, 1 KV head x 256) to 1 global
// (1 KV head x 512), the last 20 layers reuse the cache of layer 13 (sliding) or 14 (global).
LlmModel GemmaE2b() {
  LlmModel m = calc_test::MakeModel("gemma-4-e2b", 4.65, 2.3, 35, 1536, 6144, 8, 1, 256, 262144);
  m.layer_pattern = {K::kSliding, K::kSliding, K::kSliding, K::kSliding, K::kFull};
  m.window = 512;
  m.global_attention = GlobalAttention{1, 512};
  m.kv_shared_layers = 20;
  m.per_layer_embeddings = PerLayerEmbeddings{262144, 256};
  m.tied_embeddings = true;
  m.native_precision = "bf16";
  return m;
}

// DeepSeek-V4-Pro: 61 layers, compress_ratios [128, 128, (4, 128) x 29, 4, 0]; the last entry
// is the multi-token-prediction layer's.
LlmModel DeepSeekV4Pro() {
  LlmModel m =
      calc_test::MakeModel("deepseek-v4-pro", 1573.0, 49.78, 61, 7168, 3072, 128, 1, 512, 129280);
  m.experts = MoeExperts{384, 6};
  CompressedAttention c;
  c.window = 128;
  c.ratios = {128, 128};
  for (int i = 0; i < 29; ++i) c.ratios.insert(c.ratios.end(), {4, 128});
  c.ratios.insert(c.ratios.end(), {4, 0});
  c.indexer_ratio = 4;
  c.indexer_head_dim = 128;
  m.compressed_attention = c;
  m.native_precision = "mxfp4";
  m.native_other_precision = "fp8";
  return m;
}

TEST_CASE("KV-shared layers keep no cache of their own: Gemma 4 E2B", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();  // micro-batch 512
  const LlmModel e2b = GemmaE2b();
  // Layers 0-14 own a cache: 12 sliding and 3 global (4, 9, 14); 15-34 reuse theirs.
  CHECK(e2b.OwnsKvCache(14));
  CHECK_FALSE(e2b.OwnsKvCache(15));
  CHECK(LayerKvCacheBytes(e2b, 34, Precision::kBf16, 8192, a) == 0);
  const double sliding = 2.0 * 1 * 256 * 2;  // 1,024 B per token in BF16
  const double global = 2.0 * 1 * 512 * 2;   // 2,048 B
  // Sliding layers keep min(context, 512 + 512 rounded up to 256) = 1,024 cells.
  struct Case {
    int64_t context;
    int shared;
    double bytes;
  } cases[] = {
      // 3 × 8,192 × 2,048 + 12 × 1,024 × 1,024 = 50,331,648 + 12,582,912
      {8192, 20, 62914560},
      // 3 × 131,072 × 2,048 + 12 × 1,024 × 1,024 = 805,306,368 + 12,582,912
      {131072, 20, 817889280},
      // below the window every owning layer keeps the context: 100 × (3 × 2,048 + 12 × 1,024)
      {100, 20, 1843200},
      // without sharing all 35 layers keep one: 7 × 8,192 × 2,048 + 28 × 1,024 × 1,024
      {8192, 0, 146800640},
  };
  for (const Case& c : cases) {
    INFO(c.context << " tokens, " << c.shared << " shared layers");
    LlmModel m = e2b;
    m.kv_shared_layers = c.shared;
    CHECK(KvCacheBytes(m, Precision::kBf16, c.context, a) == Approx(c.bytes));
  }
  CHECK(3.0 * 8192 * global + 12.0 * 1024 * sliding == 62914560);
  // The whole request carries the sequences: 2 × the one-sequence cache.
  MemoryRequest r;
  r.precision = Precision::kBf16;
  r.context = 8192;
  r.batch = 2;
  CHECK(EstimateMemory(e2b, r, a).kv_cache_bytes == Approx(2.0 * 62914560));
}

TEST_CASE("Per-layer embeddings count in the weights, in system RAM, not per token",
          "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const LlmModel e2b = GemmaE2b();
  // 262,144 × 35 × 256 = 2,348,810,240 parameters.
  CHECK(PerLayerEmbeddingParams(e2b) == 2348810240.0);
  const double weights = 4.65e9 * 2;  // BF16, all of params_b
  CHECK(WeightBytes(e2b, Precision::kBf16, a) == Approx(weights));
  // Tied input table stays on the GPU; the per-layer table goes to system RAM (llama.cpp).
  CHECK(HostEmbeddingBytes(e2b, Precision::kBf16, a) == Approx(2348810240.0 * 2));
  LlmModel untied = e2b;
  untied.tied_embeddings = false;  // + 262,144 × 1,536 × 2 B
  CHECK(HostEmbeddingBytes(untied, Precision::kBf16, a) ==
        Approx(2348810240.0 * 2 + 262144.0 * 1536 * 2));
  MemoryRequest r;
  r.precision = Precision::kBf16;
  r.context = 0;
  const MemoryBreakdown mem = EstimateMemory(e2b, r, a);
  CHECK(mem.weights_bytes - mem.host_bytes == Approx(weights - 2348810240.0 * 2));
  // A decode step reads the weights on the GPU: 4.65e9 − 2.35e9 parameters, not 4.65e9.
  CHECK(DecodeBytesPerStep(e2b, r, mem, a) == Approx(weights - 2348810240.0 * 2));
  // A MoE model with such tables (none published yet): active_params_b leaves the tables out,
  // so the step reads active_params_b × 2 B once the host tables are removed, not less.
  LlmModel moe = calc_test::MakeModel("moe-ple", 20, 4, 10, 1024, 512, 8, 2, 128, 1000);
  moe.experts = MoeExperts{64, 4};
  moe.per_layer_embeddings = PerLayerEmbeddings{100000, 256};  // 256M parameters
  moe.tied_embeddings = true;
  moe.native_precision = "bf16";
  const MemoryBreakdown m2 = EstimateMemory(moe, r, a);
  CHECK(m2.host_bytes == Approx(100000.0 * 10 * 256 * 2));
  CHECK(DecodeBytesPerStep(moe, r, m2, a) == Approx(4e9 * 2));
  // Without the tables nothing changes: the dense model reads all its weights.
  LlmModel plain = e2b;
  plain.per_layer_embeddings.reset();
  CHECK(PerLayerEmbeddingParams(plain) == 0);
  CHECK(HostEmbeddingBytes(plain, Precision::kBf16, a) == 0);
}

TEST_CASE("DeepSeek-V4 compressed attention: window plus one entry per ratio tokens",
          "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  const LlmModel pro = DeepSeekV4Pro();
  // One entry is one 512-value vector (keys and values share it): 1,024 B in BF16. The 30
  // ratio-4 layers add one 128-value indexer key (256 B) per compressed entry.
  struct Case {
    int64_t context;
    Precision kv;
    double bytes;
  } cases[] = {
      // 31 × (128 + 8,192) + 30 × (128 + 262,144) = 8,126,080 entries × 1,024 B
      // + 30 × 262,144 × 256 B = 8,321,105,920 + 2,013,265,920: 9.62 GiB, DeepSeek's figure
      {1048576, Precision::kBf16, 10334371840.0},
      // 31 × (128 + 64) + 30 × (128 + 2,048) = 71,232 entries × 1,024 + 30 × 2,048 × 256
      {8192, Precision::kBf16, 88670208.0},
      // 100 tokens: the window holds them all; ratio 4 adds 25 entries, ratio 128 none:
      // (31 × 100 + 30 × 125) × 1,024 + 30 × 25 × 256
      {100, Precision::kBf16, 7206400.0},
      // FP8 cache: half of 88,670,208
      {8192, Precision::kFp8, 44335104.0},
  };
  for (const Case& c : cases) {
    INFO(c.context << " tokens");
    CHECK(KvCacheBytes(pro, c.kv, c.context, a) == Approx(c.bytes));
  }
  CHECK(KvCacheBytes(pro, Precision::kBf16, 1048576, a) / kBytesPerGiB ==
        Approx(9.62).epsilon(1e-3));
  // Layer by layer: a ratio-128 layer at 8,192 tokens keeps 128 + 64 entries.
  CHECK(LayerKvCacheBytes(pro, 0, Precision::kBf16, 8192, a) == 192.0 * 1024);
  // A ratio-0 layer (DeepSeek-V4-Flash's first two) keeps the window only.
  LlmModel flash_like = pro;
  flash_like.compressed_attention->ratios[0] = 0;
  CHECK(LayerKvCacheBytes(flash_like, 0, Precision::kBf16, 8192, a) == 128.0 * 1024);
  // The full-attention formula would keep 2 × 512 values for every token of every layer.
  LlmModel full = pro;
  full.compressed_attention.reset();
  CHECK(KvCacheBytes(full, Precision::kBf16, 8192, a) == Approx(61.0 * 8192 * 2 * 512 * 2));
}

TEST_CASE("Routed experts at their own width: Kimi K3's latent MoE", "[calc][memory]") {
  const Assumptions a = calc_test::TestAssumptions();
  // 93 layers, 896 experts of width 3,072 in a 3,584-wide latent; 2.8T parameters published
  // as MXFP4 experts (17 B per 32 values) and BF16 for the rest.
  LlmModel k3 = calc_test::MakeModel("kimi-k3", 2800, 104, 93, 7168, 3072, 96, 96, 128, 163840);
  k3.experts = MoeExperts{896, 16};
  k3.native_precision = "mxfp4";
  k3.native_other_precision = "bf16";
  struct Case {
    int expert_hidden;
    double experts;
    double native_bytes;
  } cases[] = {
      // 93 × 896 × 3 × 3,584 × 3,072 = 2,752,335,839,232; × 17/32 + (2.8e12 − that) × 2
      {3584, 2752335839232.0, 2752335839232.0 * 17 / 32 + (2.8e12 - 2752335839232.0) * 2},
      // at the 7,168-wide hidden size the product (5.5T) is capped at params_b: 2.8e12 × 17/32
      {0, 2.8e12, 2.8e12 * 17 / 32},
  };
  for (const Case& c : cases) {
    INFO("expert_hidden_size " << c.expert_hidden);
    k3.expert_hidden_size = c.expert_hidden;
    CHECK(RoutedExpertParams(k3) == Approx(c.experts));
    CHECK(WeightBytes(k3, Precision::kMxfp4, a) == Approx(c.native_bytes));
  }
  // The checkpoint is about 1.56 TB; the field brings the estimate from 1.49 TB to it.
  k3.expert_hidden_size = 3584;
  CHECK(WeightBytes(k3, Precision::kMxfp4, a) / 1e12 == Approx(1.5575).epsilon(1e-3));
  // Formats that treat every weight alike do not move.
  CHECK(WeightBytes(k3, Precision::kBf16, a) == Approx(2.8e12 * 2));
}

}  // namespace
}  // namespace gg::calc
