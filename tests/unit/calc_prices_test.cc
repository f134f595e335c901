#include <catch2/catch.hpp>

#include "calc/prices.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakePrice;

TEST_CASE("Current price: median of the window before the newest observation", "[calc][prices]") {
  const auto N = Condition::kNew, U = Condition::kUsed;
  struct Case {
    const char* what;
    std::vector<PriceObservation> obs;
    int window;
    std::optional<double> usd;
    const char* newest;
    int count;
  };
  const Case cases[] = {
      {"one observation", {MakePrice("g", "2026-01-01", N, 100)}, 30, 100, "2026-01-01", 1},
      {"odd count: the middle one",
       {MakePrice("g", "2026-01-01", N, 300), MakePrice("g", "2026-01-02", N, 100),
        MakePrice("g", "2026-01-03", N, 200)},
       30,
       200,
       "2026-01-03",
       3},
      {"even count: mean of the middle two",
       {MakePrice("g", "2026-01-01", N, 100), MakePrice("g", "2026-01-02", N, 400),
        MakePrice("g", "2026-01-03", N, 200), MakePrice("g", "2026-01-04", N, 1000)},
       30,
       300,
       "2026-01-04",
       4},
      {"window includes its first day (30 days before)",
       {MakePrice("g", "2026-10-11", N, 100), MakePrice("g", "2026-11-10", N, 200)},
       30,
       150,
       "2026-11-10",
       2},
      {"and excludes the day before",
       {MakePrice("g", "2026-10-10", N, 100), MakePrice("g", "2026-11-10", N, 200)},
       30,
       200,
       "2026-11-10",
       1},
      {"window across a year end",
       {MakePrice("g", "2025-12-20", N, 100), MakePrice("g", "2026-01-10", N, 300)},
       30,
       200,
       "2026-01-10",
       2},
      {"other GPU, other condition, EUR, bad date and non-positive ignored",
       {MakePrice("h", "2026-01-05", N, 1), MakePrice("g", "2026-01-05", U, 1),
        MakePrice("g", "2026-01-05", N, 1, "EUR"), MakePrice("g", "2026-02-30", N, 1),
        MakePrice("g", "2026-01-05", N, 0), MakePrice("g", "2026-01-01", N, 500)},
       30,
       500,
       "2026-01-01",
       1},
      {"nothing usable", {MakePrice("g", "2026-01-05", N, 1, "EUR")}, 30, std::nullopt, "", 0},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto p = CurrentPriceFor(c.obs, "g", N, c.window);
    REQUIRE(p.has_value() == c.usd.has_value());
    if (!p) continue;
    CHECK(p->usd == *c.usd);
    CHECK(p->newest_date == c.newest);
    CHECK(p->count == c.count);
  }
}

TEST_CASE("Current prices of every GPU, cheapest allowed condition", "[calc][prices]") {
  const auto obs = calc_test::TestPrices();
  const CurrentPrices prices = ComputeCurrentPrices(obs, 30, 0);
  // Same rule as CurrentPriceFor for every pair.
  for (const auto& [key, p] : prices) {
    auto one = CurrentPriceFor(obs, key.first, key.second, 30);
    REQUIRE(one);
    CHECK(one->usd == p.usd);
  }
  CHECK(prices.at({"rtx-4090", Condition::kNew}).usd == 1849);  // (1899 + 1799) / 2
  CHECK(prices.count({"rtx-3090", Condition::kNew}) == 0);      // EUR and bad date only

  auto any = CheapestCurrentPrice(prices, "rtx-4090", {});
  REQUIRE(any);
  CHECK(any->condition == Condition::kUsed);
  CHECK(any->usd == 1500);
  auto fresh = CheapestCurrentPrice(prices, "rtx-4090", {Condition::kNew});
  REQUIRE(fresh);
  CHECK(fresh->usd == 1849);
  CHECK_FALSE(CheapestCurrentPrice(prices, "rtx-3090", {Condition::kNew}));
  CHECK_FALSE(CheapestCurrentPrice(prices, "no-such-gpu", {}));
}

TEST_CASE("Newest observation date", "[calc][prices]") {
  CHECK(NewestObservationDate(calc_test::TestPrices()) == "2026-11-10");  // not the EUR one
  CHECK(NewestObservationDate({}) == "");
  CHECK(NewestObservationDate({MakePrice("g", "2027-13-01", Condition::kNew, 1)}) == "");
}

PriceObservation Estimate(const std::string& gpu, const std::string& date, Condition c, double usd,
                          const std::string& method, const std::string& evidence_date = "") {
  PriceObservation p = MakePrice(gpu, date, c, usd);
  p.kind = PriceKind::kEstimate;
  p.prov.estimated = true;
  p.estimate_method = method;
  p.evidence_url = "https://example.org/evidence";
  p.evidence_date = evidence_date.empty() ? date : evidence_date;
  return p;
}

PriceObservation Of(PriceKind kind, const std::string& gpu, const std::string& date, Condition c,
                    double usd) {
  PriceObservation p = MakePrice(gpu, date, c, usd);
  p.kind = kind;
  return p;
}

TEST_CASE("Current price: what was seen wins over a list price, a list price over an estimate",
          "[calc][prices]") {
  const auto N = Condition::kNew;
  const auto L = PriceKind::kListing, S = PriceKind::kSold, M = PriceKind::kMsrp,
             Q = PriceKind::kQuote;
  struct Case {
    const char* what;
    std::vector<PriceObservation> obs;
    double usd;
    PriceBasis basis;
    int count;
    const char* newest_sourced;
  };
  const Case cases[] = {
      {"a newer estimate does not average with a listing",
       {Of(L, "g", "2026-06-01", N, 100), Estimate("g", "2026-07-01", N, 200, "extrapolated")},
       100,
       PriceBasis::kMarket,
       1,
       "2026-06-01"},
      {"sold and quote are market prices too; msrp in the window is not averaged in",
       {Of(S, "g", "2026-06-01", N, 100), Of(Q, "g", "2026-06-02", N, 300),
        Of(M, "g", "2026-06-03", N, 1000)},
       200,
       PriceBasis::kMarket,
       2,
       "2026-06-03"},
      {"msrp when nothing was seen on the market",
       {Of(M, "g", "2026-06-01", N, 500), Estimate("g", "2026-07-01", N, 700, "judgement")},
       500,
       PriceBasis::kMsrp,
       1,
       "2026-06-01"},
      {"the newest estimate only when nothing was sourced, not a median of estimates",
       {Estimate("g", "2026-05-01", N, 100, "judgement"),
        Estimate("g", "2026-07-01", N, 300, "extrapolated")},
       300,
       PriceBasis::kEstimate,
       1,
       ""},
      {"a market price older than max_age gives way to a list price",
       {Of(L, "g", "2025-01-01", N, 100), Of(M, "g", "2026-06-01", N, 900)},
       900,
       PriceBasis::kMsrp,
       1,
       "2026-06-01"},
      {"and to an estimate",
       {Of(L, "g", "2025-01-01", N, 100), Estimate("g", "2026-06-01", N, 150, "depreciation")},
       150,
       PriceBasis::kEstimate,
       1,
       "2025-01-01"},
      {"the window is relative to the tier's newest observation",
       {Of(L, "g", "2026-01-01", N, 100), Of(L, "g", "2026-05-01", N, 300),
        Estimate("g", "2026-07-01", N, 50, "judgement")},
       300,
       PriceBasis::kMarket,
       1,
       "2026-05-01"},
  };
  PriceRules rules;
  rules.window_days = 90;
  rules.max_age_days = 180;
  for (const Case& c : cases) {
    INFO(c.what);
    auto p = CurrentPriceIn(c.obs, "g", N, "US", rules, "2026-07-01");
    REQUIRE(p);
    CHECK(p->usd == c.usd);
    CHECK(p->basis == c.basis);
    CHECK(p->estimated == (c.basis == PriceBasis::kEstimate));
    CHECK(p->count == c.count);
    CHECK(p->newest_sourced_date == c.newest_sourced);
    CHECK(p->currency == "USD");
  }
  // Nothing in any tier within max_age: no longer sold.
  CHECK_FALSE(
      CurrentPriceIn({Of(L, "g", "2025-01-01", N, 100)}, "g", N, "US", rules, "2026-07-01"));
}

TEST_CASE("Current price: one sourced sale of a used RTX 4090 supersedes the estimate",
          "[calc][prices]") {
  // Issue 30: with the $2,000 estimate in its window, a $1,450 sold listing gave "median of
  // 2: $1,725". What was seen is the price.
  const auto U = Condition::kUsed;
  std::vector<PriceObservation> obs = {
      Of(PriceKind::kSold, "rtx-4090", "2026-06-29", U, 2000),
      Estimate("rtx-4090", "2026-11-01", U, 2000, "depreciation", "2026-06-29"),
  };
  auto before = ComputeCurrentPrices(obs, 90, 180, 60).at({"rtx-4090", U});
  CHECK(before.basis == PriceBasis::kMarket);  // June's sourced price, not November's guess
  CHECK(before.stale);                         // 125 days before 2026-11-01
  obs.push_back(Of(PriceKind::kSold, "rtx-4090", "2026-11-27", U, 1450));
  auto after = ComputeCurrentPrices(obs, 90, 180, 60).at({"rtx-4090", U});
  CHECK(after.usd == 1450);
  CHECK(after.count == 1);
  CHECK_FALSE(after.estimated);
  CHECK_FALSE(after.stale);
  CHECK(after.newest_sourced_date == "2026-11-27");
}

TEST_CASE("Current price: an estimate is as stale as its evidence", "[calc][prices]") {
  const auto N = Condition::kNew;
  PriceRules rules{90, 365, 60};
  // Dated a week ago, resting on evidence from March: stale.
  auto old = CurrentPriceIn({Estimate("g", "2026-10-25", N, 100, "carried_forward", "2026-03-01")},
                            "g", N, "US", rules, "2026-11-01");
  REQUIRE(old);
  CHECK(old->stale);
  CHECK(old->evidence_date == "2026-03-01");
  CHECK(old->methods == std::vector<std::string>{"carried_forward"});
  auto fresh = CurrentPriceIn({Estimate("g", "2026-10-25", N, 100, "extrapolated", "2026-10-01")},
                              "g", N, "US", rules, "2026-11-01");
  REQUIRE(fresh);
  CHECK_FALSE(fresh->stale);
}

TEST_CASE("Current price: regions are priced apart, each in its currency", "[calc][prices]") {
  const auto N = Condition::kNew;
  auto eu = MakePrice("g", "2026-06-01", N, 900, "EUR");
  eu.region = "EU";
  auto cn = MakePrice("g", "2026-06-01", N, 7000, "CNY");
  cn.region = "CN";
  auto wrong = MakePrice("g", "2026-06-02", N, 1, "USD");
  wrong.region = "EU";  // not the region's currency: ignored
  const std::vector<PriceObservation> obs = {MakePrice("g", "2026-06-01", N, 800), eu, cn, wrong};
  PriceRules rules;
  auto us_p = CurrentPriceIn(obs, "g", N, "US", rules, "2026-06-01");
  auto eu_p = CurrentPriceIn(obs, "g", N, "EU", rules, "2026-06-01");
  auto cn_p = CurrentPriceIn(obs, "g", N, "CN", rules, "2026-06-01");
  REQUIRE((us_p && eu_p && cn_p));
  CHECK(us_p->usd == 800);
  CHECK(eu_p->usd == 900);
  CHECK(eu_p->currency == "EUR");
  CHECK(cn_p->usd == 7000);
  CHECK(cn_p->currency == "CNY");
  auto all = CurrentPricesIn(obs, "EU", rules, "2026-06-01");
  CHECK(all.size() == 1);
  auto summary = SummarisePrices(obs, all, "EU");
  CHECK(summary.newest_sourced_date == "2026-06-01");
  CHECK(summary.sourced == 1);
  CHECK(summary.total == 1);
}

TEST_CASE("Current prices: stale past price_stale_days before the newest observation",
          "[calc][prices]") {
  const auto N = Condition::kNew, U = Condition::kUsed;
  const std::vector<PriceObservation> obs = {
      MakePrice("a", "2026-11-01", N, 100),  // the newest of the data
      MakePrice("b", "2026-09-02", N, 100),  // 60 days before: not stale
      MakePrice("c", "2026-09-01", N, 100),  // 61 days before: stale
      MakePrice("c", "2026-11-01", U, 50),   // the other condition is fresh
  };
  auto prices = ComputeCurrentPrices(obs, 30, 365, 60);
  CHECK_FALSE(prices.at({"a", N}).stale);
  CHECK_FALSE(prices.at({"b", N}).stale);
  CHECK(prices.at({"c", N}).stale);
  CHECK_FALSE(prices.at({"c", U}).stale);
  // 0 disables the mark.
  CHECK_FALSE(ComputeCurrentPrices(obs, 30, 365, 0).at({"c", N}).stale);
}

TEST_CASE("Newest sourced date skips estimates; estimated count", "[calc][prices]") {
  const auto N = Condition::kNew;
  const std::vector<PriceObservation> obs = {
      MakePrice("a", "2026-06-01", N, 100), Estimate("a", "2026-11-01", N, 110, "extrapolated"),
      MakePrice("b", "2026-07-01", N, 100, "EUR"),  // not usable: does not count
      MakePrice("b", "2026-05-01", N, 100)};
  CHECK(NewestSourcedDate(obs, "US") == "2026-06-01");
  CHECK(NewestObservationDate(obs) == "2026-11-01");
  CHECK(NewestSourcedDate({Estimate("a", "2026-11-01", N, 110, "judgement")}) == "");
  auto prices = ComputeCurrentPrices(obs, 30, 365, 0);
  CHECK(EstimatedCount(prices) == 0);  // a's June listing wins over its November estimate
  CHECK(EstimatedCount(ComputeCurrentPrices({Estimate("a", "2026-11-01", N, 110, "judgement")}, 30,
                                            365, 0)) == 1);
}

}  // namespace
}  // namespace gg::calc
