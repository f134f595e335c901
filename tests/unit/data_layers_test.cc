// models.json per-layer kinds (layer_pattern / window / recurrent_state), native parts, and
// data/validation.json: what the loader accepts and the located errors it reports.
#include <catch2/catch.hpp>

#include "data/load_dataset.h"
#include "validate/validate_dataset.h"

using namespace gg;

namespace {

// One model on one line, so every error is on line 2; `extra` is spliced before "source".
std::string ModelsJson(const std::string& extra, const std::string& experts = "null") {
  return "{\"models\": [\n"
         "{\"id\": \"m\", \"name\": \"M\", \"family\": \"F\", \"release_date\": \"2025-01-01\", "
         "\"params_b\": 1, \"active_params_b\": 1, \"layers\": 10, \"hidden_size\": 8, "
         "\"intermediate_size\": 8, \"attention_heads\": 2, \"kv_heads\": 1, \"head_dim\": 4, "
         "\"vocab_size\": 8, \"max_context\": 64, \"experts\": " +
         experts + ", \"mla\": null, \"native_precision\": \"bf16\", " + extra +
         "\"source\": \"s\", \"as_of\": \"2026-01-01\"}\n]}\n";
}

std::string Errors(const std::string& file, const std::string& text, Dataset* ds) {
  Diagnostics d;
  LoadDataFile(file, text, ds, &d);
  return d.Render();
}

}  // namespace

TEST_CASE("layer_pattern repeats from layer 0 and is cut at the layer count", "[data]") {
  Dataset ds;
  // Gemma-3 style: 5 sliding, 1 global, repeated over 10 layers -> globals at 5 only.
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"layer_pattern\": [\"sliding\", \"sliding\", \"sliding\", "
                            "\"sliding\", \"sliding\", \"full\"], \"window\": 16, "),
                 &ds) == "");
  REQUIRE(ds.models.size() == 1);
  const LlmModel& m = ds.models[0];
  CHECK(m.window == 16);
  int full = 0;
  for (int i = 0; i < m.layers; ++i) full += m.KindOfLayer(i) == LayerKind::kFull;
  CHECK(full == 1);  // layer 5; layer 11 would be the next one
  CHECK(m.KindOfLayer(5) == LayerKind::kFull);
  CHECK(m.KindOfLayer(6) == LayerKind::kSliding);
}

TEST_CASE("global_attention gives the full layers their own KV geometry", "[data]") {
  Dataset ds;
  // Gemma 4 style: sliding layers at kv_heads x head_dim, global layers at their own.
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"layer_pattern\": [\"sliding\", \"full\"], \"window\": 16, "
                            "\"global_attention\": {\"kv_heads\": 2, \"head_dim\": 8}, "),
                 &ds) == "");
  REQUIRE(ds.models.size() == 1);
  REQUIRE(ds.models[0].global_attention);
  CHECK(ds.models[0].global_attention->kv_heads == 2);
  CHECK(ds.models[0].global_attention->head_dim == 8);
  CHECK(ds.models[0].head_dim == 4);
}

TEST_CASE("a model without layer_pattern is full attention in every layer", "[data]") {
  Dataset ds;
  REQUIRE(Errors("data/models.json", ModelsJson(""), &ds) == "");
  CHECK(ds.models[0].KindOfLayer(0) == LayerKind::kFull);
  CHECK(ds.models[0].KindOfLayer(9) == LayerKind::kFull);
  CHECK_FALSE(ds.models[0].recurrent_state.has_value());
}

TEST_CASE("recurrent layers carry their fixed state", "[data]") {
  Dataset ds;
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"layer_pattern\": [\"recurrent\", \"recurrent\", \"recurrent\", "
                            "\"full\"], \"recurrent_state\": {\"recurrent_values\": 524288, "
                            "\"conv_values\": 24576}, "),
                 &ds) == "");
  const LlmModel& m = ds.models[0];
  REQUIRE(m.recurrent_state.has_value());
  CHECK(m.recurrent_state->recurrent_values == 524288);
  CHECK(m.recurrent_state->conv_values == 24576);
  CHECK(m.KindOfLayer(3) == LayerKind::kFull);
  CHECK(m.KindOfLayer(4) == LayerKind::kRecurrent);
}

TEST_CASE("per-layer fields that contradict each other are located errors", "[data]") {
  struct Case {
    const char* name;
    std::string extra;
    std::string experts;
    std::string expected;
  } cases[] = {
      {"misspelt kind", "\"layer_pattern\": [\"slidng\", \"full\"], ", "null",
       "data/models.json:2:328: error: 'slidng' is not allowed in 'layer_pattern'; did you mean "
       "'sliding'?\n"},
      {"sliding without window", "\"layer_pattern\": [\"sliding\", \"full\"], ", "null",
       "data/models.json:2:327: error: model 'm' has sliding or chunked layers but no 'window'\n"},
      {"window without windowed layers", "\"window\": 128, ", "null",
       "data/models.json:2:320: error: window is set but layer_pattern of model 'm' has no "
       "sliding or chunked layers\n"},
      {"recurrent without state", "\"layer_pattern\": [\"recurrent\", \"full\"], ", "null",
       "data/models.json:2:327: error: model 'm' has recurrent layers but no "
       "'recurrent_state'\n"},
      {"pattern longer than the model",
       "\"layer_pattern\": [\"full\", \"full\", \"full\", \"full\", \"full\", \"full\", \"full\", "
       "\"full\", \"full\", \"full\", \"full\"], ",
       "null",
       "data/models.json:2:327: error: layer_pattern of model 'm' must have between 1 and 10 "
       "entries (it repeats from layer 0)\n"},
      {"other precision without experts", "\"native_other_precision\": \"bf16\", ", "null",
       "data/models.json:2:336: error: native_other_precision splits a MoE model's experts from "
       "the rest, but model 'm' has no experts\n"},
      {"FP8 blocks on a BF16 model", "\"native_scale_block\": 128, ", "null",
       "data/models.json:2:332: error: native_scale_block describes FP8 block scales or INT4 "
       "group scales, but model 'm' is published in bf16\n"},
      {"global geometry without sliding layers",
       "\"global_attention\": {\"kv_heads\": 1, \"head_dim\": 8}, ", "null",
       "data/models.json:2:330: error: global_attention describes the full layers of a model that "
       "also has sliding or chunked layers, but layer_pattern of model 'm' does not have both; "
       "without sliding layers, give the full layers' geometry in kv_heads and head_dim\n"},
      {"global KV heads that do not divide the heads",
       "\"layer_pattern\": [\"sliding\", \"full\"], \"window\": 16, "
       "\"global_attention\": {\"kv_heads\": 3, \"head_dim\": 8}, ",
       "null",
       "data/models.json:2:395: error: global_attention kv_heads must divide attention_heads in "
       "model 'm'\n"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    Dataset ds;
    CHECK(Errors("data/models.json", ModelsJson(c.extra, c.experts), &ds) == c.expected);
  }
}

TEST_CASE("KV-shared layers, per-layer embeddings, compressed attention and expert width",
          "[data]") {
  Dataset ds;
  // Gemma 4 E2B style: the last 4 of 10 layers reuse an earlier layer's cache; per-layer
  // tables of 8 x 10 x 4 parameters.
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"layer_pattern\": [\"sliding\", \"full\"], \"window\": 16, "
                            "\"kv_shared_layers\": 4, "
                            "\"per_layer_embeddings\": {\"vocab_size\": 8, \"hidden_size\": 4}, "),
                 &ds) == "");
  REQUIRE(ds.models.size() == 1);
  CHECK(ds.models[0].kv_shared_layers == 4);
  CHECK(ds.models[0].OwnsKvCache(5));
  CHECK_FALSE(ds.models[0].OwnsKvCache(6));
  REQUIRE(ds.models[0].per_layer_embeddings);
  CHECK(ds.models[0].per_layer_embeddings->vocab_size == 8);
  CHECK(ds.models[0].per_layer_embeddings->hidden_size == 4);
  // DeepSeek-V4 style: a ratio per layer (entries past the 10 layers are allowed).
  Dataset v4;
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"compressed_attention\": {\"window\": 4, \"ratios\": [0, 0, 4, "
                            "128, 4, 128, 4, 128, 4, 128, 0], \"indexer_ratio\": 4, "
                            "\"indexer_head_dim\": 2}, "),
                 &v4) == "");
  REQUIRE(v4.models[0].compressed_attention);
  CHECK(v4.models[0].compressed_attention->ratios.size() == 11);
  CHECK(v4.models[0].compressed_attention->ratios[3] == 128);
  CHECK(v4.models[0].compressed_attention->window == 4);
  // Kimi K3 style: routed experts in a narrower latent.
  Dataset k3;
  REQUIRE(Errors("data/models.json",
                 ModelsJson("\"expert_hidden_size\": 4, ", "{\"total\": 4, \"active\": 2}"),
                 &k3) == "");
  CHECK(k3.models[0].expert_hidden_size == 4);
  // Absent, they change nothing.
  Dataset plain;
  REQUIRE(Errors("data/models.json", ModelsJson(""), &plain) == "");
  CHECK(plain.models[0].kv_shared_layers == 0);
  CHECK(plain.models[0].OwnsKvCache(9));
  CHECK_FALSE(plain.models[0].per_layer_embeddings);
  CHECK_FALSE(plain.models[0].compressed_attention);
  CHECK(plain.models[0].expert_hidden_size == 0);
}

TEST_CASE("layer sharing and compression fields that contradict the model are located errors",
          "[data]") {
  struct Case {
    const char* name;
    std::string extra;
    std::string experts;
    std::string expected;
  } cases[] = {
      {"as many shared layers as layers", "\"kv_shared_layers\": 10, ", "null",
       "data/models.json:2:330: error: kv_shared_layers of model 'm' must be below its 10 layers: "
       "a shared layer reuses the cache of an earlier layer that keeps its own\n"},
      {"a shared global layer with no global layer before it",
       "\"layer_pattern\": [\"sliding\", \"sliding\", \"sliding\", \"sliding\", \"full\"], "
       "\"window\": 16, \"kv_shared_layers\": 6, ",
       "null",
       "data/models.json:2:415: error: layer 4 of model 'm' is among the last 6 that share an "
       "earlier layer's KV cache, but no layer before 4 has its kind; kv_shared_layers is "
       "config.json's num_kv_shared_layers\n"},
      {"a shared recurrent layer",
       "\"layer_pattern\": [\"full\", \"recurrent\"], \"recurrent_state\": "
       "{\"recurrent_values\": 4, \"conv_values\": 4}, \"kv_shared_layers\": 2, ",
       "null",
       "data/models.json:2:432: error: layer 9 of model 'm' is among the last 2 that share an "
       "earlier layer's KV cache, but it keeps no KV cache (recurrent or none); kv_shared_layers "
       "is config.json's num_kv_shared_layers\n"},
      {"per-layer tables larger than the model",
       "\"per_layer_embeddings\": {\"vocab_size\": 100000000, \"hidden_size\": 4}, ", "null",

       "data/models.json:2:349: error: per_layer_embeddings of model 'm' hold 4.00B parameters "
       "(vocab_size x hidden_size x layers), not fewer than its params_b; params_b counts the "
       "per-layer tables as well\n"},
      {"an expert width without experts", "\"expert_hidden_size\": 4, ", "null",
       "data/models.json:2:332: error: expert_hidden_size is the width routed experts work in, "
       "but model 'm' has no experts\n"},
      {"compressed attention over a layer pattern",
       "\"layer_pattern\": [\"full\"], \"compressed_attention\": {\"window\": 4, "
       "\"ratios\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], \"indexer_ratio\": 4, "
       "\"indexer_head_dim\": 2}, ",
       "null",
       "data/models.json:2:361: error: compressed_attention describes every layer's cache of "
       "model 'm', which must then have no mla, dsa_indexer, global_attention, layer_pattern or "
       "kv_shared_layers\n"},
      {"fewer ratios than layers",
       "\"compressed_attention\": {\"window\": 4, \"ratios\": [0, 4, 128], "
       "\"indexer_ratio\": 4, \"indexer_head_dim\": 2}, ",
       "null",
       "data/models.json:2:358: error: compressed_attention ratios of model 'm' cover 3 layers of "
       "10; one ratio per layer from layer 0 (entries past the last layer are the "
       "multi-token-prediction layers')\n"},
      {"a negative ratio",
       "\"compressed_attention\": {\"window\": 4, \"ratios\": [0, -4, 0, 0, 0, 0, 0, 0, 0, "
       "0], \"indexer_ratio\": 4, \"indexer_head_dim\": 2}, ",
       "null",
       "data/models.json:2:362: error: a compress ratio is a whole number of tokens per compressed "
       "entry, 0 to 1048576 (0: the layer keeps its window only)\n"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    Dataset ds;
    CHECK(Errors("data/models.json", ModelsJson(c.extra, c.experts), &ds) == c.expected);
  }
  // Keys and values share one vector per entry: a model with 2 KV heads cannot say so.
  std::string two_kv = ModelsJson(
      "\"compressed_attention\": {\"window\": 4, \"ratios\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0], "
      "\"indexer_ratio\": 4, \"indexer_head_dim\": 2}, ");
  const std::string one_kv = "\"kv_heads\": 1";
  two_kv.replace(two_kv.find(one_kv), one_kv.size(), "\"kv_heads\": 2");
  Dataset ds;
  CHECK(Errors("data/models.json", two_kv, &ds) ==
        "data/models.json:2:334: error: compressed_attention caches one vector per entry that "
        "keys and values share, but model 'm' has 2 KV heads; DeepSeek-V4's config.json has "
        "num_key_value_heads 1\n");
}

TEST_CASE("validation cases are read and checked against models and GPUs", "[data]") {
  Dataset ds;
  REQUIRE(Errors("data/models.json", ModelsJson(""), &ds) == "");
  std::string text =
      "{\"cases\": [\n"
      "{\"id\": \"kv\", \"kind\": \"kv_cache\", \"model\": \"m\", \"gpu\": null, \"gpu_count\": 1, "
      "\"engine\": \"llama.cpp\", \"kv_format\": \"f16\", \"context\": 512, \"measured\": 256, "
      "\"unit\": \"MiB\", \"quote\": \"KV self size = 256.00 MiB\", \"source\": \"u\", "
      "\"date\": \"2023-12-23\"},\n"
      "{\"id\": \"fit\", \"kind\": \"fits\", \"model\": \"n\", \"gpu\": \"rtx-9090\", "
      "\"gpu_count\": 2, \"engine\": \"llama.cpp\", \"outcome\": \"runs\", \"measured\": 1, "
      "\"quote\": \"q\", \"source\": \"u\", \"date\": \"2024-05-10\"}\n"
      "]}\n";
  Diagnostics d;
  LoadDataFile("data/validation.json", text, &ds, &d);
  ValidateDataset(ds, &d);
  CHECK(d.Render() ==
        "data/validation.json:3:40: error: unknown model 'n' in 'model'; did you mean 'm'?\n"
        "data/validation.json:3:52: error: unknown GPU 'rtx-9090' in 'gpu'\n"
        "data/validation.json:3:134: error: a 'fits' case records an outcome, not "
        "'measured'\n");
  REQUIRE(ds.validation.size() == 2);
  CHECK(ds.validation[0].measured.value_or(0) == 256);
  CHECK(ds.validation[0].context == 512);
  CHECK(ds.validation[1].outcome == "runs");
}
