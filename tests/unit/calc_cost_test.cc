#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "calc/cost.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

// The 2020 cloud-versus-desktop example of the guide's source (guide-facts.md §7): a 2,200 $
// desktop with one RTX 3090, 350 W GPU + 100 W CPU, 15 % utilisation, 0.12 $/kWh, against an
// AWS V100 at 2.14 $/h on demand or about 0.9 $/h spot.
TEST_CASE("Electricity per year: the 2020 example", "[calc][cost]") {
  CHECK(EnergyKwhPerYear(450, 0.15) == Approx(591.3));              // "591 kWh"
  CHECK(ElectricityUsdPerYear(450, 0.15, 0.12) == Approx(70.956));  // "≈ 71 $/year"
  CHECK(ElectricityUsdPerYear(0, 0.15, 0.12) == 0);
}

TEST_CASE("Break-even days against the cloud", "[calc][cost]") {
  struct Case {
    const char* what;
    double desktop, watts, per_hour, utilisation, kwh;
    std::optional<double> days;
  };
  const Case cases[] = {
      // 2200 / (2.14·24·0.15 − 70.956/365) = 2200 / (7.704 − 0.1944) = 292.96 days; the
      // source rounds to "≈ 300 days".
      {"on demand V100", 2200, 450, 2.14, 0.15, 0.12, 292.96},
      // 2200 / (0.9·24·0.15 − 0.1944) = 722.3 days = 23.7 months. The source says "≈ 20
      // months": its figure rests on a slightly higher spot price (~1.06 $/h gives 20
      // months); the formula is what the guide computes, and it says so.
      {"spot V100", 2200, 450, 0.9, 0.15, 0.12, 722.34},
      {"free electricity", 2200, 450, 2.14, 0.15, 0, 2200 / 7.704},
      {"free desktop", 0, 450, 2.14, 0.15, 0.12, 0},
      {"cloud cheaper than the power bill", 2200, 450, 0.005, 0.15, 0.12, std::nullopt},
      {"never used", 2200, 450, 2.14, 0, 0.12, std::nullopt},
      {"negative input", 2200, -1, 2.14, 0.15, 0.12, std::nullopt},
      {"NaN input", std::nan(""), 450, 2.14, 0.15, 0.12, std::nullopt},
      {"infinite input", 2200, 450, std::numeric_limits<double>::infinity(), 0.15, 0.12,
       std::nullopt},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    auto days = BreakEvenDays(c.desktop, c.watts, c.per_hour, c.utilisation, c.kwh);
    REQUIRE(days.has_value() == c.days.has_value());
    if (days) CHECK(*days == Approx(*c.days).epsilon(1e-4));
  }
  auto spot = BreakEvenDays(2200, 450, 0.9, 0.15, 0.12);
  CHECK(*spot / kDaysPerYear * 12 == Approx(23.7).epsilon(0.01));
  auto on_demand = BreakEvenDays(2200, 450, 2.14, 0.15, 0.12);
  CHECK(std::fabs(*on_demand - 300) / 300 < 0.03);  // the source's "≈ 300 days"
}

TEST_CASE("Cost of ownership by segment", "[calc][cost]") {
  const Assumptions a = calc_test::TestAssumptions();  // 5 years, 0.12 $/kWh, 15 %
  const Gpu consumer = calc_test::MakeGpu("c", Segment::kConsumer, 24, 1000, 1, "ada", 1, {}, 350);
  const Gpu server =
      calc_test::MakeGpu("s", Segment::kDatacenter, 80, 3000, 1, "hopper", 1, {}, 700);
  struct Case {
    const Gpu* gpu;
    double price;
    int count;
    double system, watts, total;
  };
  const double per_watt_5y = 0.15 * 8.76 * 0.12 * 5;  // USD per watt over five years
  const Case cases[] = {
      // One desktop (1,500 $, 100 W) whatever the number of cards.
      {&consumer, 1000, 1, 1500, 450, 1000 + 1500 + 450 * per_watt_5y},
      {&consumer, 1000, 2, 1500, 800, 2000 + 1500 + 800 * per_watt_5y},
      // A server share (5,000 $, 250 W) per card.
      {&server, 25000, 1, 5000, 950, 25000 + 5000 + 950 * per_watt_5y},
      {&server, 25000, 4, 20000, 3800, 100000 + 20000 + 3800 * per_watt_5y},
      {&consumer, 1000, 0, 1500, 450, 1000 + 1500 + 450 * per_watt_5y},  // count 0 → 1
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " x" << c.count);
    OwnershipCost o = CostOfOwnership(*c.gpu, c.price, c.count, a);
    CHECK(o.system_usd == Approx(c.system));
    CHECK(o.watts == Approx(c.watts));
    CHECK(o.years == 5);
    CHECK(o.total_usd == Approx(c.total));
  }
}

TEST_CASE("Cost on a basis uses the cheapest allowed condition", "[calc][cost]") {
  const Assumptions a = calc_test::TestAssumptions();
  const CurrentPrices prices = ComputeCurrentPrices(calc_test::TestPrices(), 30, 0);
  const Gpu g =
      calc_test::MakeGpu("rtx-4090", Segment::kConsumer, 24, 1008, 72, "ada", 165, {}, 450);
  CHECK_FALSE(CostOnBasis(g, CostBasis::kNone, 1, prices, {}, a));
  auto used = CostOnBasis(g, CostBasis::kGpu, 2, prices, {}, a);
  REQUIRE(used);
  CHECK(used->usd == 3000);
  CHECK(used->price.condition == Condition::kUsed);
  auto fresh = CostOnBasis(g, CostBasis::kOwnership, 1, prices, {Condition::kNew}, a);
  REQUIRE(fresh);
  CHECK(fresh->usd == Approx(CostOfOwnership(g, 1849, 1, a).total_usd));
  CHECK(ParseCostBasis("ownership") == CostBasis::kOwnership);
  CHECK_FALSE(ParseCostBasis("owner"));
}

}  // namespace
}  // namespace gg::calc
