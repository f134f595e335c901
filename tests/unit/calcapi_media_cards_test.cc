// calcapi "media": the cards that hold an image or video run (calc/media_cards.h), on the
// guide's own gpus.json, cloud.json, assumptions.json, genmodels.json and machines.json, with five
// cards and made-up prices, so the rule is checked by hand: usable = memory_gb × 2^30 × (1 − 0.05
// headroom), needed = peak + 0.35 GB CUDA context (+ the weights in system RAM on a
// unified-memory system), a desktop takes PCIe cards only, cheapest first, unpriced last.
#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>

#include "base/files.h"
#include "calcapi/calc_api.h"
#include "data/load_dataset.h"

namespace gg {
namespace {

using Json = nlohmann::ordered_json;

PriceObservation Price(const std::string& gpu, double usd, Condition c, PriceKind kind) {
  PriceObservation o;
  o.gpu = gpu;
  o.date = o.prov.as_of = "2026-11-20";
  o.condition = c;
  o.region = "US";
  o.currency = "USD";
  o.price = usd;
  o.kind = kind;
  o.prov.source = "test";
  if (kind == PriceKind::kEstimate) {
    o.prov.estimated = true;
    o.estimate_method = "successor-msrp";
    o.evidence_date = "2026-11-20";
  }
  return o;
}

const Dataset& CardsData() {
  static const Dataset data = [] {
    Dataset ds;
    Diagnostics d;
    for (const char* name : {"data/gpus.json", "data/cloud.json", "data/assumptions.json",
                             "data/genmodels.json", "data/machines.json"}) {
      std::string text;
      ReadWholeFile(std::string(GG_SOURCE_DIR) + "/" + name, &text);
      LoadDataFile(name, text, &ds, &d);
    }
    std::vector<Gpu> five;
    for (const char* id :
         {"rtx-3060-12gb", "rtx-4090", "rtx-5090", "h100-sxm", "mac-studio-m4-max-128gb"})
      five.push_back(*ds.FindGpu(id));
    ds.gpus = five;
    ds.prices = {Price("rtx-3060-12gb", 300, Condition::kNew, PriceKind::kListing),
                 Price("rtx-4090", 1800, Condition::kNew, PriceKind::kListing),
                 Price("rtx-4090", 1500, Condition::kUsed, PriceKind::kSold),
                 Price("rtx-5090", 2000, Condition::kNew, PriceKind::kListing),
                 Price("h100-sxm", 30000, Condition::kNew, PriceKind::kQuote),
                 Price("mac-studio-m4-max-128gb", 3500, Condition::kNew, PriceKind::kEstimate)};
    return ds;
  }();
  return data;
}

Json Ask(Json request) {
  request["command"] = "media";
  return calcapi::AnswerRequest(CardsData(), request).body;
}

std::vector<std::string> Ids(const Json& cards) {
  std::vector<std::string> ids;
  for (const Json& c : cards) ids.push_back(c["gpu"]);
  return ids;
}

constexpr int64_t kContext = 350000000;  // cuda_context_gb 0.35

TEST_CASE("calcapi media: the cards that hold FLUX.1 [dev] in FP8, without offload",
          "[calcapi][media]") {
  Json j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}});
  INFO(j.dump(2));
  REQUIRE(!j.contains("error"));
  const int64_t peak = j["peak_bytes"];
  // Every weight stays on the GPU: CLIP-L 0.246 + T5 9.78 + the transformer 11.9 (FP8) + the
  // VAE 0.1676 GB = 22.09 GB, plus the VAE decode's activations at 1024 x 1024.
  CHECK(peak > 22093600000LL);
  CHECK(j["host_bytes"] == 0);
  CHECK(j["machine"] == "desktop");
  // A card sold as "24 GB" holds 24 GiB: 24 × 2^30 × 0.95 = 24.48 GB holds the peak + 0.35 GB
  // (ComfyUI runs FLUX.1 [dev] FP8 on an RTX 4090); 12 × 2^30 × 0.95 = 12.24 GB does not.
  CHECK(peak + kContext <= 24481313587LL);
  CHECK(peak + kContext > 12240656793LL);
  CHECK(j["not_fitting"] == Json::array({"rtx-3060-12gb"}));
  // The H100 SXM has room but is a module: a desktop takes PCIe cards.
  CHECK(j["machine_limited"] == Json::parse(R"([{"gpu": "h100-sxm", "limit": "form_factor"}])"));
  // Cheapest first: the RTX 4090's used 1,500, the RTX 5090 at 2,000, then the Mac's estimated
  // 3,500.
  REQUIRE(Ids(j["cards"]) ==
          std::vector<std::string>{"rtx-4090", "rtx-5090", "mac-studio-m4-max-128gb"});
  CHECK(j["cards"][0]["price_usd"] == 1500.0);
  const Json& c5090 = j["cards"][1];
  CHECK(c5090["price_usd"] == 2000.0);
  CHECK(c5090["condition"] == "new");
  CHECK(c5090["price_estimated"] == false);
  CHECK(c5090["usable_bytes"] == 32641751450LL);  // 32 × 2^30 × 0.95 = 32,641,751,449.6
  CHECK(c5090["needed_bytes"] == peak + kContext);
  CHECK(c5090["seconds_per_video_second"].is_null());  // an image
  CHECK(c5090["total_seconds"].get<double>() > 0);
  const Json& mac = j["cards"][2];
  CHECK(mac["price_estimated"] == true);
  CHECK(mac["usable_bytes"] == 97925254349LL);    // usable_memory_gb 96 × 2^30 × 0.95 = 97,925,254,348.8
  CHECK(mac["needed_bytes"] == peak + kContext);  // nothing offloaded
  // The card asked about agrees with the list.
  Json one = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"gpu", "rtx-4090"}});
  CHECK(one["gpu"]["fits"] == true);
  CHECK(one["gpu"]["usable_bytes"] == 24481313587LL);  // 24 × 2^30 × 0.95 = 24,481,313,587.2
  CHECK(one["gpu"]["memory_bytes"] == 25769803776LL);  // 24 × 2^30
  CHECK(one["gpu"]["needed_bytes"] == peak + kContext);
  one = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"gpu", "rtx-5090"}});
  CHECK(one["gpu"]["fits"] == true);
}

TEST_CASE("calcapi media: offloaded weights stay in a unified-memory system's own memory",
          "[calcapi][media]") {
  // The encoders leave the GPU after the prompt: the transformer and the VAE wait in system RAM
  // while they run (11.9 + 0.1676 GB), the encoders afterwards (10.03 GB).
  Json j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"offload", "phases"}});
  INFO(j.dump(2));
  REQUIRE(!j.contains("error"));
  const int64_t peak = j["peak_bytes"], host = j["host_bytes"];
  CHECK(host == 11900000000LL + 167600000LL);
  CHECK(peak + kContext <= 24481313587LL);  // 24 × 2^30 × 0.95
  CHECK(peak + kContext > 12240656793LL);   // 12 × 2^30 × 0.95
  CHECK(j["not_fitting"] == Json::array({"rtx-3060-12gb"}));
  // The RTX 4090's used 1,500 is its cheapest price.
  REQUIRE(Ids(j["cards"]) ==
          std::vector<std::string>{"rtx-4090", "rtx-5090", "mac-studio-m4-max-128gb"});
  CHECK(j["cards"][0]["price_usd"] == 1500.0);
  CHECK(j["cards"][0]["condition"] == "used");
  for (const Json& c : j["cards"]) {
    INFO(c["gpu"]);
    const bool system = c["gpu"] == "mac-studio-m4-max-128gb";
    CHECK(c["needed_bytes"] == peak + kContext + (system ? host : 0));
  }
}

TEST_CASE("calcapi media: conditions, machine and problems of the cards list", "[calcapi][media]") {
  // Used prices only: the RTX 4090 keeps its 1,500; the others are unpriced, after it, by
  // time (faster first).
  Json j = Ask({{"pipeline", "flux.1-dev"},
                {"precision", "fp8"},
                {"offload", "phases"},
                {"conditions", {"used"}}});
  REQUIRE(!j.contains("error"));
  REQUIRE(j["cards"].size() == 3);
  CHECK(j["cards"][0]["gpu"] == "rtx-4090");
  CHECK(j["cards"][1]["price_usd"].is_null());
  CHECK(j["cards"][1]["condition"].is_null());
  CHECK(j["cards"][1]["price_estimated"].is_null());
  CHECK(j["cards"][1]["total_seconds"].get<double>() <=
        j["cards"][2]["total_seconds"].get<double>());
  // An HGX server takes SXM modules only: the H100 SXM is listed there, and the PCIe cards that
  // hold the run are left out by form factor.
  j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"machine", "server-hgx-8"}});
  REQUIRE(!j.contains("error"));
  const auto ids = Ids(j["cards"]);
  CHECK(std::find(ids.begin(), ids.end(), "h100-sxm") != ids.end());
  REQUIRE(!j["machine_limited"].empty());
  for (const Json& l : j["machine_limited"]) CHECK(l["limit"] == "form_factor");
  j = Ask({{"pipeline", "flux.1-dev"}, {"machine", "desktp"}});
  REQUIRE(j.contains("error"));
  CHECK(j["error"]["messages"][0] == "unknown machine 'desktp'; did you mean 'desktop'?");
  // A number out of range is listed for the page to say in its language.
  j = Ask({{"pipeline", "flux.1-dev"}, {"width", 10}, {"steps", 1.5}});
  REQUIRE(j.contains("error"));
  REQUIRE(j["error"]["problems"].size() == 2);
  CHECK(j["error"]["problems"][0]["field"] == "width");
  CHECK(j["error"]["problems"][0]["min"] == 64);
  CHECK(j["error"]["problems"][0]["max"] == 16384);
  CHECK(j["error"]["problems"][1]["field"] == "steps");
  CHECK(j["error"]["problems"][1]["whole"] == true);
}

TEST_CASE("calcapi media: a region prices the cards in its money, as fit does",
          "[calcapi][media][regions]") {
  // Placeholder regions (not the guide's data): 1 EUR = 1.25 USD, EU VAT 20 %. The EU has no
  // observation, so each card's EU price is its US price converted and taxed, an estimate.
  Dataset data = CardsData();
  Region us, eu;
  us.id = "US";
  us.currency = "USD";
  eu.id = "EU";
  eu.currency = "EUR";
  eu.tax_included = true;
  eu.tax_rate = 0.2;
  data.regions = {us, eu};
  data.reference_region = "US";
  FxRate fx;
  fx.from = "EUR";
  fx.to = "USD";
  fx.rate = 1.25;
  data.fx_rates = {fx};
  Json request = {{"command", "media"}, {"pipeline", "flux.1-dev"}, {"precision", "fp8"}};
  const Json in_us = calcapi::AnswerRequest(data, request).body;
  request["region"] = "EU";
  const Json in_eu = calcapi::AnswerRequest(data, request).body;
  INFO(in_eu.dump(2));
  REQUIRE(!in_eu.contains("error"));
  CHECK(in_eu["region"] == "EU");
  CHECK(in_eu["currency"] == "EUR");
  CHECK_FALSE(in_us.contains("currency"));
  REQUIRE(Ids(in_eu["cards"]) == Ids(in_us["cards"]));
  int priced = 0;
  for (size_t i = 0; i < in_eu["cards"].size(); ++i) {
    const Json& e = in_eu["cards"][i];
    const Json& u = in_us["cards"][i];
    if (u["price_usd"].is_null()) continue;
    ++priced;
    CHECK(e["price_usd"].get<double>() == Approx(u["price_usd"].get<double>() * 0.8 * 1.2));
    CHECK(e["price_estimated"] == true);
  }
  CHECK(priced >= 2);
  // An unknown region is the request's problem, with the ids it knows.
  request["region"] = "EUR";
  CHECK(calcapi::AnswerRequest(data, request).body["error"]["messages"][0] ==
        "unknown region 'EUR'; did you mean 'EU'?");
}

}  // namespace
}  // namespace gg
