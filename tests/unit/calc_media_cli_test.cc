// `gpuguide calc media`: the command line over calcapi's "media" request, on the guide's own
// gpus.json, assumptions.json, cloud.json and genmodels.json.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "base/files.h"
#include "cli/calc_command.h"
#include "data/load_dataset.h"

namespace gg {
namespace {

const Dataset& MediaData() {
  static const Dataset data = [] {
    Dataset ds;
    Diagnostics d;
    for (const char* name :
         {"data/gpus.json", "data/cloud.json", "data/assumptions.json", "data/genmodels.json"}) {
      std::string text;
      ReadWholeFile(std::string(GG_SOURCE_DIR) + "/" + name, &text);
      LoadDataFile(name, text, &ds, &d);
    }
    return ds;
  }();
  return data;
}

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Calc(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int code = RunCalcCommand(args, MediaData(), out, err);
  return {code, out.str(), err.str()};
}

TEST_CASE("calc media --json: FLUX.1 [dev] in FP8 at 1024 x 1024", "[calc][cli][media]") {
  Run r = Calc({"media", "--pipeline", "flux.1-dev", "--precision", "fp8", "--width", "1024",
                "--height", "1024", "--offload", "phases", "--gpu", "rtx-4090", "--json"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  // 1024 / 8 / 2 = 64 tokens a side; + 512 T5 tokens in the joint attention.
  CHECK(j["tokens"]["image_tokens"] == 4096);
  CHECK(j["tokens"]["attention_tokens"] == 4608);
  // CLIP-L 0.123B and T5 4.89B in BF16, the transformer 11.9B in FP8, the VAE 0.0838B in BF16.
  CHECK(j["weights_bytes"] == 246000000LL + 9780000000LL + 11900000000LL + 167600000LL);
  CHECK(j["steps"] == 28);  // the pipeline's default
  CHECK(j["passes"] == 1);  // guidance-distilled
  CHECK(j["phases"].size() == 3);
  CHECK(j["offload"] == "phases");
  // System RAM: the transformer and the VAE wait there while the encoders run (12.07 GB), the
  // encoders afterwards (10.03 GB); the larger counts.
  CHECK(j["host_bytes"] == 11900000000LL + 167600000LL);
  CHECK(j["gpu"]["id"] == "rtx-4090");
  CHECK(j["gpu"]["fits"] == true);
  CHECK(j["gpu"]["seconds_per_video_second"].is_null());
  CHECK(j["gpu"]["total_seconds"].get<double>() > 0);
  // The table names each phase and the peak.
  Run table = Calc({"media", "--pipeline", "flux.1-dev", "--precision", "fp8", "--width", "1024",
                    "--height", "1024", "--offload", "model"});
  REQUIRE(table.code == 0);
  CHECK(table.out.find("text_encoding") != std::string::npos);
  CHECK(table.out.find("peak ") != std::string::npos);
  CHECK(table.out.find("GB of weights in system RAM") != std::string::npos);
}

TEST_CASE("calc media: a video's time per second of clip", "[calc][cli][media]") {
  Run r = Calc({"media", "--pipeline", "wan2.1-t2v-14b", "--precision", "q4_k", "--width", "1280",
                "--height", "720", "--frames", "81", "--steps", "10", "--offload", "sequential",
                "--tiled-vae", "--gpu", "rtx-5090", "--json"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  // (81 - 1) / 4 + 1 = 21 latent frames of 90 x 160, tokens 2 x 2: 21 x 45 x 80.
  CHECK(j["tokens"]["latent_frames"] == 21);
  CHECK(j["tokens"]["image_tokens"] == 75600);
  CHECK(j["passes"] == 2);
  const double clip_seconds = 81.0 / 16;
  CHECK(j["gpu"]["seconds_per_video_second"].get<double>() ==
        Approx(j["gpu"]["total_seconds"].get<double>() / clip_seconds));
}

TEST_CASE("calc media: bad command lines", "[calc][cli][media]") {
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* err;
  };
  const Case cases[] = {
      {{"media", "--pipeline", "flux-1-dev", "--precision", "bf16", "--width", "1024", "--height",
        "1024"},
       2,
       "error: unknown pipeline 'flux-1-dev'; did you mean 'flux.1-dev'?\n"},
      {{"media", "--pipeline", "flux.1-dev", "--precision", "bf16", "--width", "1024"},
       2,
       "error: 'calc media' needs --height\n"},
      {{"media", "--pipeline", "flux.1-dev", "--precision", "q4_k_m", "--width", "1024", "--height",
        "1024"},
       2,
       "error: unknown precision 'q4_k_m'; did you mean 'q4_k'?\n"},
      {{"media", "--pipeline", "flux.1-dev", "--precision", "bf16", "--width", "1024", "--height",
        "1024", "--frames", "5"},
       2,
       "error: pipeline 'flux.1-dev' makes images: 'frames' must be 1, got 5\n"},
      {{"media", "--pipeline", "flux.1-dev", "--precision", "bf16", "--width", "32", "--height",
        "1024", "--offload", "cpu"},
       2,
       "error: 'width' must be a whole number from 64 to 16384, got 32\n"
       "error: unknown offload mode 'cpu'; expected one of none, phases, model, sequential\n"},
  };
  for (const Case& c : cases) {
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    INFO(joined);
    Run r = Calc(c.args);
    CHECK(r.code == c.code);
    CHECK(r.err == c.err);
    CHECK(r.out == "");
  }
}

}  // namespace
}  // namespace gg
