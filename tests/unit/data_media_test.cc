// data/genmodels.json and data/genvalidation.json: what the loader accepts, the located
// errors it reports (unknown fields with a did-you-mean, fields of another role, ranges), and
// the guide's own files loading clean.
#include <catch2/catch.hpp>

#include <string>

#include "base/files.h"
#include "calc/media.h"
#include "data/load_dataset.h"
#include "validate/validate_dataset.h"

using namespace gg;

namespace {

// One pipeline; `denoiser_extra` and `encoder_extra` are spliced into those components.
std::string GenModels(const std::string& encoder_extra, const std::string& denoiser_extra,
                      const std::string& architecture = "mmdit") {
  return "{\"constants\": [],\n\"pipelines\": [{\"id\": \"p\", \"name\": \"P\", \"kind\": "
         "\"image\", \"release_date\": \"2025-01-01\", \"cfg\": false, \"default_steps\": 4, "
         "\"default_width\": 1024, \"default_height\": 1024, \"source\": \"s\", \"as_of\": "
         "\"2026-01-01\", \"components\": [\n"
         "{\"role\": \"text_encoder\", \"name\": \"T\", \"params_b\": 1, \"native_precision\": "
         "\"bf16\", \"layers\": 2, \"hidden_size\": 8, \"attention_heads\": 2, \"ffn_size\": 16, "
         "\"tokens\": 8, " +
         encoder_extra +
         "\"source\": \"s\", \"as_of\": \"2026-01-01\"},\n"
         "{\"role\": \"denoiser\", \"name\": \"D\", \"params_b\": 2, \"native_precision\": "
         "\"bf16\", \"layers\": 2, \"hidden_size\": 8, \"attention_heads\": 2, \"ffn_size\": 16, "
         "\"architecture\": \"" +
         architecture + "\", \"patch_size\": 2, \"text_tokens\": 8, " + denoiser_extra +
         "\"source\": \"s\", \"as_of\": \"2026-01-01\"},\n"
         "{\"role\": \"vae\", \"name\": \"V\", \"params_b\": 0.1, \"native_precision\": \"fp32\", "
         "\"latent_channels\": 16, \"spatial_compression\": 8, \"decoder_channels\": 128, "
         "\"source\": \"s\", \"as_of\": \"2026-01-01\"}]}]}\n";
}

std::string Errors(const std::string& file, const std::string& text, Dataset* ds) {
  Diagnostics d;
  LoadDataFile(file, text, ds, &d);
  return d.Render();
}

}  // namespace

TEST_CASE("genmodels.json: a pipeline and its components load", "[data][media]") {
  Dataset ds;
  REQUIRE(Errors("data/genmodels.json", GenModels("", ""), &ds) == "");
  REQUIRE(ds.media.size() == 1);
  const MediaPipeline& p = ds.media[0];
  CHECK(p.components.size() == 3);
  REQUIRE(p.Find("denoiser"));
  CHECK(p.Find("denoiser")->text_tokens == 8);
  CHECK(p.Find("denoiser")->experts == 1);
  CHECK(p.Find("vae")->temporal_compression == 1);
  CHECK(ds.FindPipeline("p") == &ds.media[0]);
}

TEST_CASE("genmodels.json: located errors", "[data][media]") {
  struct Case {
    const char* encoder_extra;
    const char* denoiser_extra;
    const char* expected;  // a substring of the rendered diagnostics
    const char* architecture = "mmdit";
  };
  const Case cases[] = {
      // A typo in a field of the denoiser.
      {"", "\"patch_sise\": 2, ", "data/genmodels.json:4:"},
      {"", "\"patch_sise\": 2, ",
       "error: unknown field 'patch_sise' in component; did you mean 'patch_size'?"},
      // A denoiser's field on a text encoder is not read, so it is unknown there.
      {"\"patch_size\": 2, ", "", "unknown field 'patch_size' in component"},
      // Out of its range of physical sense.
      {"", "\"experts\": 100, ", "experts"},
      // A cross-attention denoiser has no joint text tokens.
      {"", "", "a cross-attention denoiser ('dit') keeps its text tokens out", "dit"},
  };
  for (const Case& c : cases) {
    Dataset ds;
    const std::string text = Errors(
        "data/genmodels.json", GenModels(c.encoder_extra, c.denoiser_extra, c.architecture), &ds);
    INFO(text);
    CHECK(text.find(c.expected) != std::string::npos);
  }
}

TEST_CASE("genvalidation.json: unknown pipelines and GPUs are cross-file errors", "[data][media]") {
  Dataset ds;
  REQUIRE(Errors("data/genmodels.json", GenModels("", ""), &ds) == "");
  const std::string cases =
      "{\"cases\": [\n{\"id\": \"c\", \"kind\": \"peak_memory\", \"pipeline\": \"q\", \"gpu\": "
      "\"rtx-4090\", \"engine\": \"diffusers\", \"precision\": \"bf16\", \"width\": 1024, "
      "\"height\": 1024, \"offload\": \"none\", \"measured\": 30, \"unit\": \"GiB\", \"quote\": "
      "\"q\", \"source\": \"s\", \"date\": \"2025-01-01\"}]}\n";
  REQUIRE(Errors("data/genvalidation.json", cases, &ds) == "");
  Diagnostics d;
  ValidateDataset(ds, &d);
  const std::string text = d.Render();
  CHECK(text.find("unknown pipeline 'q' in 'pipeline'; did you mean 'p'?") != std::string::npos);
  CHECK(text.find("unknown GPU 'rtx-4090' in 'gpu'") != std::string::npos);
}

TEST_CASE("the guide's genmodels.json and genvalidation.json load clean", "[data][media]") {
  Dataset ds;
  for (const char* name : {"data/genmodels.json", "data/genvalidation.json"}) {
    std::string text;
    REQUIRE(ReadWholeFile(std::string(GG_SOURCE_DIR) + "/" + name, &text));
    INFO(name);
    CHECK(Errors(name, text, &ds) == "");
  }
  CHECK(ds.media.size() >= 12);
  Diagnostics d;
  calc::ResolveMediaConstants(ds, &d);
  CHECK(d.Render() == "");
}
