#include <catch2/catch.hpp>

#include "calc/dates.h"

namespace gg::calc {
namespace {

TEST_CASE("DaysFromCivil counts days from 1970-01-01", "[calc][dates]") {
  struct Case {
    int y, m, d;
    int64_t days;
  };
  // Reference values: Howard Hinnant, "chrono-Compatible Low-Level Date Algorithms", and
  // `date -d YYYY-MM-DD +%s` / 86400.
  const Case cases[] = {
      {1970, 1, 1, 0},      {1969, 12, 31, -1},    {2000, 3, 1, 11017},
      {2024, 2, 29, 19782}, {2026, 11, 10, 20767}, {1600, 1, 1, -135140},
  };
  for (const Case& c : cases) {
    INFO(c.y << "-" << c.m << "-" << c.d);
    CHECK(DaysFromCivil(c.y, c.m, c.d) == c.days);
  }
}

TEST_CASE("ParseIsoDate accepts only real YYYY-MM-DD dates", "[calc][dates]") {
  CHECK(ParseIsoDate("2024-02-29") == 19782);
  CHECK(*ParseIsoDate("2026-11-10") - *ParseIsoDate("2026-10-11") == 30);
  const char* errors[] = {"",           "2023-02-29",       "2026-02-30", "2026-13-01",
                          "2026-00-10", "2026-04-31",       "26-01-01",   "2026-1-01",
                          "2026/01/01", "2026-01-01T00:00", "abcd-ef-gh", "2026-01-00",
                          "+026-01-01"};
  for (const char* e : errors) {
    INFO(e);
    CHECK_FALSE(ParseIsoDate(e).has_value());
  }
}

}  // namespace
}  // namespace gg::calc
