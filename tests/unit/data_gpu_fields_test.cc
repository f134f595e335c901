// gpus.json fp4_tflops and availability, models.json dsa_indexer: what the loader accepts, the
// located errors it reports, and that the real data states fp4_tflops for every GPU.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "../sites/site_fixture.h"
#include "data/load_dataset.h"

using namespace gg;

namespace {

// One GPU on line 2; `extra` is spliced before "source".
std::string GpuLine(const std::string& tensor_cores, const std::string& extra) {
  return "{\"id\": \"x\", \"name\": \"X\", \"vendor\": \"nvidia\", \"architecture\": \"A\", "
         "\"launch_date\": \"2025-01-30\", \"segment\": \"consumer\", \"memory_gb\": 32, "
         "\"memory_type\": \"G\", \"bandwidth_gbs\": 1792, \"l2_mb\": 96, \"tensor_cores\": \"" +
         tensor_cores +
         "\", \"fp16_tflops\": 209.5, \"fp8_tflops\": 419, \"int8_tops\": null, \"tdp_w\": 575, "
         "\"slots\": 2, \"nvlink_gbs\": 0, \"pcie_gen\": 5, \"form_factor\": \"pcie\", "
         "\"launch_price_usd\": null, " +
         extra + "\"source\": \"s\", \"as_of\": \"2026-01-01\"}";
}

std::string GpusJson(const std::string& line) {
  return "{\"gpus\": [\n" + line + "\n]}\n";
}

// "data/gpus.json:2:<column of the value of key>: error: <message>\n"
std::string ErrorAt(const std::string& line, const std::string& key, const std::string& message) {
  const std::string prefix = "\"" + key + "\": ";
  const size_t col = line.find(prefix) + prefix.size() + 1;
  return "data/gpus.json:2:" + std::to_string(col) + ": error: " + message + "\n";
}

std::string Errors(const std::string& file, const std::string& text, Dataset* ds) {
  Diagnostics d;
  LoadDataFile(file, text, ds, &d);
  return d.Render();
}

}  // namespace

TEST_CASE("data: fp4_tflops is read, optional, and bound to FP4 matrix units", "[data]") {
  {
    Dataset ds;
    REQUIRE(Errors("data/gpus.json", GpusJson(GpuLine("blackwell", "\"fp4_tflops\": 1676, ")),
                   &ds) == "");
    REQUIRE(ds.gpus.size() == 1);
    REQUIRE(ds.gpus[0].fp4_tflops.has_value());
    CHECK(*ds.gpus[0].fp4_tflops == 1676);
  }
  for (const std::string extra : {"", "\"fp4_tflops\": null, "}) {
    Dataset ds;
    REQUIRE(Errors("data/gpus.json", GpusJson(GpuLine("ada", extra)), &ds) == "");
    CHECK_FALSE(ds.gpus[0].fp4_tflops.has_value());
  }
  struct Case {
    const char* name;
    std::string tensor_cores;
    std::string value;
    std::string message;
  } cases[] = {
      {"FP4 on a card without FP4 units", "ada", "330",
       "fp4_tflops is set but tensor_cores 'ada' has no FP4 matrix units (only 'blackwell' and "
       "'cdna4' do); use null"},
      {"FP4 slower than FP8", "blackwell", "200",
       "fp4_tflops must be at least fp8_tflops (FP4 units run FP8 too, never faster)"},
      {"a unit mistake", "blackwell", "1676000",
       "field 'fp4_tflops' of GPU is 1676000, outside its range 0.1 to 400000; see the ranges in "
       "data/README.md"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const std::string line = GpuLine(c.tensor_cores, "\"fp4_tflops\": " + c.value + ", ");
    Dataset ds;
    CHECK(Errors("data/gpus.json", GpusJson(line), &ds) == ErrorAt(line, "fp4_tflops", c.message));
  }
}

TEST_CASE("data: availability lists the regions of a region-only SKU", "[data]") {
  {
    Dataset ds;
    REQUIRE(Errors("data/gpus.json", GpusJson(GpuLine("blackwell", "\"availability\": [\"CN\"], ")),
                   &ds) == "");
    CHECK(ds.gpus[0].availability == std::vector<std::string>{"CN"});
  }
  {
    Dataset ds;
    REQUIRE(Errors("data/gpus.json", GpusJson(GpuLine("blackwell", "")), &ds) == "");
    CHECK(ds.gpus[0].availability.empty());  // sold everywhere
  }
  struct Case {
    const char* name;
    std::string value;
    std::string message;
  } cases[] = {
      {"unknown region", "[\"CH\"]", "'CH' is not allowed in 'availability'; did you mean 'CN'?"},
      {"no region", "[]", "availability lists no region; remove it for a card sold everywhere"},
      {"a region twice", "[\"CN\", \"CN\"]", "availability names a region twice"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const std::string line = GpuLine("blackwell", "\"availability\": " + c.value + ", ");
    Dataset ds;
    const std::string got = Errors("data/gpus.json", GpusJson(line), &ds);
    CHECK(got.find(c.message) != std::string::npos);
    CHECK(got.rfind(ErrorAt(line, "availability", "").substr(0, 18), 0) == 0);  // line 2
  }
}

TEST_CASE("data: dsa_indexer is read on MLA models and refused elsewhere", "[data]") {
  auto model = [](const std::string& mla, const std::string& extra) {
    return "{\"models\": [\n"
           "{\"id\": \"m\", \"name\": \"M\", \"family\": \"F\", \"release_date\": \"2025-12-01\", "
           "\"params_b\": 1, \"active_params_b\": 1, \"layers\": 4, \"hidden_size\": 8, "
           "\"intermediate_size\": 8, \"attention_heads\": 2, \"kv_heads\": 2, \"head_dim\": 4, "
           "\"vocab_size\": 8, \"max_context\": 64, \"experts\": null, \"mla\": " +
           mla + ", \"native_precision\": \"fp8\", " + extra +
           "\"source\": \"s\", \"as_of\": \"2026-01-01\"}\n]}\n";
  };
  const std::string indexer =
      "\"dsa_indexer\": {\"head_dim\": 128, \"heads\": 64, \"topk\": 2048}, ";
  {
    Dataset ds;
    REQUIRE(Errors("data/models.json",
                   model("{\"kv_lora_rank\": 512, \"qk_rope_head_dim\": 64}", indexer), &ds) == "");
    REQUIRE(ds.models[0].dsa_indexer.has_value());
    CHECK(ds.models[0].dsa_indexer->head_dim == 128);
    CHECK(ds.models[0].dsa_indexer->heads == 64);
    CHECK(ds.models[0].dsa_indexer->topk == 2048);
  }
  Dataset ds;
  const std::string text = model("null", indexer);
  const size_t line_start = text.find('\n') + 1;
  const size_t col = text.find("\"dsa_indexer\": ") - line_start + 16;
  CHECK(Errors("data/models.json", text, &ds) ==
        "data/models.json:2:" + std::to_string(col) +
            ": error: dsa_indexer describes DeepSeek Sparse Attention over multi-head latent "
            "attention, but model 'm' has no 'mla'\n");
}

TEST_CASE("data: every GPU of data/gpus.json states fp4_tflops and only FP4 cards a number",
          "[data]") {
  const auto text = testing::ReadFileOrEmpty(testing::SourceDir() / "data" / "gpus.json");
  REQUIRE_FALSE(text.empty());
  const auto doc = nlohmann::json::parse(text);
  int with_fp4 = 0;
  for (const auto& g : doc.at("gpus")) {
    INFO(g.at("id").get<std::string>());
    REQUIRE(g.contains("fp4_tflops"));
    if (!g.at("fp4_tflops").is_null()) {
      ++with_fp4;
      const std::string tc = g.at("tensor_cores").get<std::string>();
      CHECK((tc == "blackwell" || tc == "cdna4"));
    }
  }
  CHECK(with_fp4 >= 12);  // the GeForce, RTX PRO and data-centre Blackwells, CDNA 4, DGX Spark
}
