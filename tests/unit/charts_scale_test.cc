// Tick choice and calendar arithmetic of charts/scale.h.
#include <catch2/catch.hpp>

#include "charts/scale.h"

namespace gg::charts {
namespace {

TEST_CASE("NiceTicks picks 1-2-2.5-5 steps that cover the range", "[charts][scale]") {
  struct Case {
    double lo, hi;
    int max_ticks;
    std::vector<double> want;
  };
  const Case cases[] = {
      {0, 1, 6, {0, 0.2, 0.4, 0.6, 0.8, 1}},
      {0, 4.1, 3, {0, 2.5, 5}},
      {0, 4.1, 8, {0, 1, 2, 3, 4, 5}},
      {0, 100, 5, {0, 25, 50, 75, 100}},
      {0, 106, 6, {0, 25, 50, 75, 100, 125}},
      {290, 28000, 5, {0, 10000, 20000, 30000}},
      {-3, 7, 6, {-5, -2.5, 0, 2.5, 5, 7.5}},
      {0.1, 0.3, 3, {0.1, 0.2, 0.3}},
      {5, 5, 4, {4.5, 5, 5.5}},
      {0, 0, 4, {0, 0.5, 1}},
  };
  for (const Case& c : cases) {
    INFO("range " << c.lo << ".." << c.hi << " max " << c.max_ticks);
    Ticks t = NiceTicks(c.lo, c.hi, c.max_ticks);
    REQUIRE(t.values.size() == c.want.size());
    for (size_t i = 0; i < c.want.size(); ++i)
      CHECK(t.values[i] == Approx(c.want[i]).margin(1e-12));
    CHECK(t.lo() <= c.lo);
    CHECK(t.hi() >= c.hi);
  }
}

TEST_CASE("NiceTicks values are exact decimals", "[charts][scale]") {
  Ticks t = NiceTicks(0, 0.7, 8);
  REQUIRE(t.values.size() == 8);
  CHECK(t.values[3] == 0.3);  // not 0.30000000000000004
}

TEST_CASE("NiceTicks survives non-finite input", "[charts][scale]") {
  Ticks t = NiceTicks(0, INFINITY, 5);
  CHECK(t.values == std::vector<double>{0, 1});
}

TEST_CASE("LogTicks uses the densest decade pattern that fits", "[charts][scale]") {
  struct Case {
    double lo, hi;
    int max_ticks;
    std::vector<double> want;
  };
  const Case cases[] = {
      {200, 28000, 7, {100, 300, 1000, 3000, 10000, 30000}},
      {200, 28000, 12, {200, 500, 1000, 2000, 5000, 10000, 20000, 50000}},
      {200, 28000, 4, {100, 1000, 10000, 100000}},
      {1, 1e6, 4, {1, 100, 10000, 1e6}},
  };
  for (const Case& c : cases) {
    INFO("range " << c.lo << ".." << c.hi << " max " << c.max_ticks);
    Ticks t = LogTicks(c.lo, c.hi, c.max_ticks);
    REQUIRE(t.values.size() == c.want.size());
    for (size_t i = 0; i < c.want.size(); ++i) CHECK(t.values[i] == Approx(c.want[i]));
  }
}

TEST_CASE("Scale maps linearly and logarithmically, and inverts", "[charts][scale]") {
  Scale lin = Scale::Linear(0, 10, 100, 200);
  CHECK(lin(5) == Approx(150));
  CHECK(lin.Invert(175) == Approx(7.5));
  Scale y = Scale::Linear(0, 10, 300, 100);  // y axes run upwards
  CHECK(y(10) == Approx(100));
  Scale log = Scale::Log(100, 10000, 0, 200);
  CHECK(log(1000) == Approx(100));
  CHECK(log.Invert(200) == Approx(10000));
}

TEST_CASE("Civil dates round-trip and ISO parsing is strict", "[charts][scale]") {
  CHECK(DaysFromCivil({1970, 1, 1}) == 0);
  CHECK(DaysFromCivil({2000, 3, 1}) == 11017);
  CHECK(FormatIsoDate(DaysFromCivil({2024, 2, 29})) == "2024-02-29");
  for (int d = -1000; d < 30000; d += 37) CHECK(DaysFromCivil(CivilFromDays(d)) == d);
  const struct {
    const char* text;
    bool ok;
  } cases[] = {{"2024-02-29", true},  {"2023-02-29", false}, {"2024-13-01", false},
               {"2024-1-01", false},  {"24-01-01", false},   {"2024-01-01T00", false},
               {"abcd-ef-gh", false}, {"1999-12-31", true}};
  for (const auto& c : cases) {
    INFO(c.text);
    CHECK(ParseIsoDate(c.text).has_value() == c.ok);
  }
}

TEST_CASE("DateTicks falls on month and year starts", "[charts][scale]") {
  int lo = *ParseIsoDate("2023-03-05"), hi = *ParseIsoDate("2025-02-10");
  std::vector<DateTick> quarters = DateTicks(lo, hi, 10);
  REQUIRE(!quarters.empty());
  std::vector<std::string> got;
  for (const DateTick& t : quarters) got.push_back(FormatIsoDate(t.days));
  CHECK(got == std::vector<std::string>{"2023-04-01", "2023-07-01", "2023-10-01", "2024-01-01",
                                        "2024-04-01", "2024-07-01", "2024-10-01", "2025-01-01"});
  CHECK(quarters[0].unit == DateUnit::kMonth);

  std::vector<DateTick> years = DateTicks(lo, hi, 3);
  got.clear();
  for (const DateTick& t : years) got.push_back(FormatIsoDate(t.days));
  CHECK(got == std::vector<std::string>{"2024-01-01", "2025-01-01"});
  CHECK(years[0].unit == DateUnit::kYear);

  std::vector<DateTick> days = DateTicks(lo, lo + 6, 10);
  CHECK(days.size() == 7);
  CHECK(days[0].unit == DateUnit::kDay);
  for (const DateTick& t : DateTicks(lo, lo + 60, 10)) {
    CHECK(((t.days - 4) % 7 + 7) % 7 == 0);  // weekly ticks on Mondays
  }
}

}  // namespace
}  // namespace gg::charts
