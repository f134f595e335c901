// calcapi "media": the cards that hold an image or video run (calc/media_cards.h), on the
// guide's own gpus.json, assumptions.json, genmodels.json and machines.json, with five cards
// and made-up prices, so the rule is checked by hand: usable = memory_gb × 2^30 × (1 − 0.05
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
    for (const char* name :
         {"data/gpus.json", "data/assumptions.json", "data/genmodels.json", "data/machines.json"}) {
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
  // Every weight on the GPU: CLIP-L 0.246 + T5 9.78 + the transformer 11.9 (FP8) + the VAE
  // 0.1676 GB = 22.09 GB, plus a phase's activations; more than 12 GB, less than 24 GB.
  CHECK(peak > 22093600000LL);
  CHECK(peak + kContext < 24481313587LL);
  CHECK(j["host_bytes"] == 0);
  CHECK(j["machine"] == "desktop");
  // 12 × 2^30 × 0.95 = 12,240,656,793.6 bytes: too small.
  CHECK(j["not_fitting"] == Json::array({"rtx-3060-12gb"}));
  // The H100 SXM has room but is a module: a desktop takes PCIe cards.
  CHECK(j["machine_limited"] == Json::parse(R"([{"gpu": "h100-sxm", "limit": "form_factor"}])"));
  // Cheapest first: 1,800 (the used 1,500 RTX 4090 is cheaper still), 2,000, then the Mac's
  // estimated 3,500.
  REQUIRE(Ids(j["cards"]) ==
          std::vector<std::string>{"rtx-4090", "rtx-5090", "mac-studio-m4-max-128gb"});
  const Json& c4090 = j["cards"][0];
  CHECK(c4090["price_usd"] == 1500.0);
  CHECK(c4090["condition"] == "used");
  CHECK(c4090["price_estimated"] == false);
  CHECK(c4090["usable_bytes"] == 24481313587LL);  // 24 × 2^30 × 0.95 = 24,481,313,587.2
  CHECK(c4090["needed_bytes"] == peak + kContext);
  CHECK(c4090["seconds_per_video_second"].is_null());  // an image
  CHECK(c4090["total_seconds"].get<double>() > 0);
  CHECK(j["cards"][1]["usable_bytes"] == 32641751449LL);  // 32 × 2^30 × 0.95 = …449.6
  const Json& mac = j["cards"][2];
  CHECK(mac["price_estimated"] == true);
  CHECK(mac["usable_bytes"] == 97925254348LL);    // usable_memory_gb 96 × 2^30 × 0.95 = …348.8
  CHECK(mac["needed_bytes"] == peak + kContext);  // nothing offloaded
  // The card asked about agrees with the list.
  Json one = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"gpu", "rtx-3060-12gb"}});
  CHECK(one["gpu"]["fits"] == false);
  CHECK(one["gpu"]["usable_bytes"] == 12240656794LL);
  CHECK(one["gpu"]["memory_bytes"] == 12884901888LL);  // 12 × 2^30
  one = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"gpu", "rtx-4090"}});
  CHECK(one["gpu"]["fits"] == true);
  CHECK(one["gpu"]["needed_bytes"] == peak + kContext);
}

TEST_CASE("calcapi media: offloaded weights stay in a unified-memory system's own memory",
          "[calcapi][media]") {
  Json j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"offload", "model"}});
  INFO(j.dump(2));
  REQUIRE(!j.contains("error"));
  const int64_t peak = j["peak_bytes"], host = j["host_bytes"];
  CHECK(host > 0);
  for (const Json& c : j["cards"]) {
    INFO(c["gpu"]);
    const bool system = c["gpu"] == "mac-studio-m4-max-128gb";
    CHECK(c["needed_bytes"] == peak + kContext + (system ? host : 0));
  }
  // Model offload holds one component at a time: the transformer's 11.9 GB in FP8 and its
  // activations fit the RTX 3060's 12.24 GB only if the peak does; the list says which.
  const bool fits_3060 = peak + kContext <= 12240656794LL;
  CHECK((Ids(j["cards"])[0] == "rtx-3060-12gb") == fits_3060);
}

TEST_CASE("calcapi media: conditions, machine and problems of the cards list", "[calcapi][media]") {
  // Used prices only: the RTX 4090 keeps its 1,500; the others are unpriced, after it, by
  // time (faster first).
  Json j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"conditions", {"used"}}});
  REQUIRE(!j.contains("error"));
  REQUIRE(j["cards"].size() == 3);
  CHECK(j["cards"][0]["gpu"] == "rtx-4090");
  CHECK(j["cards"][1]["price_usd"].is_null());
  CHECK(j["cards"][1]["condition"].is_null());
  CHECK(j["cards"][1]["price_estimated"].is_null());
  CHECK(j["cards"][1]["total_seconds"].get<double>() <=
        j["cards"][2]["total_seconds"].get<double>());
  // A server takes SXM modules: the H100 SXM is listed there, and nothing is left out.
  j = Ask({{"pipeline", "flux.1-dev"}, {"precision", "fp8"}, {"machine", "server"}});
  REQUIRE(!j.contains("error"));
  const auto ids = Ids(j["cards"]);
  CHECK(std::find(ids.begin(), ids.end(), "h100-sxm") != ids.end());
  CHECK(j["machine_limited"].empty());
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

}  // namespace
}  // namespace gg
