// Scales and tick choice: pure arithmetic, no text, no drawing.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gg::charts {

// Ticks on a linear axis: consecutive multiples of a step of 1, 2, 2.5 or 5 × 10^k, the
// finest step giving at most max(2, max_ticks) values. The first tick is <= lo and the last
// >= hi. When lo == hi the range is first widened around the value (0 stays the lower end of
// [0, 0]). Non-finite input gives {0, 1}.
struct Ticks {
  std::vector<double> values;
  double step = 1;
  double lo() const { return values.front(); }
  double hi() const { return values.back(); }
};
Ticks NiceTicks(double lo, double hi, int max_ticks);

// Ticks on a log-10 axis for lo, hi > 0: the densest of 1-2-5, 1-3, 1 per decade, 1 per two
// decades that yields at most max_ticks values, extended to one tick at or beyond each end.
// Non-positive input is clamped to a tiny positive value.
Ticks LogTicks(double lo, double hi, int max_ticks);

// Maps a domain interval onto a pixel interval (r0 may be > r1 for y axes), linear or log-10.
class Scale {
 public:
  Scale() = default;  // identity on [0, 1]
  static Scale Linear(double d0, double d1, double r0, double r1);
  static Scale Log(double d0, double d1, double r0, double r1);  // d0, d1 > 0
  double operator()(double v) const;
  double Invert(double px) const;
  bool log() const { return log_; }

 private:
  double d0_ = 0, d1_ = 1, r0_ = 0, r1_ = 1;
  bool log_ = false;
};

// Calendar dates as days since 1970-01-01 (proleptic Gregorian), for time axes.
struct CivilDate {
  int year = 1970;
  int month = 1;  // 1..12
  int day = 1;    // 1..31
};
int DaysFromCivil(CivilDate d);
CivilDate CivilFromDays(int days);
// Strict "YYYY-MM-DD" (a valid calendar date) → days; nullopt otherwise.
std::optional<int> ParseIsoDate(std::string_view iso);
std::string FormatIsoDate(int days);  // "YYYY-MM-DD"

// Granularity of a date tick, so the caller's formatter can write "2024", "Mar 2024" or
// "5 Mar" in the page's locale.
enum class DateUnit { kDay, kMonth, kYear };
struct DateTick {
  int days = 0;
  DateUnit unit = DateUnit::kDay;
};
// Ticks inside [lo, hi] (days): the finest of 1, 2, 7, 14 days, 1, 2, 3, 6 months, 1, 2, 5,
// 10, 20, 50 years that gives at most max_ticks ticks. Month ticks fall on the 1st of months
// that are multiples of the step (quarters: Jan, Apr, Jul, Oct); year ticks on 1 January.
std::vector<DateTick> DateTicks(int lo, int hi, int max_ticks);

}  // namespace gg::charts
