// ISO calendar dates as day numbers: price windows, chart time axes and date checks all use
// these, without a time zone, a locale or the wall clock.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gg {

// Days from 1970-01-01 to the proleptic Gregorian date y-m-d (negative before 1970).
// Howard Hinnant's days_from_civil algorithm. Month 1..12 and day 1..31 are expected; other
// values give an unspecified (but defined, non-crashing) result: call ParseIsoDate first.
int64_t DaysFromCivil(int64_t y, int m, int d);

// Parses exactly "YYYY-MM-DD" (four-digit year, month 01..12, a day that exists in that
// month, leap years included) into days since 1970-01-01. Anything else (other lengths,
// time parts, "2026-02-30") gives nullopt.
std::optional<int64_t> ParseIsoDate(std::string_view text);

// True for YYYY-MM-DD naming a real day (2024-02-29 yes, 2023-02-29 and 2026-11-31 no).
inline bool IsIsoDate(std::string_view s) {
  return ParseIsoDate(s).has_value();
}

}  // namespace gg
