#include <catch2/catch.hpp>

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../sites/site_fixture.h"
#include "calc/assumptions.h"
#include "calc/prices.h"
#include "calc_fixture.h"
#include "calcapi/calc_api.h"
#include "cli/calc_command.h"
#include "data/calc_bundle.h"
#include "data/load_dataset.h"

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

TEST_CASE("calcapi: the new rank and breakeven flags build the same requests", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  struct Case {
    std::vector<std::string> args;
    const char* request;
  };
  const Case cases[] = {
      {{"rank", "--workload", "inference16", "--cost", "ownership", "--electricity", "0.3",
        "--utilisation", "0.5", "--years", "3", "--budget", "2500", "--condition", "used"},
       R"({"command": "rank", "workload": "inference16", "cost": "ownership",
           "electricity_usd_per_kwh": 0.3, "utilisation": 0.5, "years": 3, "budget_usd": 2500,
           "conditions": ["used"]})"},
      {{"breakeven", "--gpu", "rtx-4090", "--condition", "new", "--cloud", "aws-p3-v100-on-demand",
        "--utilisation", "0.25", "--electricity", "0.3"},
       R"({"command": "breakeven", "gpu": "rtx-4090", "conditions": ["new"],
           "cloud": "aws-p3-v100-on-demand", "utilisation": 0.25,
           "electricity_usd_per_kwh": 0.3})"},
      {{"breakeven", "--desktop-cost", "2200", "--desktop-watts", "450", "--cloud",
        "aws-p3-v100-on-demand", "--utilisation", "0.15", "--electricity", "0.12"},
       R"({"command": "breakeven", "desktop_cost_usd": 2200, "desktop_watts": 450,
           "cloud": "aws-p3-v100-on-demand", "utilisation": 0.15,
           "electricity_usd_per_kwh": 0.12})"},
  };
  for (const Case& c : cases) {
    INFO(c.request);
    std::vector<std::string> args = c.args;
    args.push_back("--json");
    std::ostringstream out, err;
    CHECK(RunCalcCommand(args, data, out, err) == 0);
    CHECK(err.str() == "");
    CHECK(calcapi::AnswerRequestText(data, c.request) == out.str());
  }
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
      {R"({"command": "breakeven", "gpu": "rtx-4090", "desktop_watts": 450,
           "cloud": "aws-p3-v100-on-demnd", "cloud_usd_per_hour": 2, "utilisation": 0.5,
           "electricity_usd_per_kwh": 0.3})",
       {"'gpu' prices the desktop: give 'gpu' or 'desktop_cost_usd' and 'desktop_watts', not both",
        "'cloud' names the offer and its price: give 'cloud' or 'cloud_usd_per_hour', not both",
        "unknown cloud offer 'aws-p3-v100-on-demnd'; did you mean 'aws-p3-v100-on-demand'?"}},
      {R"({"command": "breakeven", "gpu": "rtx-409", "conditions": ["refurbished"],
           "cloud_usd_per_hour": 2, "utilisation": 0.5, "electricity_usd_per_kwh": 0.3})",
       {"unknown GPU 'rtx-409'; did you mean 'rtx-4090'?",
        "unknown condition 'refurbished'; expected one of new, used"}},
      {R"({"command": "rank", "workload": "training16", "cost": "gpu", "utilisation": 0.5,
           "years": 101})",
       {"'years' must be a number from 0 to 100, got 101",
        "'utilisation' applies to the cost basis 'ownership' only"}},
      {R"({"command": "rank", "workload": "training16", "cost": "none", "budget_usd": 100,
           "electricity_usd_per_kwh": -1})",
       {"'electricity_usd_per_kwh' must be a number of at least 0, got -1",
        "'budget_usd' needs a cost basis: 'gpu' or 'ownership'"}},
  };
  for (const Case& c : cases) {
    INFO(c.request);
    auto answer = nlohmann::json::parse(calcapi::AnswerRequestText(data, c.request));
    CHECK(answer["error"]["exit_code"] == 2);
    CHECK(answer["error"]["kind"] == "request");
    CHECK(answer["error"]["messages"].get<std::vector<std::string>>() == c.messages);
  }
}

nlohmann::json Ask(const Dataset& data, const nlohmann::json& request) {
  return nlohmann::json::parse(calcapi::AnswerRequestText(data, request.dump()));
}

TEST_CASE("calcapi: rank with the reader's ownership settings and budget", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  const calc::Assumptions a = calc_test::TestAssumptions();
  const nlohmann::json base = {
      {"command", "rank"}, {"workload", "training16"}, {"cost", "ownership"}};
  // The assumptions' own values give the guide's answer, byte for byte.
  nlohmann::json same = base;
  same["electricity_usd_per_kwh"] = a.electricity_usd_per_kwh;
  same["utilisation"] = a.utilisation;
  same["years"] = a.ownership_years;
  CHECK(calcapi::AnswerRequestText(data, same.dump()) ==
        calcapi::AnswerRequestText(data, base.dump()));
  // Dearer electricity makes owning every card dearer; no electricity, the cards and systems.
  const nlohmann::json guide = Ask(data, base);
  REQUIRE(guide["ranking"].size() > 3);
  nlohmann::json dear = base, free = base;
  dear["electricity_usd_per_kwh"] = 0.5;
  free["years"] = 0;
  std::map<std::string, double> dear_cost, free_cost;
  const nlohmann::json dear_answer = Ask(data, dear), free_answer = Ask(data, free);
  for (const auto& e : dear_answer["ranking"])
    dear_cost[e["gpu"].get<std::string>()] = e["cost_usd"].get<double>();
  for (const auto& e : free_answer["ranking"])
    free_cost[e["gpu"].get<std::string>()] = e["cost_usd"].get<double>();
  for (const auto& e : guide["ranking"]) {
    const std::string gpu = e["gpu"].get<std::string>();
    INFO(gpu);
    REQUIRE(dear_cost.count(gpu));
    REQUIRE(free_cost.count(gpu));
    CHECK(dear_cost.at(gpu) > e["cost_usd"].get<double>());
    CHECK(free_cost.at(gpu) < e["cost_usd"].get<double>());
  }
  // A budget keeps the affordable cards, renumbered, with the same frontier marks.
  for (const char* cost : {"gpu", "ownership"}) {
    nlohmann::json all = base;
    all["cost"] = cost;
    const nlohmann::json full = Ask(data, all)["ranking"];
    const double budget = full[full.size() / 2]["cost_usd"].get<double>();
    all["budget_usd"] = budget;
    const nlohmann::json kept = Ask(data, all)["ranking"];
    nlohmann::json want = nlohmann::json::array();
    for (const auto& e : full)
      if (e["cost_usd"].get<double>() <= budget) want.push_back(e);
    for (size_t i = 0; i < want.size(); ++i) want[i]["rank"] = i + 1;
    CHECK(kept == want);
    CHECK(kept.size() < full.size());
  }
}

TEST_CASE("calcapi: breakeven with a card of the data and a cloud offer", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  const calc::Assumptions a = calc_test::TestAssumptions();
  const calc::CurrentPrices prices =
      calc::ComputeCurrentPrices(data.prices, a.price_window_days, a.price_max_age_days);
  for (const std::vector<Condition>& conditions :
       {std::vector<Condition>{}, {Condition::kNew}, {Condition::kUsed}}) {
    auto price = calc::CheapestCurrentPrice(prices, "rtx-4090", conditions);
    REQUIRE(price);
    nlohmann::json by_id = {{"command", "breakeven"},
                            {"gpu", "rtx-4090"},
                            {"cloud", "aws-p3-v100-on-demand"},
                            {"utilisation", 0.25},
                            {"electricity_usd_per_kwh", 0.3}};
    if (!conditions.empty()) by_id["conditions"] = {ConditionId(conditions[0])};
    const nlohmann::json typed = {
        {"command", "breakeven"},
        {"desktop_cost_usd", price->usd + a.desktop_system_cost_usd},
        {"desktop_watts", data.FindGpu("rtx-4090")->tdp_w + a.desktop_system_watts},
        {"cloud_usd_per_hour", 2.14},
        {"utilisation", 0.25},
        {"electricity_usd_per_kwh", 0.3}};
    nlohmann::json answer = Ask(data, by_id);
    CHECK(answer["condition"] == ConditionId(price->condition));
    CHECK(answer["price_estimated"] == price->estimated);
    answer.erase("condition");
    // The offer's estimate mark is the offer's; a typed price carries none.
    answer.erase("cloud_price_estimated");
    nlohmann::json typed_answer = Ask(data, typed);
    CHECK(typed_answer["cloud_price_estimated"] == false);
    typed_answer.erase("cloud_price_estimated");
    CHECK(answer == typed_answer);
    CHECK(answer["break_even_days"].is_number());
  }
  // A card without a price in the conditions asked is the request's problem.
  const nlohmann::json unpriced = Ask(data, {{"command", "breakeven"},
                                             {"gpu", "rtx-3080"},
                                             {"conditions", {"new"}},
                                             {"cloud_usd_per_hour", 1},
                                             {"utilisation", 0.5},
                                             {"electricity_usd_per_kwh", 0.3}});
  CHECK(unpriced["error"]["messages"][0] ==
        "GPU 'rtx-3080' has no current price in the conditions asked");
}

TEST_CASE("calcapi: a region answers in its currency, on its view", "[calcapi][regions]") {
  // Placeholder regions and rates (not the guide's data): 1 EUR = 1.25 USD, EU VAT 20 %.
  Dataset data = calc_test::TestDataset();
  Region us, eu;
  us.id = "US";
  us.currency = "USD";
  us.electricity_per_kwh = 0.2;
  us.circuit = "North America";
  eu.id = "EU";
  eu.currency = "EUR";
  eu.tax_included = true;
  eu.tax_rate = 0.2;
  eu.electricity_per_kwh = 0.3;
  eu.circuit = "Europe";
  data.regions = {us, eu};
  data.reference_region = "US";
  FxRate fx;
  fx.from = "EUR";
  fx.to = "USD";
  fx.rate = 1.25;
  data.fx_rates = {fx};
  const double factor = 0.8 * 1.2;  // a US price before tax → euros with VAT
  const nlohmann::json base = {{"command", "rank"}, {"workload", "training16"}, {"cost", "gpu"}};
  nlohmann::json in_us = base, in_eu = base;
  in_us["region"] = "US";
  in_eu["region"] = "EU";
  const nlohmann::json plain = Ask(data, base), u = Ask(data, in_us), e = Ask(data, in_eu);
  CHECK(u["currency"] == "USD");
  CHECK(e["currency"] == "EUR");
  CHECK(e["region"] == "EU");
  CHECK_FALSE(plain.contains("currency"));
  REQUIRE(u["ranking"].size() == e["ranking"].size());
  REQUIRE(u["ranking"].size() > 3);
  // No EU observation in the data: every EU price is the US one converted, and an estimate.
  std::map<std::string, double> us_cost;
  for (const auto& r : u["ranking"])
    us_cost[r["gpu"].get<std::string>()] = r["cost_usd"].get<double>();
  for (const auto& r : e["ranking"]) {
    INFO(r["gpu"]);
    CHECK(r["cost_usd"].get<double>() == Approx(us_cost.at(r["gpu"].get<std::string>()) * factor));
    CHECK(r["price_estimated"] == true);
  }
  // Ownership costs use the region's electricity: dearer in the EU than the US figure converted.
  nlohmann::json own = in_eu;
  own["cost"] = "ownership";
  CHECK(Ask(data, own)["ranking"].size() == e["ranking"].size());
  // Errors: an unknown region with "did you mean", a region on a command without prices.
  nlohmann::json bad = base;
  bad["region"] = "EUR";
  CHECK(Ask(data, bad)["error"]["messages"][0] == "unknown region 'EUR'; did you mean 'EU'?");
  const nlohmann::json vram = {{"command", "vram"},
                               {"region", "EU"},
                               {"model", "llama-3.1-8b"},
                               {"precision", "q4_k_m"},
                               {"context", 8192}};
  CHECK(Ask(data, vram)["error"]["messages"][0] ==
        "'region' applies to fit, breakeven, rank and media");
}

// Every answer that carries a price says whether it rests on an estimate, on the guide's own
// data: each object with a card price (price_usd, cost_usd, desktop_cost_usd) has
// price_estimated beside it, true exactly when the card's current price is an estimate.
void WalkPrices(const nlohmann::json& j, const calc::CurrentPrices& prices, int* seen,
                int* estimated) {
  if (j.is_array()) {
    for (const auto& x : j) WalkPrices(x, prices, seen, estimated);
    return;
  }
  if (!j.is_object()) return;
  for (const char* key : {"price_usd", "cost_usd", "desktop_cost_usd"}) {
    if (!j.contains(key) || j[key].is_null()) continue;
    ++*seen;
    INFO(j.dump());
    REQUIRE(j.contains("price_estimated"));
    REQUIRE(j["price_estimated"].is_boolean());
    if (j.contains("gpu") && j.contains("condition") && j["condition"].is_string()) {
      auto c = ParseCondition(j["condition"].get<std::string>());
      auto it = prices.find({j["gpu"].get<std::string>(), *c});
      REQUIRE(it != prices.end());
      CHECK(j["price_estimated"] == it->second.estimated);
    }
    *estimated += j["price_estimated"].get<bool>() ? 1 : 0;
  }
  for (const auto& [k, v] : j.items()) WalkPrices(v, prices, seen, estimated);
}

TEST_CASE("calcapi: no answer kind shows a price without its estimate mark", "[calcapi]") {
  Diagnostics diags;
  const Dataset data = LoadDataset(GG_SOURCE_DIR, &diags);
  REQUIRE_FALSE(diags.HasErrors());
  const calc::Assumptions a = calc::ResolveAssumptions(data, &diags);
  const calc::CurrentPrices prices =
      calc::ComputeCurrentPrices(data.prices, a.price_window_days, a.price_max_age_days);
  // A PCIe card whose every current price is an estimate (new and used alike: break-even takes
  // the cheaper one, and a sourced used price would make the answer sourced).
  std::string estimated_gpu;
  for (const auto& [k, p] : prices) {
    if (!p.estimated || k.second != Condition::kNew || data.FindGpu(k.first)->form_factor != "pcie")
      continue;
    bool all_estimated = true;
    for (const auto& [k2, p2] : prices)
      if (k2.first == k.first && !p2.estimated) all_estimated = false;
    if (all_estimated) estimated_gpu = k.first;
  }
  REQUIRE_FALSE(estimated_gpu.empty());
  const std::vector<nlohmann::json> requests = {
      {{"command", "vram"}, {"model", "llama-3.1-8b"}, {"precision", "q4_k_m"}, {"context", 8192}},
      {{"command", "fit"}, {"model", "llama-3.1-70b"}, {"precision", "q4_k_m"}, {"context", 8192}},
      {{"command", "maxctx"},
       {"model", "llama-3.1-8b"},
       {"precision", "q4_k_m"},
       {"gpu", "rtx-3090"}},
      {{"command", "breakeven"},
       {"gpu", estimated_gpu},
       {"cloud_usd_per_hour", 2},
       {"utilisation", 0.3},
       {"electricity_usd_per_kwh", 0.2}},
      {{"command", "rank"}, {"workload", "inference16"}},
      {{"command", "rank"}, {"workload", "training16"}, {"cost", "ownership"}},
  };
  int seen = 0, estimated = 0;
  for (const auto& r : requests) {
    INFO(r.dump());
    const nlohmann::json answer = Ask(data, r);
    REQUIRE_FALSE(answer.contains("error"));
    WalkPrices(answer, prices, &seen, &estimated);
    if (r["command"] == "breakeven") {
      CHECK(answer["price_estimated"] == true);
      CHECK(answer["cloud_price_estimated"] == false);
    }
  }
  CHECK(seen > 20);
  CHECK(estimated > 0);
  // An estimated cloud offer is marked as one.
  for (const CloudOffer& o : data.cloud) {
    const nlohmann::json answer = Ask(data, {{"command", "breakeven"},
                                             {"desktop_cost_usd", 3000},
                                             {"desktop_watts", 600},
                                             {"cloud", o.id},
                                             {"utilisation", 0.3},
                                             {"electricity_usd_per_kwh", 0.2}});
    CHECK(answer["cloud_price_estimated"] == o.prov.estimated);
    CHECK(answer["price_estimated"] == false);
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

TEST_CASE("calc bundle: assembled from per-file parts, it is the JSON document nlohmann writes",
          "[calcapi]") {
  // The guide's own data files: every number, escape and nesting of the real data.
  std::map<std::string, std::string> texts;
  for (const std::string& name : gg::CalcBundleFiles())
    texts[name] = gg::testing::ReadFileOrEmpty(std::string(GG_SOURCE_DIR) + "/data/" + name);
  gg::Diagnostics diags;
  const std::string bundle = gg::MakeCalcBundle(texts, &diags);
  CHECK(texts.count("regions.json"));
  INFO(diags.Render());
  REQUIRE_FALSE(diags.HasErrors());
  nlohmann::json reference;
  reference["format"] = 1;
  reference["files"] = nlohmann::json::object();
  for (const auto& [name, text] : texts) reference["files"][name] = nlohmann::json::parse(text);
  CHECK(bundle == reference.dump());
  // And it loads back into the same records.
  gg::Dataset back;
  gg::LoadCalcBundle(bundle, &back, &diags);
  CHECK_FALSE(diags.HasErrors());
  CHECK(back.gpus.size() > 40);
  // A file that is not JSON gives no part and an empty bundle, reported at its path.
  texts["prices.json"] = "{\"observations\": [";
  gg::Diagnostics bad;
  CHECK(gg::CalcBundlePart("prices.json", texts["prices.json"], &bad).empty());
  CHECK(gg::MakeCalcBundle(texts, &bad).empty());
  CHECK(bad.Render().find("data/prices.json") != std::string::npos);
}

// A number out of its range is also named as a problem a page can say in its reader's
// language (issue 33: the page showed URL values such as count=1e400 as if valid).
namespace gg {
TEST_CASE("calcapi: numbers out of range are listed as problems", "[calcapi]") {
  const Dataset& data = calc_test::TestDataset();
  const calcapi::Answer a = calcapi::AnswerRequest(
      data, calcapi::Json::parse(R"({"command": "maxctx", "model": "llama-3.1-8b",
          "precision": "q4_k_m", "gpu": "rtx-4090", "count": "1e400"})"));
  REQUIRE(a.exit_code == calcapi::kRequestError);
  CHECK(
      a.body["error"]["problems"].dump() ==
      R"([{"field":"count","min":1,"max":4096,"whole":true,"message":"'count' must be a whole number from 1 to 4096, got \"1e400\""}])");
  for (const char* count : {"0", "-1", "4097", "1.5"}) {
    INFO(count);
    const calcapi::Answer b = calcapi::AnswerRequest(
        data, calcapi::Json::parse(std::string(R"({"command": "maxctx", "model": "llama-3.1-8b",
          "precision": "q4_k_m", "gpu": "rtx-4090", "count": )") +
                                   count + "}"));
    REQUIRE(b.exit_code == calcapi::kRequestError);
    CHECK(b.body["error"]["problems"][0]["field"] == "count");
  }
  const calcapi::Answer c = calcapi::AnswerRequest(
      data, calcapi::Json::parse(R"({"command": "rank", "workload": "inference16",
          "cost": "ownership", "utilisation": 1e300, "years": -1})"));
  REQUIRE(c.exit_code == calcapi::kRequestError);
  CHECK(
      c.body["error"]["problems"].dump() ==
      R"([{"field":"utilisation","min":0,"max":1,"whole":false,"message":"'utilisation' must be a fraction between 0 and 1, got 1e+300"},)"
      R"({"field":"years","min":0,"max":100,"whole":false,"message":"'years' must be a number from 0 to 100, got -1"}])");
}

}  // namespace gg
