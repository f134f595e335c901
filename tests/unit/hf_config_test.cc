// calcapi/hf_config: real config.json files (tests/hf_configs, sources in its README) read
// into the calculator's model shape, their parameters counted, and compared with the entry of
// data/models.json for the same model; broken configs named field by field; the request field
// "config" and the command line's --config.
#include <catch2/catch.hpp>

#include <unistd.h>

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
        "DeepseekV32ForCausalLM, GptOssForCausalLM, Qwen3NextForCausalLM)"}},
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

}  // namespace
}  // namespace gg
