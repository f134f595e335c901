#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "calc_fixture.h"
#include "cli/calc_command.h"

namespace gg {
namespace {

using Catch::Detail::Approx;

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Calc(const std::vector<std::string>& args, const Dataset& data = calc_test::TestDataset()) {
  std::ostringstream out, err;
  int code = RunCalcCommand(args, data, out, err);
  return {code, out.str(), err.str()};
}

TEST_CASE("calc vram --json: the breakdown keys", "[calc][cli]") {
  Run r =
      Calc({"vram", "--model", "llama-2-7b", "--precision", "bf16", "--context", "4096", "--json"});
  REQUIRE(r.code == 0);
  CHECK(r.err == "");
  auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"params", "weights_bytes", "kv_cache_bytes", "activations_bytes",
                          "gradients_bytes", "optimizer_bytes", "overhead_bytes", "total_bytes"}) {
    INFO(key);
    CHECK(j.contains(key));
  }
  CHECK(j["params"] == 6740000000LL);
  CHECK(j["weights_bytes"] == 13480000000LL);     // 6.74e9 × 2 B
  CHECK(j["kv_cache_bytes"] == 524288LL * 4096);  // 0.5 MiB per token
  // On the GPU: weights less the 32,000 × 4,096 × 2 B embedding table llama.cpp keeps in
  // system RAM, the cache, and the compute buffer of a 512-token micro-batch (logits
  // 512 × 32,000 × 4 B + FFN 512 × 11,008 × 4 B, FlashAttention on).
  CHECK(j["host_bytes"] == 32000LL * 4096 * 2);
  CHECK(j["overhead_bytes"] == 512LL * 32000 * 4 + 512LL * 11008 * 4);
  CHECK(j["total_bytes"].get<double>() ==
        Approx(13.48e9 - 32000.0 * 4096 * 2 + 524288.0 * 4096 + 512.0 * (32000 + 11008) * 4));
  CHECK(j["model"] == "llama-2-7b");
  CHECK(j["mode"] == "inference");
  CHECK(j["cuda_context_bytes_per_gpu"] == 350000000);
  CHECK(j["flash_attention"] == true);
  CHECK(j["optimizer"] == "adamw");

  Run full = Calc({"vram", "--model=llama-2-7b", "--precision=bf16", "--mode=full",
                   "--checkpointing", "--json"});
  REQUIRE(full.code == 0);
  auto f = nlohmann::json::parse(full.out);
  CHECK(f["context"] == 2048);  // the training sequence length
  CHECK(f["optimizer_bytes"] == 12LL * 6740000000LL);
  CHECK(f["gradient_checkpointing"] == true);
}

TEST_CASE("calc vram: table in GB and GiB", "[calc][cli]") {
  Run r = Calc({"vram", "--model", "llama-3.1-8b", "--precision", "q4_k_m", "--context", "8192"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("weights") != std::string::npos);
  CHECK(r.out.find("GiB") != std::string::npos);
  CHECK(r.out.find("4.87") != std::string::npos);  // 8.03e9 × 4.85 / 8 = 4.87 GB
  CHECK(r.out.find("plus 0.35 GB of CUDA context on each GPU") != std::string::npos);
}

TEST_CASE("calc fit --json", "[calc][cli]") {
  // 70B in Q4_K_M with 8K of context: two used 24 GB cards (the home build people run).
  Run r = Calc({"fit", "--model", "llama-3.1-70b", "--precision", "q4_k_m", "--context", "8192",
                "--segment", "consumer", "--condition", "used", "--json"});
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["configs"].is_array());
  REQUIRE_FALSE(j["configs"].empty());
  for (const auto& c : j["configs"]) {
    for (const char* key : {"gpu", "count", "precision", "precision_substituted", "per_gpu_bytes",
                            "price_usd", "tokens_per_s"})
      CHECK(c.contains(key));
    CHECK(c["count"].get<int>() <= 4);  // one desktop
  }
  // Four used 12 GB RTX 3060s hold it too (per card 11.37 + 0.32 + 0.35 GB ≤ 12.24) and cost
  // less than two used RTX 3090s (2 × 800 USD).
  CHECK(j["cheapest"]["gpu"] == "rtx-3060");
  CHECK(j["cheapest"]["count"] == 4);
  CHECK(j["cheapest"]["condition"] == "used");
  bool two_3090s = false;
  for (const auto& c : j["configs"])
    if (c["gpu"] == "rtx-3090") two_3090s = c["count"] == 2 && c["price_usd"] == 1600.0;
  CHECK(two_3090s);
  // BF16 weights (141 GB) fit no desktop of four consumer cards.
  Run bf16 = Calc({"fit", "--model", "llama-3.1-70b", "--precision", "bf16", "--context", "8192",
                   "--segment", "consumer", "--json"});
  REQUIRE(bf16.code == 0);
  CHECK(nlohmann::json::parse(bf16.out)["configs"].empty());
}

TEST_CASE("calc breakeven: the 2020 example", "[calc][cli]") {
  Run r = Calc({"breakeven", "--desktop-cost", "2200", "--desktop-watts", "450", "--cloud-per-hour",
                "2.14", "--utilisation", "0.15", "--electricity", "0.12", "--json"},
               Dataset{});  // needs no data
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["break_even_days"].get<double>() == Approx(292.96).epsilon(1e-4));
  CHECK(j["electricity_usd_per_year"].get<double>() == Approx(70.956));
  Run never = Calc({"breakeven", "--desktop-cost", "2200", "--desktop-watts", "450",
                    "--cloud-per-hour", "0", "--utilisation", "0.15", "--electricity", "0.12"});
  REQUIRE(never.code == 0);
  CHECK(never.out.find("no break-even") != std::string::npos);
}

TEST_CASE("calc rank --json", "[calc][cli]") {
  Run r = Calc({"rank", "--workload", "training16", "--cost", "gpu", "--json"});
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  CHECK(j["baseline"] == "rtx-4090");
  REQUIRE(j["ranking"].size() == 13);
  CHECK(j["ranking"][0]["gpu"] == "rtx-2080-ti");
  CHECK(j["ranking"][0]["rank"] == 1);
  CHECK(j["ranking"][0]["source"] == "measured");
  Run none = Calc({"rank", "--workload", "training16", "--cost", "none"});
  REQUIRE(none.code == 0);
  const size_t table = none.out.find('\n');
  CHECK(none.out.find("h100-sxm", table) < none.out.find("rtx-4090", table));
}

TEST_CASE("calc: command-line errors", "[calc][cli]") {
  struct Case {
    std::vector<std::string> args;
    int code;
    const char* err;
  };
  const Case cases[] = {
      {{"vram", "--model", "llama-3.1-8", "--precision", "bf16", "--context", "1"},
       2,
       "error: unknown model 'llama-3.1-8'; did you mean 'llama-3.1-8b'?\n"},
      {{"vram", "--model", "mistral", "--precision", "bf16", "--context", "1"},
       2,
       "error: unknown model 'mistral'\n"},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "bf61", "--context", "1"},
       2,
       "error: unknown precision 'bf61'; did you mean 'bf16'?\n"},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "bf16", "--context", "lots"},
       2,
       "error: option --context expects a whole number of at least 1, got 'lots'\n"},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "bf16", "--context", "-5"},
       2,
       "error: option --context expects a whole number of at least 1, got '-5'\n"},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "bf16"},
       2,
       "error: 'calc vram' needs --context\n"},
      {{"vram", "--modell", "llama-3.1-8b"},
       2,
       "error: unknown option '--modell' for 'calc vram'; did you mean '--model'?\n"},
      {{"vram", "--model"}, 2, "error: option --model needs a value\n"},
      {{"vram", "--model", "x", "stray"},
       2,
       "error: unexpected argument 'stray' for 'calc vram'\n"},
      {{"vram", "--json=yes"}, 2, "error: option --json takes no value\n"},
      {{"vram", "--model", "llama-3.1-8b", "--precision", "bf16", "--context", "1", "--mode",
        "lora2"},
       2,
       "error: unknown mode 'lora2'; did you mean 'lora'?\n"},
      {{"fit", "--model", "llama-3.1-8b", "--precision", "bf16", "--context", "1", "--segment",
        "gaming"},
       2,
       "error: unknown segment 'gaming'; expected one of consumer, workstation, datacenter\n"},
      {{"breakeven", "--desktop-cost", "2,200"},
       2,
       "error: option --desktop-cost expects a number of at least 0, got '2,200'\n"},
      {{"breakeven", "--desktop-cost", "2200"},
       2,
       "error: 'calc breakeven' needs --desktop-watts\n"},
      {{"breakeven", "--desktop-cost", "2200", "--desktop-watts", "450", "--cloud-per-hour", "2",
        "--utilisation", "15", "--electricity", "0.12"},
       2,
       "error: option --utilisation expects a fraction between 0 and 1, got '15'\n"},
      {{"rank", "--workload", "training"},
       2,
       "error: unknown workload 'training'; did you mean 'training16'?\n"},
      {{"rank", "--workload", "training16", "--cost", "owner"},
       2,
       "error: unknown cost basis 'owner'; expected one of none, gpu, ownership\n"},
      {{"rnak"}, 2, "error: unknown calc command 'rnak'; did you mean 'rank'?\n"},
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

TEST_CASE("calc: help, no command, broken assumptions", "[calc][cli]") {
  Run help = Calc({"--help"});
  CHECK(help.code == 0);
  CHECK(help.out.find("usage: gpuguide calc") == 0);
  CHECK(Calc({"vram", "--help"}).code == 0);
  Run empty = Calc({});
  CHECK(empty.code == 2);
  CHECK(empty.err.find("error: 'calc' needs a command\n") == 0);

  Dataset d = calc_test::TestDataset();
  d.assumptions.pop_back();  // bits_nf4
  Run r = Calc({"vram", "--model", "llama-2-7b", "--precision", "bf16", "--context", "1"}, d);
  CHECK(r.code == 1);
  CHECK(r.err == "data/assumptions.json: error: missing assumption 'bits_nf4'\n");
}

// The fuzzer's find (CI, 2026-11-28): a refusal that echoes an argument which is not UTF-8 made
// the JSON printer throw. Every --json answer is valid JSON; the bad bytes become U+FFFD.
TEST_CASE("calc --json: an argument that is not UTF-8 is refused as valid JSON", "[calc][cli]") {
  const std::vector<std::vector<std::string>> cases = {
      {"vram", "--model", "llama\xF6-3", "--precision", "bf16", "--context", "1", "--json"},
      {"fit", "--model", "llama-3.1-8b", "--precision", "bf16", "--context", "1", "--segment",
       "\xF6\xFF", "--json"},
      {"rank", "--workload", "\xC3", "--json"},
      {"vram",
       "--mod\xF6"
       "el",
       "x", "--json"},
  };
  for (const auto& args : cases) {
    Run r = Calc(args);
    INFO(r.out);
    CHECK(r.code == 2);
    nlohmann::json j;
    REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
    CHECK(j["error"]["messages"][0].get<std::string>().find("\xEF\xBF\xBD") != std::string::npos);
  }
}

}  // namespace
}  // namespace gg
