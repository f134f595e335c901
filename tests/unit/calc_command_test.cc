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
  CHECK(j["total_bytes"].get<double>() == Approx(1.2 * (13.48e9 + 524288.0 * 4096)));
  CHECK(j["model"] == "llama-2-7b");
  CHECK(j["mode"] == "inference");
  CHECK(j["cuda_context_bytes_per_gpu"] == 750000000);

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
  CHECK(r.out.find("plus 0.75 GB of CUDA context on each GPU") != std::string::npos);
}

TEST_CASE("calc fit --json", "[calc][cli]") {
  Run r = Calc({"fit", "--model", "llama-3.1-70b", "--precision", "bf16", "--context", "8192",
                "--segment", "consumer", "--condition", "used", "--json"});
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  REQUIRE(j["configs"].is_array());
  REQUIRE_FALSE(j["configs"].empty());
  for (const auto& c : j["configs"]) {
    for (const char* key : {"gpu", "count", "per_gpu_bytes", "price_usd", "tokens_per_s"})
      CHECK(c.contains(key));
  }
  CHECK(j["cheapest"]["gpu"] == "rtx-3090");
  CHECK(j["cheapest"]["count"] == 8);
  CHECK(j["cheapest"]["price_usd"] == 6400.0);
  CHECK(j["cheapest"]["condition"] == "used");
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

}  // namespace
}  // namespace gg
