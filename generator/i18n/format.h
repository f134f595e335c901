// Locale formatting with ICU: numbers, money, percentages, dates and memory sizes as a reader
// of that language expects them ("1,599 $" is wrong in English, "1 599 $US" right in French).
// A Formatter is immutable after construction and safe to share between threads.
#pragma once

#include <map>
#include <memory>
#include <string>

namespace gg {

class Formatter {
 public:
  // locale is an ICU locale id such as "en_US", "zh_Hans_CN", "fr_FR". An unknown locale
  // falls back to ICU's root locale (never fails). unit_names maps a unit symbol to the one
  // the language writes ("GB" -> "Go" in French); symbols not in it are written as given.
  explicit Formatter(const std::string& locale, std::map<std::string, std::string> unit_names = {});
  ~Formatter();
  Formatter(const Formatter&) = delete;
  Formatter& operator=(const Formatter&) = delete;

  // Grouped decimal with between min_frac and max_frac fraction digits.
  std::string Number(double value, int max_frac = 1, int min_frac = 0) const;
  // Rounded to `significant` significant digits (for ratios such as 1.23×).
  std::string Significant(double value, int significant) const;
  // US dollars in the locale's currency pattern, rounded to whole dollars unless cents.
  std::string Usd(double value, bool cents = false) const;
  // value is a fraction (0.15 -> "15 %" in French, "15%" in English).
  std::string Percent(double fraction, int max_frac = 0) const;
  // An ISO date (YYYY-MM-DD) in the locale's long form; the input unchanged when malformed.
  std::string Date(const std::string& iso) const;
  // Bytes as decimal gigabytes ("42.1 GB"); GiB when binary is set.
  std::string Gigabytes(double bytes, bool binary = false, int max_frac = 1) const;
  // A number followed by a unit with the locale's spacing ("1,008 GB/s").
  std::string WithUnit(double value, const std::string& unit, int max_frac = 0) const;

  const std::string& locale() const { return locale_; }

 private:
  std::string locale_;
  std::map<std::string, std::string> unit_names_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gg
