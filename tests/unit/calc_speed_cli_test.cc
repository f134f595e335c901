// `gpuguide calc validation`, and `calc fit|maxctx` with --engine, --users and --prompt, on the
// guide's own data (gpus, models, prices, assumptions, engines and validation cases).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "base/files.h"
#include "cli/calc_command.h"
#include "data/load_dataset.h"

namespace gg {
namespace {

const Dataset& GuideData() {
  static const Dataset data = [] {
    Dataset ds;
    Diagnostics d;
    for (const char* name :
         {"data/gpus.json", "data/models.json", "data/prices.json", "data/cloud.json",
          "data/assumptions.json", "data/engines.json", "data/validation.json"}) {
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
  int code = RunCalcCommand(args, GuideData(), out, err);
  return {code, out.str(), err.str()};
}

}  // namespace

TEST_CASE("calc validation: errors per class and leave-one-source-out", "[calc][cli][speed]") {
  Run r = Calc({"validation"});
  REQUIRE(r.code == 0);
  for (const char* part : {"decode lines", "prefill lines", "engine factors", "five worst",
                           "leave-one-source-out", "discrete", "datacenter", "unified"})
    CHECK(r.out.find(part) != std::string::npos);
  Run j = Calc({"validation", "--json"});
  REQUIRE(j.code == 0);
  auto json = nlohmann::json::parse(j.out);
  CHECK(json["cases"].size() >= 60);
  // The targets on the whole table: median |error| ≤ 12 % decode, ≤ 25 % prefill, and
  // no hardware class biased by more than 10 % on median.
  for (const auto& s : json["summary"]) {
    const std::string cls = s["class"];
    const double median = s["errors"]["median_abs"], bias = s["errors"]["median_signed"];
    if (cls == "all") CHECK(median <= (s["kind"] == "decode" ? 0.12 : 0.25));
    if (cls == "discrete" || cls == "datacenter" || cls == "unified") CHECK(std::abs(bias) <= 0.10);
  }
}

TEST_CASE("calc fit --engine --users --prompt", "[calc][cli][speed]") {
  Run r = Calc({"fit", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context", "8192",
                "--engine", "mlx", "--users", "4", "--prompt", "2048", "--json"});
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  // MLX runs on Apple silicon only: every NVIDIA card is left out and listed.
  const auto& out = j["engine_unsupported"];
  CHECK(std::find(out.begin(), out.end(), "rtx-4090") != out.end());
  for (const auto& c : j["configs"]) {
    CHECK(c["engine"]["id"] == "mlx/metal");
    CHECK(c["serving"]["users"] == 4);
    CHECK(c["serving"]["prompt_tokens"] == 2048);
    CHECK(c["tokens_per_s"] == c["serving"]["aggregate_tokens_per_s"]);
  }
  // The text answer names what is left out.
  Run text = Calc({"fit", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context", "8192",
                   "--engine", "mlx"});
  CHECK(text.out.find("mlx does not run on:") != std::string::npos);
  // Users and batch are the same thing: both, different, is an error.
  Run both = Calc({"fit", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context", "8192",
                   "--users", "4", "--batch", "2"});
  CHECK(both.code == 2);
  CHECK(both.err.find("'users' and 'batch'") != std::string::npos);
  Run unknown = Calc({"fit", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context",
                      "8192", "--engine", "llama.cpp/cuad"});
  CHECK(unknown.code == 2);
  CHECK(unknown.err.find("did you mean 'cuda'") != std::string::npos);
}

TEST_CASE("calc maxctx --engine on a card it does not run on", "[calc][cli][speed]") {
  Run r = Calc({"maxctx", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--gpu", "rtx-4090",
                "--engine", "mlx"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("mlx does not run on rtx-4090") != std::string::npos);
}

}  // namespace gg
