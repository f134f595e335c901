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
                          const std::string& method) {
  PriceObservation p = MakePrice(gpu, date, c, usd);
  p.prov.estimated = true;
  p.estimate_method = method;
  return p;
}

TEST_CASE("Current price: estimated when an observation in its window is", "[calc][prices]") {
  const auto N = Condition::kNew;
  struct Case {
    const char* what;
    std::vector<PriceObservation> obs;
    bool estimated;
    std::vector<std::string> methods;
  };
  const Case cases[] = {
      {"all sourced", {MakePrice("g", "2026-01-01", N, 100), MakePrice("g", "2026-01-05", N, 90)},
       false, {}},
      {"one estimate in the window",
       {MakePrice("g", "2026-01-01", N, 100), Estimate("g", "2026-01-05", N, 90, "extrapolated")},
       true, {"extrapolated"}},
      {"an estimate before the window does not count",
       {Estimate("g", "2025-06-01", N, 100, "launch_price"), MakePrice("g", "2026-01-05", N, 90)},
       false, {}},
      {"methods sorted and unique",
       {Estimate("g", "2026-01-01", N, 100, "judgement"),
        Estimate("g", "2026-01-02", N, 100, "carried_forward"),
        Estimate("g", "2026-01-03", N, 100, "judgement")},
       true, {"carried_forward", "judgement"}},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto p = CurrentPriceFor(c.obs, "g", N, 30);
    REQUIRE(p);
    CHECK(p->estimated == c.estimated);
    CHECK(p->methods == c.methods);
  }
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
  CHECK(NewestSourcedDate(obs) == "2026-06-01");
  CHECK(NewestObservationDate(obs) == "2026-11-01");
  CHECK(NewestSourcedDate({Estimate("a", "2026-11-01", N, 110, "judgement")}) == "");
  auto prices = ComputeCurrentPrices(obs, 30, 365, 0);
  CHECK(EstimatedCount(prices) == 1);
}

}  // namespace
}  // namespace gg::calc
