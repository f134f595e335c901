// Regions (calc/regions.h): FX conversion, the price factor between tax bases, the current
// prices of a region (its own first, else the reference region's converted and marked), the
// assumptions and data as the region's reader meets them.
//
// Every rate, tax and electricity figure below is a TEST PLACEHOLDER with round values, not the
// guide's data (data/regions.json holds the sourced ones).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "calc/regions.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakePrice;

FxRate Rate(const std::string& from, const std::string& to, double rate) {
  FxRate x;
  x.from = from;
  x.to = to;
  x.rate = rate;
  x.date = "2026-01-01";
  return x;
}

// Placeholder regions: US before tax, EU with 20 % VAT, CN with 10 % VAT.
Region MakeRegion(const std::string& id, const std::string& currency, double tax, double kwh,
                  const std::string& circuit) {
  Region r;
  r.id = id;
  r.currency = currency;
  r.tax_included = tax > 0;
  r.tax_rate = tax;
  r.electricity_per_kwh = kwh;
  r.electricity_date = "2026-01-01";
  r.circuit = circuit;
  return r;
}

// Placeholder rates: 1 USD = 7 CNY, 1 EUR = 8 CNY (so 1 USD = 0.875 EUR through CNY).
std::vector<FxRate> Rates() {
  return {Rate("USD", "CNY", 7), Rate("EUR", "CNY", 8)};
}

TEST_CASE("FX rate between two currencies: same, direct, inverse, cross, none", "[calc][regions]") {
  struct Case {
    const char* what;
    std::vector<FxRate> rates;
    const char* from;
    const char* to;
    std::optional<double> rate;
  };
  const Case cases[] = {
      {"same currency", {}, "EUR", "EUR", 1.0},
      {"a rate of the table", Rates(), "USD", "CNY", 7.0},
      {"its inverse", Rates(), "CNY", "USD", 1 / 7.0},
      {"a cross rate through a common currency", Rates(), "USD", "EUR", 7.0 / 8.0},
      {"the other way", Rates(), "EUR", "USD", 8.0 / 7.0},
      {"no rate at all", Rates(), "USD", "JPY", std::nullopt},
      {"no common currency",
       {Rate("USD", "CNY", 7), Rate("EUR", "GBP", 0.9)},
       "USD",
       "EUR",
       std::nullopt},
      {"a rate that is not > 0 is not used", {Rate("USD", "EUR", 0)}, "USD", "EUR", std::nullopt},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto r = FxRateBetween(c.rates, c.from, c.to);
    REQUIRE(r.has_value() == c.rate.has_value());
    if (r) CHECK(*r == Approx(*c.rate));
  }
}

TEST_CASE("Price factor: currency and tax basis", "[calc][regions]") {
  const Region us = MakeRegion("US", "USD", 0, 0.2, "North America");
  const Region eu = MakeRegion("EU", "EUR", 0.2, 0.3, "Europe");
  const Region cn = MakeRegion("CN", "CNY", 0.1, 0.5, "China");
  struct Case {
    const Region* from;
    const Region* to;
    double factor;
  };
  const Case cases[] = {
      {&us, &us, 1.0},
      {&us, &eu, 0.875 * 1.2},        // $1,000 before tax = 875 € before VAT = 1,050 € with it
      {&eu, &us, 1 / (0.875 * 1.2)},  // and back
      {&us, &cn, 7 * 1.1},
      {&eu, &cn, 8 * 1.1 / 1.2},
  };
  for (const Case& c : cases) {
    INFO(c.from->id + " -> " + c.to->id);
    auto f = PriceFactor(*c.from, *c.to, Rates());
    REQUIRE(f);
    CHECK(*f == Approx(c.factor));
  }
  Region jp = MakeRegion("JP", "JPY", 0.1, 30, "Japan");
  CHECK_FALSE(PriceFactor(us, jp, Rates()));
}

TEST_CASE("Rounding to significant digits (converted budgets)", "[calc][regions]") {
  const std::pair<double, double> cases[] = {{1519, 1500},  {1550, 1600}, {11841, 12000},
                                             {3150, 3200},  {0, 0},       {0.0123, 0.012},
                                             {-1519, -1500}};
  for (auto [in, out] : cases) {
    INFO(in);
    CHECK(RoundSignificant(in, 2) == Approx(out));
  }
  CHECK(RoundSignificant(1519, 0) == Approx(2000));  // at least one digit
}

Gpu MakeGpu(const std::string& id, std::vector<std::string> availability = {}) {
  Gpu g;
  g.id = id;
  g.availability = std::move(availability);
  return g;
}

PriceObservation In(PriceObservation p, const std::string& region) {
  p.region = region;
  return p;
}

TEST_CASE("Regional current prices: own observations first, else converted and marked",
          "[calc][regions]") {
  const auto N = Condition::kNew, U = Condition::kUsed;
  const Region us = MakeRegion("US", "USD", 0, 0.2, "North America");
  const Region eu = MakeRegion("EU", "EUR", 0.2, 0.3, "Europe");
  const Region cn = MakeRegion("CN", "CNY", 0.1, 0.5, "China");
  const std::vector<Gpu> gpus = {MakeGpu("a"), MakeGpu("b"), MakeGpu("cn-only", {"CN"}),
                                 MakeGpu("us-eu", {"US", "EU"})};
  std::vector<PriceObservation> obs = {
      MakePrice("a", "2026-11-01", N, 1000),
      MakePrice("a", "2026-11-01", U, 700),
      MakePrice("b", "2026-11-01", N, 500),
      In(MakePrice("a", "2026-11-02", N, 1100, "EUR"), "EU"),
      In(MakePrice("a", "2026-11-03", N, 1300, "EUR"), "EU"),
      // A US-region price recorded in euros is not a US price, nor an EU one.
      MakePrice("b", "2026-11-04", N, 9, "EUR"),
      In(MakePrice("cn-only", "2026-11-01", N, 14000, "CNY"), "CN"),
      // A card not sold in the US: its stray US price is not used there.
      MakePrice("cn-only", "2026-11-01", N, 2000),
      MakePrice("us-eu", "2026-11-01", N, 800),
  };
  Assumptions a = calc_test::TestAssumptions();
  const CurrentPrices ref = RegionalCurrentPrices(obs, gpus, us, a, nullptr, 1);
  CHECK(ref.size() == 4);  // a new, a used, b new, us-eu new
  CHECK_FALSE(ref.count({"cn-only", N}));
  CHECK(ref.at({"b", N}).usd == 500);
  CHECK_FALSE(ref.at({"b", N}).estimated);

  const double to_eu = *PriceFactor(us, eu, Rates());
  const CurrentPrices e = RegionalCurrentPrices(obs, gpus, eu, a, &ref, to_eu);
  struct Case {
    const char* gpu;
    Condition condition;
    std::optional<double> price;
    bool converted;
  };
  const Case cases[] = {
      {"a", N, 1200, false},        // its own two EUR observations: median 1,200 €
      {"a", U, 700 * to_eu, true},  // none in the EU: the US price converted
      {"b", N, 500 * to_eu, true},     {"cn-only", N, std::nullopt, false},  // not sold in the EU
      {"us-eu", N, 800 * to_eu, true},
  };
  for (const Case& c : cases) {
    INFO(c.gpu << " " << ConditionId(c.condition));
    auto it = e.find({c.gpu, c.condition});
    REQUIRE((it != e.end()) == c.price.has_value());
    if (it == e.end()) continue;
    CHECK(it->second.usd == Approx(*c.price));
    const auto& m = it->second.methods;
    const bool converted = std::find(m.begin(), m.end(), kConvertedMethod) != m.end();
    CHECK(converted == c.converted);
    if (c.converted) CHECK(it->second.estimated);  // a converted price is an estimate
  }

  const CurrentPrices c = RegionalCurrentPrices(obs, gpus, cn, a, &ref, 7.7);
  CHECK(c.at({"cn-only", N}).usd == 14000);
  CHECK_FALSE(c.at({"cn-only", N}).estimated);
  CHECK_FALSE(c.count({"us-eu", N}));  // sold in the US and the EU only
  CHECK(c.at({"b", N}).usd == Approx(500 * 7.7));
}

PriceObservation AsEstimate(PriceObservation p) {
  p.kind = PriceKind::kEstimate;
  p.prov.estimated = true;
  p.estimate_method = "judgement";
  p.evidence_url = "https://example.com/evidence";
  p.evidence_date = p.date;
  return p;
}

TEST_CASE(
    "Regional current prices: a price seen in the region wins over its estimates and over "
    "a conversion",
    "[calc][regions][prices]") {
  const auto N = Condition::kNew;
  const Region us = MakeRegion("US", "USD", 0, 0.2, "North America");
  const Region eu = MakeRegion("EU", "EUR", 0.2, 0.3, "Europe");
  const std::vector<Gpu> gpus = {MakeGpu("a"), MakeGpu("b"), MakeGpu("c")};
  const std::vector<PriceObservation> obs = {
      MakePrice("a", "2026-11-20", N, 1000),  // US, seen
      MakePrice("b", "2026-11-20", N, 2000), MakePrice("c", "2026-11-20", N, 3000),
      // a: an EU estimate newer than the EU listing; the listing wins.
      In(MakePrice("a", "2026-11-01", N, 900, "EUR"), "EU"),
      In(AsEstimate(MakePrice("a", "2026-11-15", N, 1500, "EUR")), "EU"),
      // b: only an EU estimate: it stands (an estimate of the region), not the US conversion.
      In(AsEstimate(MakePrice("b", "2026-11-10", N, 2500, "EUR")), "EU"),
      // c: nothing in the EU: the US price converted, marked as an estimate.
  };
  Assumptions a = calc_test::TestAssumptions();
  const CurrentPrices ref = RegionalCurrentPrices(obs, gpus, us, a, nullptr, 1);
  const double f = *PriceFactor(us, eu, Rates());
  const CurrentPrices e = RegionalCurrentPrices(obs, gpus, eu, a, &ref, f);
  auto converted = [](const CurrentPrice& p) {
    return std::find(p.methods.begin(), p.methods.end(), kConvertedMethod) != p.methods.end();
  };
  const CurrentPrice& pa = e.at({"a", N});
  CHECK(pa.usd == 900);
  CHECK_FALSE(pa.estimated);
  CHECK(pa.basis == PriceBasis::kMarket);
  CHECK(pa.region == "EU");
  const CurrentPrice& pb = e.at({"b", N});
  CHECK(pb.usd == 2500);
  CHECK(pb.estimated);
  CHECK_FALSE(converted(pb));
  const CurrentPrice& pc = e.at({"c", N});
  CHECK(pc.usd == Approx(3000 * f));
  CHECK(pc.estimated);
  CHECK(pc.basis == PriceBasis::kEstimate);
  CHECK(converted(pc));
  CHECK(pc.region == "EU");
  CHECK(pc.currency == "EUR");
  CHECK(pc.newest_sourced_date.empty());
  // The region's share of sourced prices counts the converted one as estimated.
  const PricesAsOf s = SummarisePrices(obs, e, "EU");
  CHECK(s.total == 3);
  CHECK(s.sourced == 1);
  CHECK(s.newest_sourced_date == "2026-11-01");
}

TEST_CASE("Regional assumptions and data", "[calc][regions]") {
  const Region eu = MakeRegion("EU", "EUR", 0.2, 0.3, "Europe");
  const Region us = MakeRegion("US", "USD", 0, 0.2, "North America");
  Assumptions a = calc_test::TestAssumptions();
  const Assumptions r = RegionalAssumptions(a, eu, 1.05);
  CHECK(r.electricity_usd_per_kwh == 0.3);
  CHECK(r.desktop_system_cost_usd == Approx(1500 * 1.05));
  CHECK(r.server_cost_per_gpu_usd == Approx(5000 * 1.05));
  CHECK(r.desktop_system_watts == a.desktop_system_watts);
  CHECK(r.utilisation == a.utilisation);

  Dataset d;
  d.regions = {us, eu};
  CloudOffer o;
  o.id = "x";
  o.usd_per_gpu_hour = 2;
  d.cloud = {o};
  Persona p;
  p.id = "p";
  p.max_budget_usd = 1500;
  d.personas = {p};
  Machine desktop;
  desktop.id = "desktop";
  desktop.circuits = {{"North America", 120, 15, 1, 0.8}, {"Europe", 230, 16, 1, 0.8}};
  Machine server;
  server.id = "server";
  server.circuits = {{"data centre", 415, 32, 3, 0.8}};
  Machine odd;  // has no circuit of the region: keeps all it has
  odd.id = "odd";
  odd.circuits = {{"North America", 120, 20, 1, 0.8}};
  d.machines = {desktop, server, odd};
  const Dataset v = RegionalDataset(d, eu, 1.05, 1.1);
  CHECK(v.cloud[0].usd_per_gpu_hour == Approx(2.2));
  CHECK(*v.personas[0].max_budget_usd == 1600);  // 1,575 € rounded to 2 digits
  REQUIRE(v.machines[0].circuits.size() == 1);
  CHECK(v.machines[0].circuits[0].region == "Europe");
  CHECK(v.machines[1].circuits.size() == 1);  // a data centre's circuit is no household's
  CHECK(v.machines[2].circuits.size() == 1);
  CHECK(d.cloud[0].usd_per_gpu_hour == 2);  // the data itself is untouched
}

TEST_CASE("View of a region: unknown region or missing rate gives none", "[calc][regions]") {
  Dataset d;
  d.regions = {MakeRegion("US", "USD", 0, 0.2, "North America"),
               MakeRegion("EU", "EUR", 0.2, 0.3, "Europe")};
  d.reference_region = "US";
  d.prices = {MakePrice("g", "2026-11-01", Condition::kNew, 1000)};
  d.gpus = {MakeGpu("g")};
  const Assumptions a = calc_test::TestAssumptions();
  CHECK_FALSE(ViewOfRegion(d, a, "XX"));
  CHECK_FALSE(ViewOfRegion(d, a, "EU"));  // no USD -> EUR rate
  d.fx_rates = {Rate("EUR", "USD", 1.25)};
  auto us = ViewOfRegion(d, a, "US");
  REQUIRE(us);
  CHECK(us->factor == 1);
  CHECK_FALSE(us->converts_cloud);
  CHECK(us->prices.at({"g", Condition::kNew}).usd == 1000);
  auto eu = ViewOfRegion(d, a, "EU");
  REQUIRE(eu);
  CHECK(eu->factor == Approx(0.8 * 1.2));
  CHECK(eu->converts_cloud);
  CHECK(eu->assumptions.electricity_usd_per_kwh == 0.3);
  CHECK(eu->prices.at({"g", Condition::kNew}).usd == Approx(960));
}

}  // namespace
}  // namespace gg::calc
