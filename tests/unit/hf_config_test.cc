// calcapi/hf_config: real config.json files (tests/hf_configs, sources in its README) read
// into the calculator's model shape, their parameters counted, and compared with the entry of
// data/models.json for the same model; broken configs named field by field; the request field
// "config" and the command line's --config.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "calc/assumptions.h"
#include "calc/memory.h"
#include "calc_fixture.h"
#include "calcapi/calc_api.h"
#include "calcapi/hf_config.h"
#include "calcapi/json_text.h"
#include "cli/calc_command.h"
#include "data/load_dataset.h"

namespace gg {
namespace {

using calcapi::Json;

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(GG_TESTS_DIR) + "/hf_configs/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

calcapi::HfModel Read(const std::string& name) {
  Json config;
  REQUIRE_FALSE(calcapi::ParseJsonText(Fixture(name), &config));
  return calcapi::ModelFromHfConfig(config);
}

const Dataset& GuideData() {
  static const Dataset data = [] {
    Diagnostics d;
    Dataset ds = LoadDataset(GG_SOURCE_DIR, &d);
    REQUIRE_FALSE(d.HasErrors());
    return ds;
  }();
  return data;
}

double Relative(double a, double b) {
  return std::fabs(a - b) / b;
}

TEST_CASE("hf_config: real configs give the shape and parameters of data/models.json",
          "[calcapi][hf_config]") {
  struct Case {
    const char* file;
    const char* model;  // data/models.json id
    const char* architecture;
    double params_tolerance;  // relative, against the data's params_b (a published figure)
    double active_tolerance;  // against active_params_b
    bool active_without_input_embedding;  // the publisher leaves the input table out
    int max_context;                      // max_position_embeddings (the data may differ)
  };
  const Case cases[] = {
      // 8,030,261,248 counted; Meta publishes 8.03 B.
      {"llama-3.1-8b.json", "llama-3.1-8b", "LlamaForCausalLM", 0.001, 0.001, false, 131072},
      // 30.53 B / 3.35 B; Qwen's card says 30.5 B / 3.3 B. The config allows 40,960 tokens
      // natively; the data's 131,072 is the card's YaRN extension.
      {"qwen3-30b-a3b.json", "qwen3-30b-a3b", "Qwen3MoeForCausalLM", 0.002, 0.002, false, 40960},
      // 27.01 B of text model; the data's 27.4 B (the checkpoint's total) includes the ~0.4 B
      // SigLIP vision tower, which llama.cpp keeps in a separate mmproj file: 1.4 % apart.
      {"gemma-3-27b-it.json", "gemma-3-27b", "Gemma3ForConditionalGeneration", 0.02, 0.02, false,
       131072},
      // 671.03 B / 37.55 B without the multi-token-prediction layer; DeepSeek: 671 B / 37 B
      // (rounded: 1.5 % on the active count).
      {"deepseek-v3.json", "deepseek-v3", "DeepseekV3ForCausalLM", 0.001, 0.02, false, 163840},
      // DeepSeek-V3.2: V3's 671.03 B / 37.55 B plus the indexer's 61 x 13.96 M = 0.85 B
      // (wq_b 1,536 x 64 x 128, wk 7,168 x 128, its LayerNorm, weights_proj 7,168 x 64):
      // 671.88 B / 38.40 B against the published 671 B / 37 B.
      {"deepseek-v3.2.json", "deepseek-v3.2", "DeepseekV32ForCausalLM", 0.002, 0.04, false, 163840},
      // 20.91 B; OpenAI's 3.61 B active leaves the input embedding table (a lookup) out.
      {"gpt-oss-20b.json", "gpt-oss-20b", "GptOssForCausalLM", 0.001, 0.002, true, 131072},
      // 46.70 B / 12.88 B; Mistral AI: 46.7 B / 12.9 B.
      {"mixtral-8x7b.json", "mixtral-8x7b", "MixtralForCausalLM", 0.001, 0.002, false, 32768},
      // 79.67 B / 3.87 B (the data's figures, counted from the checkpoint).
      {"qwen3-next-80b-a3b-instruct.json", "qwen3-next-80b-a3b", "Qwen3NextForCausalLM", 0.001,
       0.002, false, 262144},
  };
  const Dataset& data = GuideData();
  Diagnostics diags;
  const calc::Assumptions a = calc::ResolveAssumptions(data, &diags);
  REQUIRE_FALSE(diags.HasErrors());
  for (const Case& c : cases) {
    INFO(c.file);
    const calcapi::HfModel hf = Read(c.file);
    REQUIRE(hf.problems.empty());
    const LlmModel& m = hf.model;
    const LlmModel* d = data.FindModel(c.model);
    REQUIRE(d != nullptr);
    CHECK(hf.architecture == c.architecture);
    CHECK(Relative(hf.params / 1e9, d->params_b) <= c.params_tolerance);
    const double input_table = static_cast<double>(m.vocab_size) * m.hidden_size;
    const double active = hf.active_params - (c.active_without_input_embedding ? input_table : 0);
    CHECK(Relative(active / 1e9, d->active_params_b) <= c.active_tolerance);
    CHECK(m.max_context == c.max_context);
    // The shape is the data's, field by field.
    CHECK(m.layers == d->layers);
    CHECK(m.hidden_size == d->hidden_size);
    CHECK(m.intermediate_size == d->intermediate_size);
    CHECK(m.attention_heads == d->attention_heads);
    CHECK(m.kv_heads == d->kv_heads);
    CHECK(m.head_dim == d->head_dim);
    CHECK(m.vocab_size == d->vocab_size);
    CHECK(m.tied_embeddings == d->tied_embeddings);
    CHECK(m.experts.has_value() == d->experts.has_value());
    if (m.experts && d->experts) {
      CHECK(m.experts->total == d->experts->total);
      CHECK(m.experts->active == d->experts->active);
    }
    CHECK(m.mla.has_value() == d->mla.has_value());
    if (m.mla && d->mla) {
      CHECK(m.mla->kv_lora_rank == d->mla->kv_lora_rank);
      CHECK(m.mla->qk_rope_head_dim == d->mla->qk_rope_head_dim);
    }
    for (int layer = 0; layer < m.layers; ++layer)
      CHECK(m.KindOfLayer(layer) == d->KindOfLayer(layer));
    CHECK(m.window == d->window);
    CHECK(m.recurrent_state.has_value() == d->recurrent_state.has_value());
    if (m.recurrent_state && d->recurrent_state) {
      CHECK(m.recurrent_state->recurrent_values == d->recurrent_state->recurrent_values);
      CHECK(m.recurrent_state->conv_values == d->recurrent_state->conv_values);
    }
    CHECK(m.native_precision == d->native_precision);
    CHECK(m.native_other_precision == d->native_other_precision);
    CHECK(m.native_scale_block == d->native_scale_block);
    CHECK(m.dsa_indexer.has_value() == d->dsa_indexer.has_value());
    if (m.dsa_indexer && d->dsa_indexer) {
      CHECK(m.dsa_indexer->head_dim == d->dsa_indexer->head_dim);
      CHECK(m.dsa_indexer->heads == d->dsa_indexer->heads);
      CHECK(m.dsa_indexer->topk == d->dsa_indexer->topk);
    }
    // The VRAM answer: KV cache and compute buffer to the byte; the weights differ only by
    // the parameter count (the data's published figure is rounded), within its tolerance.
    for (const char* precision : {"q4_k_m", "bf16", "native"}) {
      calc::MemoryRequest q;
      q.precision = std::string(precision) == "native" ? calc::NativePrecision(*d)
                                                       : *calc::ParsePrecision(precision);
      q.context = 8192;
      const calc::MemoryBreakdown x = calc::EstimateMemory(m, q, a);
      const calc::MemoryBreakdown y = calc::EstimateMemory(*d, q, a);
      INFO(precision);
      CHECK(x.kv_cache_bytes == y.kv_cache_bytes);
      CHECK(x.overhead_bytes == y.overhead_bytes);
      CHECK(Relative(x.weights_bytes, y.weights_bytes) <= c.params_tolerance);
      CHECK(Relative(x.total_bytes, y.total_bytes) <= c.params_tolerance);
    }
  }
}

// The families read since issue 31, each from a real config.json (tests/hf_configs/README.md):
// the counted parameters and the KV cache per token against hand arithmetic (below, from the
// config's sizes) and against the publisher's stated parameter count.
TEST_CASE("hf_config: every family's parameters and KV bytes per token, by hand",
          "[calcapi][hf_config]") {
  struct Case {
    const char* file;
    const char* architecture;
    double params;          // hand count (comments: the arithmetic)
    double active;          // per token
    double card_params_b;   // the model card's figure
    double card_tolerance;  // relative: the card rounds
    int64_t kv_per_token;   // BF16 KV bytes per token of context (all cached layers)
    int full_layers;        // layers whose cache grows with the context
  };
  const Case cases[] = {
      // Gemma 2 9B: 256,000 × 3,584 tied = 917,504,000; per layer q, o 3,584 × 4,096 × 2 +
      // k, v 3,584 × 2,048 × 2 = 44,040,192, MLP 3 × 3,584 × 14,336 = 154,140,672, 4 norms
      // 14,336 → 198,195,200 × 42 = 8,324,198,400; + final norm 3,584. Card: 9 B (9.24 B).
      // KV: 42 layers × 2 × 8 heads × 256 × 2 B = 344,064 (the 21 sliding layers up to 4,096).
      {"gemma-2-9b.json", "Gemma2ForCausalLM", 9241705984, 9241705984, 9.24, 0.001, 344064, 42},
      // Phi-3 mini: 32,064 × 3,072 × 2 = 197,001,216; per layer 4 × 3,072² = 37,748,736 +
      // 3 × 3,072 × 8,192 = 75,497,472 + 2 norms 6,144 → 113,252,352 × 32; + 3,072.
      // Card: 3.8 B. KV: 32 × 2 × 32 × 96 × 2 = 393,216.
      {"phi-3-mini-4k-instruct.json", "Phi3ForCausalLM", 3821079552, 3821079552, 3.8, 0.01, 393216,
       32},
      // Phi-3.5-MoE: per layer attention 41,943,040 + biases 10,240, 2 LayerNorms 16,384,
      // router 65,536 = 42,035,200 shared; experts 16 × 3 × 4,096 × 6,400 = 1,258,291,200
      // (2 active: 157,286,400); × 32; + embeddings 262,668,288, lm_head bias 32,064, final
      // LayerNorm 8,192. Card: 41.9 B, 6.6 B active. KV: 32 × 2 × 8 × 128 × 2 = 131,072.
      {"phi-3.5-moe-instruct.json", "PhiMoEForCausalLM", 41873153344, 6640999744, 41.9, 0.001,
       131072, 32},
      // DeepSeek-V2-Lite: attention (q 2,048 × 16 × 192 = 6,291,456; kv_a 2,048 × 576 =
      // 1,179,648 + norm 512; kv_b 512 × 16 × 256 = 2,097,152; o 2,048 × 2,048 = 4,194,304)
      // 13,763,072 + 2 norms 4,096; layer 0 dense 3 × 2,048 × 10,944 = 67,239,936; 26 MoE
      // layers: router 131,072, 2 shared 17,301,504, 64 routed × 8,650,752 = 553,648,128
      // (6 active: 51,904,512); + embeddings 419,430,400 + 2,048. Card: 15.7 B ("16B"), 2.4 B
      // active without the input table (2.66 B with it). KV (MLA): 27 × (512 + 64) × 2 =
      // 31,104.
      {"deepseek-v2-lite.json", "DeepseekV2ForCausalLM", 15706484224, 2661150208, 15.7, 0.001,
       31104, 27},
      // Qwen1.5-MoE-A2.7B: per layer attention 16,777,216 + biases 6,144, 2 norms 4,096,
      // router 122,880, shared expert 3 × 2,048 × 5,632 = 34,603,008 + its gate 2,048 =
      // 51,515,392 shared; 60 routed × 8,650,752 = 519,045,120 (4 active: 34,603,008); × 24;
      // + embeddings 622,329,856 + 2,048. Card: 14.3 B, 2.7 B active. KV: 24 × 2 × 16 × 128
      // × 2 = 196,608.
      {"qwen1.5-moe-a2.7b-chat.json", "Qwen2MoeForCausalLM", 14315784192, 2689173504, 14.3, 0.002,
       196608, 24},
      // Command R v01: per layer 4 × 8,192² = 268,435,456 + 3 × 8,192 × 22,528 = 553,648,128
      // + 1 LayerNorm 8,192 → 822,091,776 × 40; + tied embeddings 2,097,152,000 + 8,192.
      // Card: 35 B. KV: 40 × 2 × 64 × 128 × 2 = 1,310,720.
      {"command-r-v01.json", "CohereForCausalLM", 34980831232, 34980831232, 35, 0.001, 1310720, 40},
      // OLMo 2 7B: per layer 4 × 4,096² = 67,108,864 + q, k norms 8,192 + 3 × 4,096 × 11,008
      // = 135,266,304 + 2 norms 8,192 → 202,391,552 × 32; + embeddings 822,083,584 + 4,096.
      // Card: 7.30 B ("7B"). KV: 32 × 2 × 32 × 128 × 2 = 524,288.
      {"olmo-2-1124-7b.json", "Olmo2ForCausalLM", 7298617344, 7298617344, 7.3, 0.001, 524288, 32},
      // Nemotron Nano 9B v2: 27 Mamba-2 blocks (in_proj 4,480 × 22,656 = 101,498,880; conv
      // 12,288 × 4 + 12,288; dt_bias, A_log, D 384; norm 10,240; out_proj 45,875,200; block
      // norm 4,480: 147,450,624), 4 attention blocks (45,875,200 + 9,175,040 + 4,480 =
      // 55,054,720), 25 MLP blocks (2 × 4,480 × 15,680 + 4,480 = 140,497,280); + embeddings
      // 1,174,405,120 + 4,480. Card: 8.89 B (data/models.json). KV: only the 4 attention
      // layers, 4 × 2 × 8 × 128 × 2 = 16,384.
      {"nemotron-nano-9b-v2.json", "NemotronHForCausalLM", 8888227328, 8888227328, 8.89, 0.001,
       16384, 4},
      // Qwen3-30B-A3B (read before issue 31): KV 48 × 2 × 4 × 128 × 2 = 98,304.
      {"qwen3-30b-a3b.json", "Qwen3MoeForCausalLM", 30532122624, 3353032704, 30.5, 0.002, 98304,
       48},
  };
  const Dataset& data = GuideData();
  Diagnostics diags;
  const calc::Assumptions a = calc::ResolveAssumptions(data, &diags);
  REQUIRE_FALSE(diags.HasErrors());
  for (const Case& c : cases) {
    INFO(c.file);
    const calcapi::HfModel hf = Read(c.file);
    for (const auto& p : hf.problems) INFO(p.message);
    REQUIRE(hf.problems.empty());
    CHECK(hf.architecture == c.architecture);
    CHECK(hf.params == c.params);
    CHECK(hf.active_params == c.active);
    CHECK(Relative(hf.params / 1e9, c.card_params_b) <= c.card_tolerance);
    // KV bytes per token: the growth of the cache between two contexts within every window.
    calc::MemoryRequest q;
    q.precision = *calc::ParsePrecision("bf16");
    q.context = 2048;
    const double small = calc::EstimateMemory(hf.model, q, a).kv_cache_bytes;
    q.context = 4096;
    const double large = calc::EstimateMemory(hf.model, q, a).kv_cache_bytes;
    CHECK(static_cast<int64_t>(large - small) / 2048 == c.kv_per_token);
    int full = 0;
    for (int layer = 0; layer < hf.model.layers; ++layer)
      full += hf.model.KindOfLayer(layer) == LayerKind::kFull ||
              hf.model.KindOfLayer(layer) == LayerKind::kSliding;
    CHECK(full == c.full_layers);
  }
}

// Nemotron Nano 9B v2 as data/models.json holds it: the reader gives the data's shape.
TEST_CASE("hf_config: Nemotron-H gives the data's layer pattern and state",
          "[calcapi][hf_config]") {
  const calcapi::HfModel hf = Read("nemotron-nano-9b-v2.json");
  REQUIRE(hf.problems.empty());
  const LlmModel* d = GuideData().FindModel("nemotron-nano-9b-v2");
  REQUIRE(d != nullptr);
  const LlmModel& m = hf.model;
  CHECK(m.layers == d->layers);
  CHECK(m.intermediate_size == d->intermediate_size);
  for (int layer = 0; layer < m.layers; ++layer)
    CHECK(m.KindOfLayer(layer) == d->KindOfLayer(layer));
  REQUIRE(m.recurrent_state.has_value());
  CHECK(m.recurrent_state->recurrent_values == d->recurrent_state->recurrent_values);
  CHECK(m.recurrent_state->conv_values == d->recurrent_state->conv_values);
  CHECK(Relative(hf.params / 1e9, d->params_b) <= 0.001);
}

// Nemotron-H's E blocks (mixture of experts), with the sizes data/models.json's
// nemotron-3-nano-30b-a3b cites from its config.json (intermediate_size is not among them; no
// "-" block uses it here). By hand: 23 Mamba-2 blocks of 38,744,896 (in_proj 2,688 × 10,304,
// conv 6,144 × 4 + 6,144, 192, norm 4,096, out_proj 4,096 × 2,688, block norm 2,688), 6
// attention blocks of 23,399,040, 23 MoE blocks of 1,297,468,160 (router 344,064 + 128
// correction biases, shared expert 2 × 2,688 × 3,712, 128 experts × 2 × 2,688 × 1,856, norm;
// 6 active: 80,169,728), embeddings 704,643,072, final norm 2,688: 31,577,940,288 total,
// 3,580,076,352 active (the data: 31.58 B, 3.58 B).
TEST_CASE("hf_config: Nemotron-H mixture-of-experts blocks", "[calcapi][hf_config]") {
  const Json config = {
      {"architectures", {"NemotronHForCausalLM"}},
      {"num_hidden_layers", 52},
      {"hybrid_override_pattern", "MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME"},
      {"hidden_size", 2688},
      {"intermediate_size", 1856},
      {"num_attention_heads", 32},
      {"num_key_value_heads", 2},
      {"head_dim", 128},
      {"mamba_num_heads", 64},
      {"mamba_head_dim", 64},
      {"ssm_state_size", 128},
      {"n_groups", 8},
      {"conv_kernel", 4},
      {"n_routed_experts", 128},
      {"num_experts_per_tok", 6},
      {"moe_intermediate_size", 1856},
      {"moe_shared_expert_intermediate_size", 3712},
      {"vocab_size", 131072},
      {"max_position_embeddings", 262144},
      {"tie_word_embeddings", false},
      {"torch_dtype", "bfloat16"}};
  const calcapi::HfModel hf = calcapi::ModelFromHfConfig(config);
  REQUIRE(hf.problems.empty());
  CHECK(hf.params == 31577940288.0);
  CHECK(hf.active_params == 3580076352.0);
  const LlmModel* d = GuideData().FindModel("nemotron-3-nano-30b-a3b");
  REQUIRE(d != nullptr);
  CHECK(Relative(hf.params / 1e9, d->params_b) <= 0.001);
  CHECK(Relative(hf.active_params / 1e9, d->active_params_b) <= 0.001);
  const LlmModel& m = hf.model;
  CHECK(m.intermediate_size == d->intermediate_size);
  REQUIRE(m.experts.has_value());
  CHECK(m.experts->total == d->experts->total);
  CHECK(m.experts->active == d->experts->active);
  for (int layer = 0; layer < m.layers; ++layer)
    CHECK(m.KindOfLayer(layer) == d->KindOfLayer(layer));
  REQUIRE(m.recurrent_state.has_value());
  CHECK(m.recurrent_state->recurrent_values == d->recurrent_state->recurrent_values);
  CHECK(m.recurrent_state->conv_values == d->recurrent_state->conv_values);
}

// Olmo 3 32B, with the config sizes data/models.json's olmo-3-32b cites: OLMo 2's layer with
// 3 sliding layers to 1 full. By hand: per layer q, o 5,120² × 2 + k, v 5,120 × 1,024 × 2 =
// 62,914,560, q and k norms 6,144, MLP 3 × 5,120 × 27,648 = 424,673,280, 2 norms 10,240 →
// 487,604,224 × 64; + embeddings 100,278 × 5,120 × 2 = 1,026,846,720 + 5,120:
// 32,233,522,176 (the data: 32.2 B).
TEST_CASE("hf_config: Olmo 3 gives the data's shape and window", "[calcapi][hf_config]") {
  Json kinds = Json::array();
  for (int i = 0; i < 64; ++i)
    kinds.push_back((i + 1) % 4 == 0 ? "full_attention" : "sliding_attention");
  const Json config = {{"architectures", {"Olmo3ForCausalLM"}},
                       {"hidden_size", 5120},
                       {"num_hidden_layers", 64},
                       {"num_attention_heads", 40},
                       {"num_key_value_heads", 8},
                       {"head_dim", 128},
                       {"intermediate_size", 27648},
                       {"vocab_size", 100278},
                       {"max_position_embeddings", 65536},
                       {"sliding_window", 4096},
                       {"layer_types", kinds},
                       {"tie_word_embeddings", false},
                       {"torch_dtype", "bfloat16"}};
  const calcapi::HfModel hf = calcapi::ModelFromHfConfig(config);
  REQUIRE(hf.problems.empty());
  CHECK(hf.params == 32233522176.0);
  const LlmModel* d = GuideData().FindModel("olmo-3-32b");
  REQUIRE(d != nullptr);
  CHECK(Relative(hf.params / 1e9, d->params_b) <= 0.002);
  CHECK(hf.model.window == d->window);
  for (int layer = 0; layer < hf.model.layers; ++layer)
    CHECK(hf.model.KindOfLayer(layer) == d->KindOfLayer(layer));
  // Without layer_types, Olmo3Config's own pattern and window.
  Json bare = config;
  bare.erase("layer_types");
  bare.erase("sliding_window");
  const calcapi::HfModel defaulted = calcapi::ModelFromHfConfig(bare);
  REQUIRE(defaulted.problems.empty());
  CHECK(defaulted.model.window == 4096);
  for (int layer = 0; layer < hf.model.layers; ++layer)
    CHECK(defaulted.model.KindOfLayer(layer) == d->KindOfLayer(layer));
}

TEST_CASE("hf_config: notices say what was defaulted or left out", "[calcapi][hf_config]") {
  auto has = [](const calcapi::HfModel& m, const std::string& part) {
    for (const std::string& n : m.notices)
      if (n.find(part) != std::string::npos) return true;
    return false;
  };
  const calcapi::HfModel gemma = Read("gemma-3-27b-it.json");
  CHECK(has(gemma, "vision_config"));
  CHECK(has(gemma, "text_config.vocab_size is absent: Gemma3TextConfig's default 262208"));
  CHECK(has(gemma, "text_config.sliding_window_pattern is absent"));
  CHECK(has(Read("deepseek-v3.json"), "num_nextn_predict_layers"));
  CHECK(has(Read("llama-3.1-8b.json"), "head_dim is absent: LlamaConfig's default 128"));
  CHECK(Read("qwen3-30b-a3b.json").notices.empty());
}

TEST_CASE("hf_config: broken configs are named field by field", "[calcapi][hf_config]") {
  struct Case {
    const char* file;
    std::vector<std::string> messages;  // every problem, in order
  };
  const Case cases[] = {
      {"broken/wrong-types.json",
       {"num_hidden_layers must be a positive integer, got \"32\"",
        "tie_word_embeddings must be true or false, got \"no\""}},
      {"broken/huge-numbers.json",
       {"num_hidden_layers must be a positive integer, got -4",
        "hidden_size must be at most 1048576, got 1e+30",
        "vocab_size must be at most 100000000, got 18446744073709551615"}},
      {"broken/missing-fields.json",
       {"hidden_size is missing (a positive integer)",
        "num_attention_heads is missing (a positive integer)"}},
      {"broken/unknown-architecture.json",
       {"unknown architecture 'FooForCausalLM' (supported: LlamaForCausalLM, MistralForCausalLM, "
        "MixtralForCausalLM, Qwen2ForCausalLM, Qwen3ForCausalLM, Qwen3MoeForCausalLM, "
        "Gemma3ForCausalLM, Gemma3ForConditionalGeneration, DeepseekV3ForCausalLM, "
        "DeepseekV32ForCausalLM, GptOssForCausalLM, Qwen3NextForCausalLM, Gemma2ForCausalLM, "
        "Phi3ForCausalLM, PhiMoEForCausalLM, DeepseekV2ForCausalLM, Qwen2MoeForCausalLM, "
        "CohereForCausalLM, Olmo2ForCausalLM, Olmo3ForCausalLM, NemotronHForCausalLM)"}},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    const calcapi::HfModel m = Read(c.file);
    std::vector<std::string> got;
    for (const calcapi::ConfigProblem& p : m.problems) got.push_back(p.message);
    CHECK(got == c.messages);
  }
}

TEST_CASE("hf_config: inline edge cases", "[calcapi][hf_config]") {
  struct Case {
    const char* config;
    const char* problem;  // "" = reads without problems
  };
  const Case cases[] = {
      {R"([1, 2])", "config.json must be a JSON object, got [1,2]"},
      {R"({})", "architectures is missing"},
      {R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 4, "vocab_size": 100, "max_position_embeddings": 128,
           "intermediate_size": 128})",
       ""},
      {R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 10000,
           "hidden_size": 1048576, "num_attention_heads": 8, "vocab_size": 100,
           "max_position_embeddings": 128, "intermediate_size": 4194304})",
       "parameters; the calculator takes at most 1e14"},
      {R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2.5, "hidden_size": NaN})",
       ""},  // not JSON: checked below through ParseJsonText
      {R"({"architectures": ["GptOssForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 4, "vocab_size": 100, "max_position_embeddings": 128,
           "intermediate_size": 64, "num_local_experts": 4, "experts_per_token": 9})",
       "experts_per_token must be at most 4, got 9"},
      {R"({"architectures": ["Gemma3ForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 4, "intermediate_size": 64,
           "layer_types": ["sliding_attention", "mamba"]})",
       "layer_types [1] \"mamba\" is not a layer kind the calculator represents"},
      // The attention's shape (issue 33): more KV heads than heads, KV heads not dividing
      // them, a head width beyond the sizes a model may have.
      {R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 4, "num_key_value_heads": 8, "vocab_size": 100,
           "max_position_embeddings": 128, "intermediate_size": 128})",
       "num_key_value_heads must divide num_attention_heads (4), got 8"},
      {R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 4, "num_key_value_heads": 3, "vocab_size": 100,
           "max_position_embeddings": 128, "intermediate_size": 128})",
       "num_key_value_heads must divide num_attention_heads (4), got 3"},
      {R"({"architectures": ["LlamaForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
           "num_attention_heads": 64, "head_dim": 65536, "vocab_size": 100,
           "max_position_embeddings": 128, "intermediate_size": 128})",
       "head_dim times num_attention_heads must be at most 1048576, got 65536 × 64"},
  };
  for (const Case& c : cases) {
    INFO(c.config);
    Json config;
    if (calcapi::ParseJsonText(c.config, &config)) {
      CHECK(std::string(c.config).find("NaN") != std::string::npos);
      continue;
    }
    const calcapi::HfModel m = calcapi::ModelFromHfConfig(config);
    if (std::string(c.problem).empty()) {
      CHECK(m.problems.empty());
      continue;
    }
    REQUIRE_FALSE(m.problems.empty());
    CHECK(m.problems.front().message.find(c.problem) != std::string::npos);
  }
}

TEST_CASE("json_text: where a text stops being JSON", "[calcapi][hf_config]") {
  struct Case {
    const char* text;
    size_t byte;
    int line, column;
  };
  const Case cases[] = {{"", 0, 1, 1},
                        {"{", 1, 1, 2},
                        {"{\n  \"a\": 1,\n}", 12, 3, 1},
                        {"{\"a\": tru}", 9, 1, 10},
                        {"[1, 2] x", 7, 1, 8}};
  for (const Case& c : cases) {
    INFO(c.text);
    Json out;
    auto e = calcapi::ParseJsonText(c.text, &out);
    REQUIRE(e);
    CHECK(e->byte == c.byte);
    CHECK(e->line == c.line);
    CHECK(e->column == c.column);
    CHECK(e->Message().rfind("invalid JSON at byte " + std::to_string(c.byte), 0) == 0);
  }
  Json out;
  CHECK_FALSE(calcapi::ParseJsonText(" {\"a\": [1, 2]} ", &out));
  CHECK(out["a"][1] == 2);
  // The nesting limit of the data loader: 64 levels read, the 65th refused at its bracket
  // (brackets inside strings do not count), 60,000 refused without a crash.
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  CHECK_FALSE(calcapi::ParseJsonText(ok, &out));
  const std::string deep =
      "{\"a\": \"[[[\", \"b\":\n" + std::string(65, '[') + std::string(65, ']') + "}";
  auto e = calcapi::ParseJsonText(deep, &out);
  REQUIRE(e);
  CHECK(e->Message() ==
        "invalid JSON at byte 81 (line 2, column 64): JSON nested deeper than 64 levels");
  e = calcapi::ParseJsonText(std::string(60000, '[') + std::string(60000, ']'), &out);
  REQUIRE(e);
  CHECK(e->byte == 64);
}

TEST_CASE("calcapi and calc --config: deep nesting refused, not a crash", "[calcapi][cli]") {
  const Dataset& data = GuideData();
  const std::string deep = std::string(60000, '[') + std::string(60000, ']');
  // The request's own nesting, and a pasted config's (as the page sends it: text).
  CHECK(calcapi::AnswerRequestText(data, deep).find("request nested deeper than 64 levels") !=
        std::string::npos);
  Json request = {
      {"command", "vram"}, {"config", deep}, {"precision", "q4_k_m"}, {"context", 8192}};
  const std::string answer = calcapi::AnswerRequestText(data, request.dump());
  CHECK(answer.find("config: invalid JSON at byte 64 (line 1, column 65): JSON nested deeper "
                    "than 64 levels") != std::string::npos);
  // gpuguide calc --config FILE (it crashed on ~60,000 levels).
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("gg-deep-config-" + std::to_string(::getpid()) + ".json"))
                               .string();
  {
    std::ofstream f(path, std::ios::binary);
    f << deep;
  }
  std::ostringstream o, e;
  CHECK(RunCalcCommand({"vram", "--config", path, "--precision", "q4_k_m", "--context", "8192"},
                       data, o, e) == 1);
  CHECK(e.str().rfind(path + ":1:65: error: invalid JSON at byte 64", 0) == 0);
  std::filesystem::remove(path);
}

TEST_CASE("calcapi: 'config' as an object or as text, in vram, fit and maxctx",
          "[calcapi][hf_config]") {
  const Dataset& data = GuideData();
  const std::string text = Fixture("llama-3.1-8b.json");
  Json as_text = {
      {"command", "vram"}, {"config", text}, {"precision", "q4_k_m"}, {"context", 8192}};
  Json as_object = as_text;
  as_object["config"] = Json::parse(text);
  const calcapi::Answer x = calcapi::AnswerRequest(data, as_text);
  const calcapi::Answer y = calcapi::AnswerRequest(data, as_object);
  REQUIRE(x.exit_code == 0);
  CHECK(x.body == y.body);
  CHECK(x.body["model"] == "LlamaForCausalLM");
  CHECK(x.body["config"]["params"] == 8030261248);
  CHECK(x.body["config"]["layers"] == 32);

  Json fit = as_text;
  fit["command"] = "fit";
  CHECK(calcapi::AnswerRequest(data, fit).body["memory"]["config"]["architecture"] ==
        "LlamaForCausalLM");
  Json maxctx = as_text;
  maxctx["command"] = "maxctx";
  maxctx.erase("context");
  maxctx["gpu"] = "rtx-4090";
  const calcapi::Answer m = calcapi::AnswerRequest(data, maxctx);
  REQUIRE(m.exit_code == 0);
  CHECK(m.body["model_max_context"] == 131072);

  struct Bad {
    Json change;
    std::string message;
  };
  const Bad bad[] = {
      {{{"model", "llama-3.1-8b"}}, "give 'model' (an id of the guide's data) or 'config'"},
      {{{"config", "{\"architectures\": [\"LlamaForCausalLM\"],"}},
       "config: invalid JSON at byte 39 (line 1, column 40)"},
      {{{"config", 42}}, "config: config.json must be a JSON object, got 42"},
      {{{"context", 200000}}, "context 200000 exceeds the config's max_position_embeddings"},
  };
  for (const Bad& b : bad) {
    Json request = as_text;
    request.update(b.change);
    const calcapi::Answer a = calcapi::AnswerRequest(data, request);
    INFO(request.dump());
    CHECK(a.exit_code == calcapi::kRequestError);
    CHECK(a.body["error"]["messages"][0].get<std::string>().find(b.message) != std::string::npos);
  }
}

TEST_CASE("calc --config: the answer of the request, problems at FILE:line:col", "[calcapi][cli]") {
  const Dataset& data = GuideData();
  const std::string dir = std::string(GG_TESTS_DIR) + "/hf_configs/";
  std::ostringstream out, err;
  REQUIRE(RunCalcCommand({"vram", "--config", dir + "gemma-3-27b-it.json", "--precision", "q4_k_m",
                          "--context", "8192", "--json"},
                         data, out, err) == 0);
  Json request = {{"command", "vram"},
                  {"config", Json::parse(Fixture("gemma-3-27b-it.json"))},
                  {"precision", "q4_k_m"},
                  {"context", 8192}};
  CHECK(calcapi::AnswerRequestText(data, request.dump()) == out.str());
  struct Case {
    const char* file;
    const char* first_line;
  };
  const Case cases[] = {
      {"broken/truncated.json", "broken/truncated.json:13:37: error: invalid JSON at byte 300"},
      {"broken/wrong-types.json",
       "broken/wrong-types.json:17:3: error: num_hidden_layers must be a positive integer"},
      {"broken/missing-fields.json",
       "broken/missing-fields.json: error: hidden_size is missing (a positive integer)"},
      {"broken/unknown-architecture.json",
       "broken/unknown-architecture.json:2:3: error: unknown architecture 'FooForCausalLM'"},
      {"no-such-file.json", "no-such-file.json: error: cannot read the file"},
  };
  for (const Case& c : cases) {
    std::ostringstream o, e;
    INFO(c.file);
    CHECK(RunCalcCommand(
              {"maxctx", "--config", dir + c.file, "--precision", "q4_k_m", "--gpu", "rtx-4090"},
              data, o, e) == 1);
    CHECK(e.str().rfind(dir + c.first_line, 0) == 0);
  }
  std::ostringstream o, e;
  CHECK(RunCalcCommand({"vram", "--config", dir + "llama-3.1-8b.json", "--model", "llama-3.1-8b",
                        "--precision", "q4_k_m", "--context", "8192"},
                       data, o, e) == 2);
  CHECK(e.str() == "error: give --model or --config, not both\n");
}

// With --json every refusal is the calculator's JSON error on stdout, nothing on stderr: the
// problems of a config file (at their line and column), a refusal of the calculator (its
// range problems kept), and a refusal of the command line itself.
TEST_CASE("calc --json: refusals are JSON", "[calcapi][cli]") {
  const Dataset& data = GuideData();
  const std::string dir = std::string(GG_TESTS_DIR) + "/hf_configs/";
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* kind;
    const char* first_message;  // the start of messages[0]
    int line, column;           // of problems[0] (0: no problems)
  };
  const Case cases[] = {
      {{"vram", "--config", dir + "broken/wrong-types.json", "--precision", "q4_k_m", "--context",
        "8192"},
       1,
       "config",
       "num_hidden_layers must be a positive integer",
       17,
       3},
      {{"maxctx", "--config", dir + "broken/truncated.json", "--precision", "q4_k_m", "--gpu",
        "rtx-4090"},
       1,
       "config",
       "invalid JSON at byte 300",
       13,
       37},
      {{"fit", "--config", dir + "broken/unknown-architecture.json", "--precision", "q4_k_m",
        "--context", "8192"},
       1,
       "config",
       "unknown architecture 'FooForCausalLM'",
       2,
       3},
      {{"vram", "--model", "llama-3.1-8", "--precision", "q4_k_m", "--context", "8192"},
       2,
       "request",
       "unknown model 'llama-3.1-8'",
       0,
       0},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context", "8192", "--batch",
        "0"},
       2,
       "request",
       "",
       0,
       0},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--colour"},
       2,
       "request",
       "",
       0,
       0},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = c.args;
    args.push_back("--json");
    INFO(args[1] + " " + args[2]);
    std::ostringstream out, err;
    CHECK(RunCalcCommand(args, data, out, err) == c.code);
    CHECK(err.str().empty());
    const Json j = Json::parse(out.str());
    REQUIRE(j.contains("error"));
    CHECK(j["error"]["exit_code"] == c.code);
    CHECK(j["error"]["kind"] == c.kind);
    REQUIRE_FALSE(j["error"]["messages"].empty());
    CHECK(j["error"]["messages"][0].get<std::string>().rfind(c.first_message, 0) == 0);
    if (c.line > 0) {
      const Json& p = j["error"]["problems"][0];
      CHECK(p["line"] == c.line);
      CHECK(p["column"] == c.column);
      CHECK(p["message"] == j["error"]["messages"][0]);
      CHECK(p["code"].is_string());
      CHECK(p["detail"].is_object());
    }
  }
  // calcapi: each problem of a pasted config also comes with a code and its details, for the
  // page to say it in its reader's language.
  struct Coded {
    std::string config;
    const char* path;
    const char* code;
    const char* detail;  // a key of "detail" ("" none)
  };
  const Coded coded[] = {
      {Fixture("broken/missing-fields.json"), "hidden_size", "missing", ""},
      {Fixture("broken/wrong-types.json"), "num_hidden_layers", "invalid", "got"},
      {Fixture("broken/huge-numbers.json"), "hidden_size", "too_large", "max"},
      {Fixture("broken/unknown-architecture.json"), "architectures", "unknown_architecture",
       "name"},
      {Fixture("broken/truncated.json"), "", "invalid_json", "line"},
      {"[1]", "", "not_object", ""},
      {std::string(100, '[') + std::string(100, ']'), "", "too_deep", "line"},
      {R"({"architectures": ["NemotronHForCausalLM"], "num_hidden_layers": 2, "hidden_size": 64,
          "num_attention_heads": 4, "vocab_size": 10, "max_position_embeddings": 8,
          "intermediate_size": 8, "mamba_num_heads": 2, "mamba_head_dim": 4,
          "ssm_state_size": 4, "hybrid_override_pattern": "M+"})",
       "hybrid_override_pattern", "shape", ""},
  };
  for (const Coded& c : coded) {
    INFO(c.code);
    const Json request = {
        {"command", "vram"}, {"config", c.config}, {"precision", "q4_k_m"}, {"context", 1024}};
    const Json answer = Json::parse(calcapi::AnswerRequestText(data, request.dump()));
    REQUIRE(answer.contains("error"));
    REQUIRE(answer["error"].contains("problems"));
    const Json* found = nullptr;
    for (const Json& p : answer["error"]["problems"])
      if (p["path"] == c.path && p["code"] == c.code) found = &p;
    REQUIRE(found != nullptr);
    CHECK((*found)["field"] == "config");
    if (*c.detail) CHECK((*found)["detail"].contains(c.detail));
    const Json& messages = answer["error"]["messages"];
    CHECK(std::find(messages.begin(), messages.end(), (*found)["message"]) != messages.end());
  }
  // Without --json, the same refusal stays text on stderr.
  std::ostringstream out, err;
  CHECK(RunCalcCommand({"vram", "--config", dir + "broken/wrong-types.json", "--precision",
                        "q4_k_m", "--context", "8192"},
                       data, out, err) == 1);
  CHECK(out.str().empty());
  CHECK(err.str().find("error: num_hidden_layers must be a positive integer") != std::string::npos);
}

}  // namespace
}  // namespace gg
