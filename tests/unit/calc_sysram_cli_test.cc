// `gpuguide calc fit --offload … --ram-gb N` and the machines' RAM sizes (calc/sysram.h, issue 31):
// an offloaded configuration whose system-RAM need exceeds the reader's size or the machine's
// maximum is left out (ram_short); one above the machine's usual fitting says so.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "calc_fixture.h"
#include "cli/calc_command.h"
#include "machines_fixture.h"

namespace gg {
namespace {

using Catch::Detail::Approx;
using Json = nlohmann::json;

// The fixture with the desktop RAM sizes of data/assumptions.json (32 GB usual, 192 GB at most)
// and its 4 GB reserve; `max_gb` replaces the desktop's maximum.
Dataset WithRam(double max_gb) {
  Dataset d = calc_test::WithMachines(calc_test::TestDataset());
  for (const auto& [id, gb] : std::vector<std::pair<std::string, double>>{
           {"ram_reserve_gb", 4}, {"ram_gb_desktop", 32}, {"ram_max_gb_desktop", max_gb}}) {
    Assumption a;
    a.id = id;
    a.number = gb;
    d.assumptions.push_back(a);
  }
  return d;
}

std::string FitText(const Dataset& data, std::vector<std::string> more) {
  std::vector<std::string> args = {
      "fit",       "--model",  "llama-3.1-70b", "--precision", "bf16",      "--context", "4096",
      "--segment", "consumer", "--offload",     "layers",      "--ram-gbs", "60"};
  args.insert(args.end(), more.begin(), more.end());
  std::ostringstream out, err;
  CHECK(RunCalcCommand(args, data, out, err) == 0);
  CHECK(err.str().empty());
  return out.str();
}

Json FitJson(const Dataset& data, std::vector<std::string> more) {
  more.push_back("--json");
  return Json::parse(FitText(data, more));
}

int Offloaded(const Json& j) {
  int n = 0;
  for (const Json& c : j["configs"]) n += c["offload"].is_object() ? 1 : 0;
  return n;
}

TEST_CASE("calc fit --offload: the system RAM decides", "[calc][cli][sysram]") {
  const Dataset data = WithRam(192);
  // 70B in BF16 (about 141 GB of weights) on a 24-32 GB card: over 100 GB in RAM, more than a
  // desktop's usual 32 GB and less than its 192 GB maximum.
  const Json usual = FitJson(data, {});
  REQUIRE(Offloaded(usual) > 0);
  CHECK(usual["ram_short"].empty());
  for (const Json& c : usual["configs"]) {
    if (!c["offload"].is_object()) continue;
    INFO(c.dump());
    const Json& ram = c["offload"]["ram"];
    CHECK(ram["verdict"] == "above_typical");
    CHECK(ram["typical_gb"] == 32);
    CHECK(ram["max_gb"] == 192);
    CHECK(ram["reader_gb"].is_null());
    CHECK(ram["reserve_bytes"] == 4000000000);
    // need = offloaded + host part + reserve, and need_gb in sold (binary) GB.
    CHECK(ram["need_bytes"].get<double>() ==
          Approx(c["offload"]["ram_bytes"].get<double>() + ram["host_bytes"].get<double>() + 4e9)
              .epsilon(1e-9));
    CHECK(ram["need_gb"].get<double>() ==
          Approx(ram["need_bytes"].get<double>() / 1073741824.0).epsilon(1e-6));
  }
  CHECK(FitText(data, {}).find("more than the machine's usual 32 GB") != std::string::npos);

  // The reader's 64 GB hold none of them; 256 GB hold them all.
  CHECK(FitText(data, {"--ram-gb", "64"})
            .find("not enough system RAM for the offloaded weights: rtx-") != std::string::npos);
  const Json small = FitJson(data, {"--ram-gb", "64"});
  CHECK(Offloaded(small) == 0);
  CHECK(small["ram_short"].size() == static_cast<size_t>(Offloaded(usual)));
  const Json big = FitJson(data, {"--ram-gb", "256"});
  CHECK(Offloaded(big) == Offloaded(usual));
  for (const Json& c : big["configs"])
    if (c["offload"].is_object()) CHECK(c["offload"]["ram"]["verdict"] == "fits");

  // A desktop board that takes at most 64 GB cannot hold them at all.
  const Json capped = FitJson(WithRam(64), {});
  CHECK(Offloaded(capped) == 0);
  CHECK(capped["ram_short"].size() == static_cast<size_t>(Offloaded(usual)));
}

TEST_CASE("calc fit --gpus with --offload: the set keeps layers in system RAM",
          "[calc][cli][sysram][mixed_offload]") {
  const Dataset data = WithRam(192);
  // 70B in BF16 on a 3090 beside a 4090 (48 GiB): without offload it does not fit.
  const Json plain = FitJson(data, {"--gpus", "rtx-3090,rtx-4090", "--offload", "none"});
  CHECK_FALSE(plain["mixed"]["fits"].get<bool>());
  CHECK(plain["mixed"]["offload"].is_null());
  const Json j = FitJson(data, {"--gpus", "rtx-3090,rtx-4090"});
  const Json& m = j["mixed"];
  INFO(m.dump());
  REQUIRE(m["offload"].is_object());
  CHECK(m["fits"].get<bool>());
  CHECK(m["offload"]["layers_on_cpu"].get<int>() > 0);
  CHECK(m["offload"]["ram_gbs"] == 60);
  CHECK(m["offload"]["ram"]["verdict"] == "above_typical");
  REQUIRE(m["tokens_per_s"].is_number());
  // Slower than the set would be if it held everything, faster than the RAM alone: every step
  // reads the RAM share at 60 GB/s.
  const double ram_seconds = m["offload"]["step_ram_bytes"].get<double>() / 60e9;
  CHECK(m["tokens_per_s"].get<double>() < 1 / ram_seconds);
  // The text says it.
  const std::string text = FitText(data, {"--gpus", "rtx-3090,rtx-4090", "--ram-gb", "32"});
  CHECK(text.find("layers in system RAM") != std::string::npos);
  CHECK(text.find("more than your 32 GB, not possible") != std::string::npos);
}

TEST_CASE("calc largest --ram-gb: only models whose offloaded weights the RAM holds",
          "[calc][cli][sysram]") {
  const Dataset data = WithRam(192);
  auto largest = [&](std::vector<std::string> more) {
    std::vector<std::string> args = {"largest", "--gpu",     "rtx-4090", "--precision",
                                     "q4_k_m",  "--offload", "layers",   "--ram-gbs",
                                     "60",      "--min-tps", "0.01",     "--json"};
    args.insert(args.end(), more.begin(), more.end());
    std::ostringstream out, err;
    REQUIRE(RunCalcCommand(args, data, out, err) == 0);
    return Json::parse(out.str());
  };
  // Without a size: up to the desktop's 192 GB. DeepSeek V3 at 4 bits (about 400 GB) is over
  // it, so a smaller model is the largest.
  const Json any = largest({});
  REQUIRE(any["model"].is_string());
  CHECK(any["model"] != "deepseek-v3");
  REQUIRE(any["ram"].is_object());
  CHECK(any["ram"]["need_gb"].get<double>() <= 192);
  // The reader's 16 GB: a smaller model still, its need within 16 GB (or nothing in RAM).
  const Json small = largest({"--ram-gb", "16"});
  REQUIRE(small["model"].is_string());
  CHECK(small["params_b"].get<double>() < any["params_b"].get<double>());
  CHECK(small["ram_gb"] == 16);
  if (small["ram"].is_object()) CHECK(small["ram"]["need_gb"].get<double>() <= 16);
}

TEST_CASE("calc fit --ram-gb: a bad size is a request error", "[calc][cli][sysram]") {
  const Dataset data = WithRam(192);
  struct Case {
    std::string value;
    std::string err;
  };
  const Case cases[] = {
      {"lots", "error: option --ram-gb expects a number of at least 0, got 'lots'\n"},
      {"0", "error: 'ram_gb' must be a RAM size in GB from 1 to 65536, got 0\n"},
      {"100000", "error: 'ram_gb' must be a RAM size in GB from 1 to 65536, got 100000\n"},
  };
  for (const Case& c : cases) {
    INFO(c.value);
    std::ostringstream out, err;
    CHECK(RunCalcCommand({"fit", "--model", "llama-3.1-70b", "--precision", "bf16", "--context",
                          "4096", "--ram-gb", c.value},
                         data, out, err) == 2);
    CHECK(err.str() == c.err);
  }
}

}  // namespace
}  // namespace gg
