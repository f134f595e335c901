// `gpuguide calc fit|vram|largest` with --machine, --gpus, --offload, --ram-gbs, --min-tps
// (issue 31, item 8), over the calc fixture with the four machines.
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

struct Run {
  int code;
  std::string out;
  std::string err;
};

Run Calc(const std::vector<std::string>& args) {
  static const Dataset data = calc_test::WithMachines(calc_test::TestDataset());
  std::ostringstream out, err;
  int code = RunCalcCommand(args, data, out, err);
  return {code, out.str(), err.str()};
}

std::vector<std::string> Fit(std::vector<std::string> more) {
  std::vector<std::string> args = {"fit",    "--model",   "llama-3.1-70b", "--precision",
                                   "q4_k_m", "--context", "8192"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("calc fit: every configuration names its machine, power and PSU",
          "[calc][cli][placement]") {
  Run r = Calc(Fit({"--json"}));
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  CHECK(j["machine"].is_null());
  REQUIRE(!j["configs"].empty());
  for (const Json& c : j["configs"]) {
    INFO(c.dump());
    const std::string gpu = c["gpu"];
    CHECK(c["machine"] == (gpu == "h100-sxm"              ? "server-hgx-8"
                           : c["segment"] == "datacenter" ? "server-pcie-4"
                                                          : "desktop"));
    CHECK(c["power_w"].is_number());
    CHECK(c["psu_w"].is_number());
    if (c["machine"] == "desktop") CHECK(c["count"].get<int>() <= 2);
  }
  // 70B at 4 bits (about 42 GB) on 24 GB cards: two in a desktop, 2 × 350 + 250 W.
  bool found = false;
  for (const Json& c : j["configs"])
    if (c["gpu"] == "rtx-3090") {
      found = true;
      CHECK(c["count"] == 2);
      CHECK(c["power_w"].get<double>() == Approx(950));
      CHECK(c["psu_w"].get<double>() == Approx(1200));
    }
  CHECK(found);
  // The text names the default and each row's machine.
  Run text = Calc(Fit({}));
  REQUIRE(text.code == 0);
  CHECK(text.out.find("machine: a desktop for consumer and workstation cards") !=
        std::string::npos);
  CHECK(text.out.find("desktop") != std::string::npos);
  // A workstation takes up to four cards; the old "server" still works.
  Run ws = Calc(Fit({"--machine", "workstation", "--json"}));
  REQUIRE(ws.code == 0);
  CHECK(Json::parse(ws.out)["machine"] == "workstation");
  Run server = Calc(Fit({"--machine", "server", "--json"}));
  REQUIRE(server.code == 0);
  for (const Json& c : Json::parse(server.out)["configs"])
    CHECK(c["machine"] == (c["gpu"] == "h100-sxm" ? "server-hgx-8" : "server-pcie-4"));
}

TEST_CASE("calc fit --gpus: a mixed set in one machine", "[calc][cli][placement]") {
  Run r = Calc(Fit({"--gpus", "rtx-3090,rtx-4090", "--json"}));
  REQUIRE(r.code == 0);
  const Json m = Json::parse(r.out)["mixed"];
  REQUIRE(m.is_object());
  CHECK(m["gpus"] == Json::array({"rtx-3090", "rtx-4090"}));
  CHECK(m["machine"] == "desktop");
  CHECK(m["build"]["limit"] == "fits");
  CHECK(m["build"]["power_w"].get<double>() == Approx(350 + 450 + 250));
  CHECK(m["fractions"][0].get<double>() == Approx(0.5));  // same memory: half each
  CHECK(m["fits"] == true);
  CHECK(m["warnings"] == Json::array({"no_p2p"}));
  Run text = Calc(Fit({"--gpus", "rtx-3090,rtx-4090"}));
  CHECK(text.out.find("mixed set: rtx-3090 rtx-4090") != std::string::npos);
  CHECK(text.out.find("50.0 % of the layers") != std::string::npos);
  // Three in a desktop: the machine says no.
  Run three = Calc(Fit({"--gpus", "rtx-3090,rtx-3090,rtx-4090", "--json"}));
  REQUIRE(three.code == 0);
  CHECK(Json::parse(three.out)["mixed"]["build"]["limit"] == "slots");
}

TEST_CASE("calc fit --offload and calc largest", "[calc][cli][placement]") {
  // 70B at 16 bits does not fit one 24 GB card; with layers in RAM it does, slowly.
  Run r = Calc({"fit", "--model", "llama-3.1-70b", "--precision", "bf16", "--context", "4096",
                "--segment", "consumer", "--offload", "layers", "--ram-gbs", "60", "--json"});
  REQUIRE(r.code == 0);
  const Json j = Json::parse(r.out);
  bool offloaded = false;
  for (const Json& c : j["configs"])
    if (c["offload"].is_object()) {
      offloaded = true;
      CHECK(c["count"] == 1);
      CHECK(c["offload"]["ram_gbs"].get<double>() == Approx(60));
      CHECK(c["offload"]["layers_on_cpu"].get<int>() > 0);
      CHECK(c["tokens_per_s"].get<double>() < 5);
    }
  CHECK(offloaded);
  // A minimum speed moves the slow ones aside.
  Run slow = Calc({"fit", "--model", "llama-3.1-70b", "--precision", "bf16", "--context", "4096",
                   "--segment", "consumer", "--offload", "layers", "--ram-gbs", "60", "--min-tps",
                   "5", "--json"});
  REQUIRE(slow.code == 0);
  CHECK(!Json::parse(slow.out)["too_slow"].empty());
  Run largest =
      Calc({"largest", "--gpu", "rtx-4090", "--precision", "q4_k_m", "--min-tps", "20", "--json"});
  REQUIRE(largest.code == 0);
  const Json l = Json::parse(largest.out);
  CHECK(l["machine"] == "desktop");
  REQUIRE(l["model"].is_string());
  CHECK(l["tokens_per_s"].get<double>() >= 20);
}

TEST_CASE("calc: bad --machine, --gpus, --offload, --ram-gbs, all said in one run",
          "[calc][cli][placement]") {
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string err;
  };
  const Case cases[] = {
      {Fit({"--machine", "dekstop"}), 2,
       "error: unknown machine 'dekstop'; did you mean 'desktop'?\n"},
      {Fit({"--gpus", "rtx-309,rtx-4090"}), 2,
       "error: unknown GPU 'rtx-309'; did you mean 'rtx-3090'?\n"},
      {Fit({"--offload", "cpu"}), 2,
       "error: unknown offload 'cpu'; expected one of none, layers, experts\n"},
      {Fit({"--offload", "layer"}), 2, "error: unknown offload 'layer'; did you mean 'layers'?\n"},
      {Fit({"--ram-gbs", "fast"}), 2,
       "error: option --ram-gbs expects a number of at least 0, got 'fast'\n"},
      {Fit({"--machine", "dekstop", "--offload", "cpu", "--gpus", "rtx-4090,rtx-409"}), 2,
       "error: unknown machine 'dekstop'; did you mean 'desktop'?\n"
       "error: unknown GPU 'rtx-409'; did you mean 'rtx-4090'?\n"
       "error: unknown offload 'cpu'; expected one of none, layers, experts\n"},
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
