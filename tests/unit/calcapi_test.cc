#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "calc_fixture.h"
#include "calcapi/calc_api.h"
#include "cli/calc_command.h"

namespace gg {
namespace {

TEST_CASE("calcapi: the text answer equals the command line's --json output", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  std::ostringstream out, err;
  REQUIRE(RunCalcCommand({"fit", "--model", "llama-3.1-70b", "--precision", "q4_k_m", "--context",
                          "8192", "--segment", "consumer", "--json"},
                         data, out, err) == 0);
  CHECK(calcapi::AnswerRequestText(
            data,
            R"({"command": "fit", "model": "llama-3.1-70b", "precision": "q4_k_m",
                "context": 8192, "segments": ["consumer"]})") == out.str());
}

TEST_CASE("calcapi: every problem of a request in one answer", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  struct Case {
    const char* request;
    std::vector<std::string> messages;
  };
  const Case cases[] = {
      {"[1]", {"a request must be a JSON object"}},
      {"{\"command\": ", {"request is not valid JSON"}},
      {R"({"command": "vrma"})", {"unknown calc command 'vrma'; did you mean 'vram'?"}},
      {R"({"command": "vram", "model": "llama-3.1-8", "precision": 4, "contxt": 5})",
       {"unknown model 'llama-3.1-8'; did you mean 'llama-3.1-8b'?",
        "'precision' must be a string, got 4", "'vram' request needs 'context'",
        "unknown field 'contxt' in a 'vram' request; did you mean 'context'?"}},
      {R"({"command": "fit", "model": "llama-3.1-8b", "precision": "bf16", "context": 0,
           "segments": ["gaming"], "max_gpus": 5000})",
       {"'context' must be a whole number of at least 1, got 0",
        "unknown segment 'gaming'; expected one of consumer, workstation, datacenter",
        "'max_gpus' must be a whole number from 1 to 4096, got 5000"}},
      {R"({"command": "breakeven", "desktop_cost_usd": -1, "utilisation": 2})",
       {"'desktop_cost_usd' must be a number of at least 0, got -1",
        "'breakeven' request needs 'desktop_watts'",
        "'breakeven' request needs 'cloud_usd_per_hour'",
        "'utilisation' must be a fraction between 0 and 1, got 2",
        "'breakeven' request needs 'electricity_usd_per_kwh'"}},
  };
  for (const Case& c : cases) {
    INFO(c.request);
    auto answer = nlohmann::json::parse(calcapi::AnswerRequestText(data, c.request));
    CHECK(answer["error"]["exit_code"] == 2);
    CHECK(answer["error"]["kind"] == "request");
    CHECK(answer["error"]["messages"].get<std::vector<std::string>>() == c.messages);
  }
}

TEST_CASE("calcapi: unusable assumptions are a data error", "[calcapi]") {
  Dataset d = calc_test::TestDataset();
  d.assumptions.pop_back();  // bits_nf4
  calcapi::Json request = {
      {"command", "vram"}, {"model", "llama-2-7b"}, {"precision", "bf16"}, {"context", 1}};
  calcapi::Answer a = calcapi::AnswerRequest(d, request);
  CHECK(a.exit_code == 1);
  CHECK(a.body["error"]["kind"] == "data");
  CHECK(a.body["error"]["messages"][0] ==
        "data/assumptions.json: error: missing assumption 'bits_nf4'");
}

}  // namespace
}  // namespace gg
