#include "charts/scale.h"

#include "base/dates.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gg::charts {
namespace {

double Pow10(int e) {
  double r = 1;
  for (int i = 0; i < std::abs(e); ++i) r *= 10;
  return e < 0 ? 1 / r : r;
}

// k * m * 10^e computed so that 0.1 + 0.2 style noise does not appear in tick values.
double TickValue(long long k, double m, int e) {
  double km = static_cast<double>(k) * m;
  return e < 0 ? km / Pow10(-e) : km * Pow10(e);
}

}  // namespace

Ticks NiceTicks(double lo, double hi, int max_ticks) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {{0, 1}, 1};
  if (lo > hi) std::swap(lo, hi);
  if (lo == hi) {
    double pad = lo == 0 ? 1 : std::abs(lo) * 0.1;
    lo -= pad;
    hi += pad;
    if (lo < 0 && lo + pad >= 0) lo = 0;  // keep 0-based ranges 0-based
  }
  max_ticks = std::max(2, max_ticks);
  static constexpr double kMantissas[] = {1, 2, 2.5, 5};
  double raw = (hi - lo) / (max_ticks - 1);
  int e = static_cast<int>(std::floor(std::log10(raw)));
  // Try steps from fine to coarse until the tick count fits.
  for (int ee = e - 1; ee <= e + 2; ++ee) {
    for (double m : kMantissas) {
      double step = TickValue(1, m, ee);
      long long first = static_cast<long long>(std::floor(lo / step + 1e-9));
      long long last = static_cast<long long>(std::ceil(hi / step - 1e-9));
      if (last - first + 1 > max_ticks) continue;
      Ticks t;
      t.step = step;
      for (long long k = first; k <= last; ++k) t.values.push_back(TickValue(k, m, ee));
      if (t.values.size() < 2) t.values.push_back(TickValue(last + 1, m, ee));
      return t;
    }
  }
  return {{lo, hi}, hi - lo};
}

Ticks LogTicks(double lo, double hi, int max_ticks) {
  constexpr double kTiny = 1e-12;
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {{1, 10}, 10};
  if (lo > hi) std::swap(lo, hi);
  lo = std::max(lo, kTiny);
  hi = std::max(hi, lo);
  max_ticks = std::max(2, max_ticks);
  struct Pattern {
    std::vector<double> mantissas;
    int decade_step;
  };
  static const Pattern kPatterns[] = {{{1, 2, 5}, 1}, {{1, 3}, 1}, {{1}, 1}, {{1}, 2}, {{1}, 5}};
  int e0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
  int e1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
  Ticks best;
  for (const Pattern& p : kPatterns) {
    std::vector<double> all;
    int start = e0 - 1;
    start -= ((start % p.decade_step) + p.decade_step) % p.decade_step;
    for (int e = start; e <= e1 + p.decade_step; e += p.decade_step) {
      for (double m : p.mantissas) all.push_back(TickValue(1, m, e));
    }
    // Last tick <= lo, first tick >= hi, and everything between.
    size_t i0 = 0, i1 = all.size() - 1;
    for (size_t i = 0; i < all.size(); ++i) {
      if (all[i] <= lo * (1 + 1e-9)) i0 = i;
    }
    for (size_t i = all.size(); i-- > 0;) {
      if (all[i] >= hi * (1 - 1e-9)) i1 = i;
    }
    Ticks t;
    t.values.assign(all.begin() + static_cast<long>(i0), all.begin() + static_cast<long>(i1) + 1);
    t.step = p.decade_step;
    if (t.values.size() < 2) t.values.push_back(t.values.back() * 10);
    best = t;
    if (static_cast<int>(t.values.size()) <= max_ticks) return t;
  }
  return best;
}

Scale Scale::Linear(double d0, double d1, double r0, double r1) {
  Scale s;
  s.d0_ = d0;
  s.d1_ = d1 == d0 ? d0 + 1 : d1;
  s.r0_ = r0;
  s.r1_ = r1;
  return s;
}

Scale Scale::Log(double d0, double d1, double r0, double r1) {
  Scale s;
  s.log_ = true;
  s.d0_ = std::log10(std::max(d0, 1e-12));
  s.d1_ = std::log10(std::max(d1, 1e-12));
  if (s.d1_ == s.d0_) s.d1_ = s.d0_ + 1;
  s.r0_ = r0;
  s.r1_ = r1;
  return s;
}

double Scale::operator()(double v) const {
  double d = log_ ? std::log10(std::max(v, 1e-12)) : v;
  return r0_ + (d - d0_) / (d1_ - d0_) * (r1_ - r0_);
}

double Scale::Invert(double px) const {
  double d = d0_ + (px - r0_) / (r1_ - r0_) * (d1_ - d0_);
  return log_ ? std::pow(10.0, d) : d;
}

// Howard Hinnant's algorithms (public domain), http://howardhinnant.github.io/date_algorithms.html
int DaysFromCivil(CivilDate d) {
  return static_cast<int>(gg::DaysFromCivil(d.year, d.month, d.day));
}

CivilDate CivilFromDays(int z) {
  z += 719468;
  int era = (z >= 0 ? z : z - 146096) / 146097;
  int doe = z - era * 146097;
  int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int y = yoe + era * 400;
  int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int mp = (5 * doy + 2) / 153;
  int d = doy - (153 * mp + 2) / 5 + 1;
  int m = mp < 10 ? mp + 3 : mp - 9;
  return {m <= 2 ? y + 1 : y, m, d};
}

std::optional<int> ParseIsoDate(std::string_view iso) {
  auto days = gg::ParseIsoDate(iso);
  if (!days) return std::nullopt;
  return static_cast<int>(*days);
}

std::string FormatIsoDate(int days) {
  CivilDate d = CivilFromDays(days);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", d.year, d.month, d.day);
  return buf;
}

std::vector<DateTick> DateTicks(int lo, int hi, int max_ticks) {
  if (lo > hi) std::swap(lo, hi);
  max_ticks = std::max(1, max_ticks);
  struct Step {
    DateUnit unit;
    int n;
  };
  static constexpr Step kSteps[] = {
      {DateUnit::kDay, 1},   {DateUnit::kDay, 2},   {DateUnit::kDay, 7},   {DateUnit::kDay, 14},
      {DateUnit::kMonth, 1}, {DateUnit::kMonth, 2}, {DateUnit::kMonth, 3}, {DateUnit::kMonth, 6},
      {DateUnit::kYear, 1},  {DateUnit::kYear, 2},  {DateUnit::kYear, 5},  {DateUnit::kYear, 10},
      {DateUnit::kYear, 20}, {DateUnit::kYear, 50}};
  std::vector<DateTick> out;
  for (const Step& s : kSteps) {
    out.clear();
    if (s.unit == DateUnit::kDay) {
      // Weekly steps fall on Mondays (1970-01-05 was a Monday); daily steps on every n-th day.
      int anchor = s.n >= 7 ? 4 : 0;
      int first = lo + (((anchor - lo) % s.n) + s.n) % s.n;
      for (int d = first; d <= hi && static_cast<int>(out.size()) <= max_ticks; d += s.n) {
        out.push_back({d, DateUnit::kDay});
      }
    } else {
      CivilDate c = CivilFromDays(lo);
      int months_per = s.unit == DateUnit::kMonth ? s.n : 12 * s.n;
      // Month index since year 0, rounded up to the next multiple of the step.
      long m = static_cast<long>(c.year) * 12 + (c.month - 1);
      if (c.day != 1) ++m;
      m += ((months_per - m % months_per) % months_per);
      for (;; m += months_per) {
        int d = DaysFromCivil({static_cast<int>(m / 12), static_cast<int>(m % 12) + 1, 1});
        if (d > hi) break;
        out.push_back({d, s.unit});
        if (static_cast<int>(out.size()) > max_ticks) break;
      }
    }
    if (static_cast<int>(out.size()) <= max_ticks) return out;
  }
  return out;
}

}  // namespace gg::charts
