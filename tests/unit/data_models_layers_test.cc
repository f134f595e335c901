// The per-layer data in data/models.json against hand counts from each model's config.json, so
// an edit that shifts a pattern (or a window, or a state size) fails here with the model named.
// The KV-cache arithmetic on these counts belongs to the calc tests; this pins the inputs.
#include <catch2/catch.hpp>

#include "data/load_dataset.h"

using namespace gg;

namespace {

struct Counts {
  int full = 0, sliding = 0, chunked = 0, recurrent = 0, none = 0;
};

Counts CountLayers(const LlmModel& m) {
  Counts c;
  for (int i = 0; i < m.layers; ++i) switch (m.KindOfLayer(i)) {
      case LayerKind::kFull:
        ++c.full;
        break;
      case LayerKind::kSliding:
        ++c.sliding;
        break;
      case LayerKind::kChunked:
        ++c.chunked;
        break;
      case LayerKind::kRecurrent:
        ++c.recurrent;
        break;
      case LayerKind::kNone:
        ++c.none;
        break;
    }
  return c;
}

}  // namespace

TEST_CASE("per-layer kinds in data/models.json match the config.json hand counts", "[data]") {
  Diagnostics d;
  Dataset ds = LoadDataset(GG_SOURCE_DIR, &d);
  REQUIRE_FALSE(d.HasErrors());
  struct Case {
    const char* model;
    Counts expected;
    int window;
  } cases[] = {
      // Gemma 3 27B: 62 layers, sliding_window_pattern 6 -> global where (i + 1) % 6 == 0:
      // layers 5, 11, ..., 59 = 10 global; 62 - 10 = 52 local; sliding_window 1024.
      {"gemma-3-27b", {10, 52, 0, 0, 0}, 1024},
      // Gemma 3 12B: 48 layers / 6 = 8 global, 40 local.
      {"gemma-3-12b", {8, 40, 0, 0, 0}, 1024},
      // Gemma 3 270M: 18 layers -> global 5, 11, 17 = 3; 15 local; sliding_window 512.
      {"gemma-3-270m", {3, 15, 0, 0, 0}, 512},
      // gpt-oss: layer_types alternate sliding_attention / full_attention from layer 0;
      // sliding_window 128. 24 layers -> 12 + 12; 36 layers -> 18 + 18.
      {"gpt-oss-20b", {12, 12, 0, 0, 0}, 128},
      {"gpt-oss-120b", {18, 18, 0, 0, 0}, 128},
      // Llama 4 Scout: no_rope_layers [1, 1, 1, 0] x 12: RoPE layers use chunked attention
      // (attention_chunk_size 8192), every fourth is global NoPE -> 36 chunked, 12 full.
      {"llama-4-scout", {12, 0, 36, 0, 0}, 8192},
      // Qwen3-Next: full_attention_interval 4 over 48 layers -> 12 gated attention, 36 DeltaNet.
      {"qwen3-next-80b-a3b", {12, 0, 0, 36, 0}, 0},
      // Granite 4.0 H-Small: layer_types 36 mamba + 4 attention (indices 5, 15, 25, 35).
      {"granite-4.0-h-small", {4, 0, 0, 36, 0}, 0},
      // Nemotron Nano 9B v2: hybrid_override_pattern has 4 '*', 27 'M', 25 '-' over 56.
      {"nemotron-nano-9b-v2", {4, 0, 0, 27, 25}, 0},
      // Qwen3.5 / 3.6 (full_attention_interval 4): 64 layers -> 16 gated attention + 48
      // DeltaNet; 40 -> 10 + 30; 48 -> 12 + 36; 60 -> 15 + 45.
      {"qwen3.5-27b", {16, 0, 0, 48, 0}, 0},
      {"qwen3.6-27b", {16, 0, 0, 48, 0}, 0},
      {"qwen3.5-35b-a3b", {10, 0, 0, 30, 0}, 0},
      {"qwen3.6-35b-a3b", {10, 0, 0, 30, 0}, 0},
      {"qwen3.5-122b-a10b", {12, 0, 0, 36, 0}, 0},
      {"qwen3.5-397b-a17b", {15, 0, 0, 45, 0}, 0},
      {"qwen3.5-9b", {8, 0, 0, 24, 0}, 0},
      // Nemotron 3 Nano: hybrid_override_pattern has 6 '*', 23 'M', 23 'E' over 52.
      {"nemotron-3-nano-30b-a3b", {6, 0, 0, 23, 23}, 0},
      // Nemotron 3 Super: hybrid_override_pattern has 8 '*', 40 'M', 40 'E' over 88.
      {"nemotron-3-super-120b-a12b", {8, 0, 0, 40, 40}, 0},
      // Gemma 4: layer_types 5 x sliding_attention then full_attention; sliding_window 1024.
      // 60 layers -> 10 global + 50 sliding; 30 -> 5 + 25; 48 -> 8 + 40.
      {"gemma-4-31b", {10, 50, 0, 0, 0}, 1024},
      {"gemma-4-26b-a4b", {5, 25, 0, 0, 0}, 1024},
      {"gemma-4-12b", {8, 40, 0, 0, 0}, 1024},
      // Kimi K3: linear_attn_config full_attn_layers (24, one-based 4, 8, ..., 92, 93) are MLA,
      // kda_layers (69) are Kimi Delta Attention.
      {"kimi-k3", {24, 0, 0, 69, 0}, 0},
      // DeepSeek-V3.2: sparse attention keeps every token cached, full in every layer.
      {"deepseek-v3.2", {61, 0, 0, 0, 0}, 0},
      {"glm-5", {78, 0, 0, 0, 0}, 0},
      // Olmo 3 32B: layer_types (3 x sliding_attention, full_attention) x 16 over 64 layers ->
      // 16 full, 48 sliding; sliding_window 4096.
      {"olmo-3-32b", {16, 48, 0, 0, 0}, 4096},
      // Dense, full attention everywhere (no layer_pattern).
      {"llama-3.1-8b", {32, 0, 0, 0, 0}, 0},
  };
  for (const auto& c : cases) {
    INFO(c.model);
    const LlmModel* m = ds.FindModel(c.model);
    REQUIRE(m);
    Counts got = CountLayers(*m);
    CHECK(got.full == c.expected.full);
    CHECK(got.sliding == c.expected.sliding);
    CHECK(got.chunked == c.expected.chunked);
    CHECK(got.recurrent == c.expected.recurrent);
    CHECK(got.none == c.expected.none);
    CHECK(m->window == c.window);
  }
  // Attention layers of the hybrids sit where their configs put them.
  const LlmModel* granite = ds.FindModel("granite-4.0-h-small");
  REQUIRE(granite);
  for (int i : {5, 15, 25, 35}) CHECK(granite->KindOfLayer(i) == LayerKind::kFull);
  const LlmModel* nemotron = ds.FindModel("nemotron-nano-9b-v2");
  REQUIRE(nemotron);
  for (int i : {14, 21, 30, 39}) CHECK(nemotron->KindOfLayer(i) == LayerKind::kFull);
  const LlmModel* nano = ds.FindModel("nemotron-3-nano-30b-a3b");
  REQUIRE(nano);
  for (int i : {5, 12, 19, 26, 33, 42}) CHECK(nano->KindOfLayer(i) == LayerKind::kFull);
  for (int i : {0, 2, 4, 7}) CHECK(nano->KindOfLayer(i) == LayerKind::kRecurrent);
  for (int i : {1, 3, 6, 51}) CHECK(nano->KindOfLayer(i) == LayerKind::kNone);
  const LlmModel* super_ = ds.FindModel("nemotron-3-super-120b-a12b");
  REQUIRE(super_);
  for (int i : {7, 16, 25, 36, 47, 58, 69, 78}) CHECK(super_->KindOfLayer(i) == LayerKind::kFull);
  for (int i : {0, 2, 8, 87}) CHECK(super_->KindOfLayer(i) != LayerKind::kFull);
  const LlmModel* k3 = ds.FindModel("kimi-k3");
  REQUIRE(k3);
  for (int i : {3, 7, 87, 91, 92}) CHECK(k3->KindOfLayer(i) == LayerKind::kFull);
  for (int i : {0, 1, 2, 4, 88, 89, 90}) CHECK(k3->KindOfLayer(i) == LayerKind::kRecurrent);
  // Gemma 4's global layers: num_global_key_value_heads x global_head_dim (512).
  struct Global {
    const char* model;
    int kv_heads, head_dim, sliding_kv_heads;
  } globals[] = {
      {"gemma-4-31b", 4, 512, 16}, {"gemma-4-26b-a4b", 2, 512, 8}, {"gemma-4-12b", 1, 512, 8}};
  for (const auto& g : globals) {
    INFO(g.model);
    const LlmModel* m = ds.FindModel(g.model);
    REQUIRE(m);
    REQUIRE(m->global_attention);
    CHECK(m->global_attention->kv_heads == g.kv_heads);
    CHECK(m->global_attention->head_dim == g.head_dim);
    CHECK(m->kv_heads == g.sliding_kv_heads);
    CHECK(m->head_dim == 256);
    CHECK(m->KindOfLayer(5) == LayerKind::kFull);
    CHECK(m->KindOfLayer(m->layers - 1) == LayerKind::kFull);
  }
  const LlmModel* qwen = ds.FindModel("qwen3.5-397b-a17b");
  REQUIRE(qwen);
  for (int i : {3, 7, 59}) CHECK(qwen->KindOfLayer(i) == LayerKind::kFull);
  const LlmModel* olmo = ds.FindModel("olmo-3-32b");
  REQUIRE(olmo);
  for (int i : {3, 7, 63}) CHECK(olmo->KindOfLayer(i) == LayerKind::kFull);
  for (int i : {0, 1, 2, 62}) CHECK(olmo->KindOfLayer(i) == LayerKind::kSliding);
}

TEST_CASE("recurrent states in data/models.json match the config.json arithmetic", "[data]") {
  Diagnostics d;
  Dataset ds = LoadDataset(GG_SOURCE_DIR, &d);
  REQUIRE_FALSE(d.HasErrors());
  struct Case {
    const char* model;
    int recurrent_values, conv_values;
  } cases[] = {
      // Gated DeltaNet: linear_num_value_heads 32 x linear_key_head_dim 128 x
      // linear_value_head_dim 128 = 524,288; conv (linear_conv_kernel_dim 4 - 1) x
      // (2 x 16 key heads x 128 + 32 x 128) = 3 x 8,192 = 24,576.
      {"qwen3-next-80b-a3b", 524288, 24576},
      // Mamba-2: d_inner (mamba_expand 2 x 4096 = 8192) x mamba_d_state 128 = 1,048,576;
      // conv (4 - 1) x (8192 + 2 x 1 group x 128) = 25,344.
      {"granite-4.0-h-small", 1048576, 25344},
      // Mamba-2: mamba_num_heads 128 x mamba_head_dim 80 x ssm_state_size 128 = 1,310,720;
      // conv (4 - 1) x (10,240 + 2 x 8 groups x 128) = 36,864.
      {"nemotron-nano-9b-v2", 1310720, 36864},
      // Qwen3.5 / 3.6 Gated DeltaNet, 16 key heads x 128, value heads x 128 x 128:
      // 48 value heads (27B): 786,432 and 3 x (4,096 + 6,144) = 30,720;
      // 32 (35B-A3B, 9B): 524,288 and 3 x (4,096 + 4,096) = 24,576;
      // 64 (122B-A10B, 397B-A17B): 1,048,576 and 3 x (4,096 + 8,192) = 36,864.
      {"qwen3.5-27b", 786432, 30720},
      {"qwen3.6-27b", 786432, 30720},
      {"qwen3.5-35b-a3b", 524288, 24576},
      {"qwen3.5-9b", 524288, 24576},
      {"qwen3.6-35b-a3b", 524288, 24576},
      {"qwen3.5-122b-a10b", 1048576, 36864},
      {"qwen3.5-397b-a17b", 1048576, 36864},
      // Mamba-2: mamba_num_heads 64 x mamba_head_dim 64 = d_inner 4,096, x ssm_state_size 128 =
      // 524,288; conv (4 - 1) x (4,096 + 2 x 8 groups x 128) = 18,432.
      {"nemotron-3-nano-30b-a3b", 524288, 18432},
      // Nemotron 3 Super: 128 heads x 64 = d_inner 8,192, x 128 = 1,048,576; conv
      // 3 x (8,192 + 2 x 8 x 128) = 30,720.
      {"nemotron-3-super-120b-a12b", 1048576, 30720},
      // Kimi Delta Attention: linear_attn_config num_heads 96 x head_dim 128 x 128 =
      // 1,572,864; short convolution (4 - 1) x (query + key + value: 3 x 96 x 128) = 110,592.
      {"kimi-k3", 1572864, 110592},
  };
  for (const auto& c : cases) {
    INFO(c.model);
    const LlmModel* m = ds.FindModel(c.model);
    REQUIRE(m);
    REQUIRE(m->recurrent_state.has_value());
    CHECK(m->recurrent_state->recurrent_values == c.recurrent_values);
    CHECK(m->recurrent_state->conv_values == c.conv_values);
  }
}

TEST_CASE("KV sharing, per-layer tables, compressed attention and expert widths in the data",
          "[data]") {
  Diagnostics d;
  Dataset ds = LoadDataset(GG_SOURCE_DIR, &d);
  REQUIRE_FALSE(d.HasErrors());
  // Gemma 4 E2B / E4B: num_kv_shared_layers 20 of 35 and 18 of 42; layer_types 4 (E2B) or 5
  // (E4B) x sliding then full, sliding_window 512; the owning layers are 0-14 (12 sliding,
  // 3 global) and 0-23 (20 sliding, 4 global); per-layer tables of 262,144 x 256 per layer.
  struct Shared {
    const char* model;
    int layers, shared, owning_full, owning_sliding, global_kv_heads;
  } shared[] = {{"gemma-4-e2b", 35, 20, 3, 12, 1}, {"gemma-4-e4b", 42, 18, 4, 20, 2}};
  for (const auto& s : shared) {
    INFO(s.model);
    const LlmModel* m = ds.FindModel(s.model);
    REQUIRE(m);
    CHECK(m->layers == s.layers);
    CHECK(m->kv_shared_layers == s.shared);
    CHECK(m->window == 512);
    int full = 0, sliding = 0;
    for (int i = 0; i < m->layers; ++i) {
      if (!m->OwnsKvCache(i)) continue;
      full += m->KindOfLayer(i) == LayerKind::kFull;
      sliding += m->KindOfLayer(i) == LayerKind::kSliding;
    }
    CHECK(full == s.owning_full);
    CHECK(sliding == s.owning_sliding);
    CHECK(m->KindOfLayer(m->layers - 1) == LayerKind::kFull);
    REQUIRE(m->global_attention);
    CHECK(m->global_attention->kv_heads == s.global_kv_heads);
    CHECK(m->global_attention->head_dim == 512);
    REQUIRE(m->per_layer_embeddings);
    CHECK(m->per_layer_embeddings->vocab_size == 262144);
    CHECK(m->per_layer_embeddings->hidden_size == 256);
  }
  // DeepSeek-V4: compress_ratios Flash [0, 0, (4, 128) x 20, 4, 0] over 43 layers (21 of
  // ratio 4, 20 of 128, 2 windows only); Pro [128, 128, (4, 128) x 29, 4, 0] over 61 (30, 31, 0).
  struct Compressed {
    const char* model;
    int layers, ratio4, ratio128, window_only;
  } compressed[] = {{"deepseek-v4-flash", 43, 21, 20, 2}, {"deepseek-v4-pro", 61, 30, 31, 0}};
  for (const auto& c : compressed) {
    INFO(c.model);
    const LlmModel* m = ds.FindModel(c.model);
    REQUIRE(m);
    REQUIRE(m->compressed_attention);
    CHECK(m->layers == c.layers);
    int r4 = 0, r128 = 0, r0 = 0;
    for (int i = 0; i < m->layers; ++i) {
      const int r = m->compressed_attention->ratios[i];
      r4 += r == 4;
      r128 += r == 128;
      r0 += r == 0;
    }
    CHECK(r4 == c.ratio4);
    CHECK(r128 == c.ratio128);
    CHECK(r0 == c.window_only);
    CHECK(m->compressed_attention->window == 128);
    CHECK(m->compressed_attention->indexer_ratio == 4);
    CHECK(m->compressed_attention->indexer_head_dim == 128);
    CHECK(m->kv_heads == 1);
    CHECK(m->head_dim == 512);
  }
  // Kimi K3: routed_expert_hidden_size 3584 (the latent), hidden_size 7168.
  const LlmModel* k3 = ds.FindModel("kimi-k3");
  REQUIRE(k3);
  CHECK(k3->expert_hidden_size == 3584);
  CHECK(k3->hidden_size == 7168);
  // Mistral Large 3: params.json kv_lora_rank 512, qk_rope_head_dim 64, 128 experts of 4096,
  // top-4; no field of the newer kinds.
  const LlmModel* large3 = ds.FindModel("mistral-large-3");
  REQUIRE(large3);
  REQUIRE(large3->mla);
  CHECK(large3->mla->kv_lora_rank == 512);
  CHECK(large3->mla->qk_rope_head_dim == 64);
  REQUIRE(large3->experts);
  CHECK(large3->experts->total == 128);
  CHECK(large3->experts->active == 4);
  CHECK(large3->intermediate_size == 4096);
  CHECK(large3->kv_shared_layers == 0);
  CHECK_FALSE(large3->compressed_attention);
}
