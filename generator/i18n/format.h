// Locale formatting with ICU: numbers, money, percentages, dates and memory sizes as a reader
// of that language expects them ("1,599 $" is wrong in English, "1 599 $US" right in French).
// A Formatter is immutable after construction and safe to share between threads.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gg {

class Formatter {
 public:
  // locale is an ICU locale id such as "en_US", "zh_Hans_CN", "fr_FR". An unknown locale
  // falls back to ICU's root locale (never fails). unit_names maps a unit symbol to the one
  // the language writes ("GB" -> "Go" in French); symbols not in it are written as given.
  // day_pattern, when given, is an ICU MessageFormat for the day of the month in long dates,
  // argument "day" ("{day, selectordinal, one {#er} other {#}}" gives "1er novembre").
  // currency (ISO 4217) is the money of the language's region (data/regions.json): what
  // Money writes.
  explicit Formatter(const std::string& locale, std::map<std::string, std::string> unit_names = {},
                     std::string day_pattern = {}, std::string currency = "USD");
  ~Formatter();
  Formatter(const Formatter&) = delete;
  Formatter& operator=(const Formatter&) = delete;

  // Grouped decimal with between min_frac and max_frac fraction digits.
  std::string Number(double value, int max_frac = 1, int min_frac = 0) const;
  // Rounded to `significant` significant digits (for ratios such as 1.23×).
  std::string Significant(double value, int significant) const;
  // US dollars in the locale's currency pattern, rounded to whole dollars unless cents.
  std::string Usd(double value, bool cents = false) const;
  // An amount of the language's region's money (the constructor's currency) in the locale's
  // currency pattern, rounded to whole units unless cents: "$1,599", "1 599 €", "¥1,599.00"
  // (ICU's notation for the locale and currency). Every price, cost and electricity price of
  // a page is one, as its region's view computes them (calc/regions.h).
  std::string Money(double value, bool cents = false) const;
  const std::string& currency() const { return currency_; }
  // An amount of the currency `code` (ISO 4217), as Money writes its own.
  std::string Currency(const std::string& code, double value, bool cents = false) const;
  // US dollars with exactly `fraction_digits` fraction digits (0.175 with 3 gives "$0.175"):
  // a figure an author wrote keeps its digits, where Usd would round it to cents.
  std::string UsdDigits(double value, int fraction_digits) const;
  // The US dollar's symbol as this locale writes it next to amounts ("$" in English, "$US" in
  // French, "US$" in Chinese): the one notation a label uses for the currency of its figures.
  std::string UsdSymbol() const;
  // The symbol of the constructor's currency as this locale writes it ("€", "CN¥"); UsdSymbol()
  // for USD.
  std::string MoneySymbol() const;
  // UI-string text with the currency tokens replaced: "{usd}" by MoneySymbol(), "{usd:N}" by
  // Money(N) ("per {usd:1000}" → "per $1,000"; with EUR « pour 1 000 € »): the money of the
  // language's region (the token's name predates regions). Other braces are kept.
  std::string WithCurrency(const std::string& text) const;
  // value is a fraction (0.15 -> "15 %" in French, "15%" in English).
  std::string Percent(double fraction, int max_frac = 0) const;
  // An ISO date (YYYY-MM-DD) in the locale's long form; the input unchanged when malformed.
  std::string Date(const std::string& iso) const;
  // An ICU MessageFormat pattern with one numeric argument, e.g. "{v, plural, one {# an}
  // other {# ans}}" with v = 1.5 gives "1,5 an" in French: plural and ordinal rules of the
  // locale. A pattern ICU rejects is returned as written, so a typo shows on the page.
  std::string Message(const std::string& pattern, const std::string& arg, double value) const;
  // Bytes as decimal gigabytes ("42.1 GB"); GiB when binary is set.
  std::string Gigabytes(double bytes, bool binary = false, int max_frac = 1) const;
  // Items as an "or" list in the locale's words ("A, B or C", « A, B ou C », "A、B或C"); one
  // item as it is, none as "". ICU's list patterns (ListFormatter, type OR).
  std::string OrList(const std::vector<std::string>& items) const;
  // A number followed by a unit with the locale's spacing ("1,008 GB/s").
  std::string WithUnit(double value, const std::string& unit, int max_frac = 0) const;

  const std::string& locale() const { return locale_; }

 private:
  std::string FormatDate(const std::string& iso) const;
  std::string FormatMessage(const std::string& pattern, const std::string& arg, double value) const;

  std::string locale_;
  std::string currency_;
  std::string day_pattern_;
  std::map<std::string, std::string> unit_names_;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gg
