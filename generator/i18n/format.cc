#include "i18n/format.h"

#include "base/dates.h"

#include <unicode/calendar.h>
#include <unicode/datefmt.h>
#include <unicode/fieldpos.h>
#include <unicode/fmtable.h>
#include <unicode/listformatter.h>
#include <unicode/msgfmt.h>
#include <unicode/numberformatter.h>
#include <unicode/timezone.h>
#include <unicode/ucurr.h>
#include <unicode/unistr.h>

#include <cmath>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace gg {

namespace nf = icu::number;

// Creating ICU formatters is most of the cost of formatting (resource-bundle lookups), and a
// build formats the same few thousand values on many pages: every result is kept, per
// Formatter, behind a mutex (formatters are shared by the pages of a language, which render
// on several threads). A Formatter lives for one build, so the memo is bounded by what that
// build formats.
struct Formatter::Impl {
  icu::Locale locale;
  nf::LocalizedNumberFormatter base;
  std::mutex mutex;
  std::unordered_map<std::string, std::string> memo;
  // The formatters derived from `base` (a precision, a unit), one per option set, made on
  // first use and kept: a new one formats its first values on ICU's slow path (it compiles
  // itself after a few calls), which was a quarter of a page render when made per value.
  // ICU's LocalizedNumberFormatter is immutable and safe to use from several threads.
  std::mutex formatters_mutex;
  std::unordered_map<std::string, std::unique_ptr<nf::LocalizedNumberFormatter>> formatters;
  // The long date format of the locale in UTC, created on first use (creating one is a
  // resource-bundle lookup: it was 13 % of page rendering when made per date). ICU formats
  // are not safe to share between threads, so every use holds date_mutex.
  std::mutex date_mutex;
  std::unique_ptr<icu::DateFormat> date_format;

  // The formatter for `options` (a key), made by `make` on first use.
  template <typename Make>
  const nf::LocalizedNumberFormatter& Derived(const std::string& options, const Make& make) {
    std::lock_guard<std::mutex> lock(formatters_mutex);
    auto& slot = formatters[options];
    if (!slot) slot = std::make_unique<nf::LocalizedNumberFormatter>(make());
    return *slot;
  }

  template <typename Make>
  std::string Memo(const std::string& key, const Make& make) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (auto it = memo.find(key); it != memo.end()) return it->second;
    }
    std::string value = make();
    std::lock_guard<std::mutex> lock(mutex);
    return memo.emplace(key, std::move(value)).first->second;
  }
};

namespace {

// A memo key: the operation, its whole-number options and the exact bits of the value.
std::string KeyOf(char op, int a, int b, double value) {
  std::string k(1, op);
  k += std::to_string(a) + ',' + std::to_string(b) + ',';
  char bits[sizeof value];
  std::memcpy(bits, &value, sizeof value);
  k.append(bits, sizeof value);
  return k;
}

std::string ToUtf8(const icu::UnicodeString& s) {
  std::string out;
  s.toUTF8String(out);
  return out;
}

std::string Run(const nf::LocalizedNumberFormatter& f, double value) {
  UErrorCode status = U_ZERO_ERROR;
  auto formatted = f.formatDouble(value, status);
  if (U_FAILURE(status)) return std::to_string(value);
  return ToUtf8(formatted.toString(status));
}

}  // namespace

Formatter::Formatter(const std::string& locale, std::map<std::string, std::string> unit_names,
                     std::string day_pattern, std::string currency)
    : locale_(locale),
      currency_(std::move(currency)),
      day_pattern_(std::move(day_pattern)),
      unit_names_(std::move(unit_names)),
      impl_(std::make_unique<Impl>()) {
  impl_->locale = icu::Locale::createCanonical(locale.c_str());
  impl_->base = nf::NumberFormatter::withLocale(impl_->locale);
}

Formatter::~Formatter() = default;

std::string Formatter::Number(double value, int max_frac, int min_frac) const {
  return impl_->Memo(KeyOf('n', max_frac, min_frac, value), [&] {
    const auto& f = impl_->Derived(KeyOf('n', max_frac, min_frac, 0), [&] {
      return impl_->base.precision(nf::Precision::minMaxFraction(min_frac, max_frac));
    });
    return Run(f, value);
  });
}

std::string Formatter::Significant(double value, int significant) const {
  return impl_->Memo(KeyOf('s', significant, 0, value), [&] {
    const auto& f = impl_->Derived(KeyOf('s', significant, 0, 0), [&] {
      return impl_->base.precision(nf::Precision::maxSignificantDigits(significant));
    });
    return Run(f, value);
  });
}

std::string Formatter::Usd(double value, bool cents) const {
  return Currency("USD", value, cents);
}

std::string Formatter::Money(double value, bool cents) const {
  return Currency(currency_, value, cents);
}

std::string Formatter::Currency(const std::string& code, double value, bool cents) const {
  // Keyed by the currency: a page writes amounts of several (a GPU's price in every region).
  const std::string key =
      code == "USD" ? KeyOf('u', cents, 0, value) : code + KeyOf('m', cents, 0, value);
  return impl_->Memo(key, [&] {
    const auto& f = impl_->Derived(code + KeyOf('m', cents, 0, 0), [&] {
      UErrorCode status = U_ZERO_ERROR;
      icu::CurrencyUnit unit(icu::StringPiece(code), status);
      if (U_FAILURE(status)) {
        status = U_ZERO_ERROR;
        unit = icu::CurrencyUnit(u"XXX", status);
      }
      return impl_->base.unit(unit).precision(cents ? nf::Precision::fixedFraction(2)
                                                    : nf::Precision::integer());
    });
    return Run(f, value);
  });
}

std::string Formatter::UsdDigits(double value, int fraction_digits) const {
  return impl_->Memo(KeyOf('U', fraction_digits, 0, value), [&] {
    const auto& f = impl_->Derived(KeyOf('U', fraction_digits, 0, 0), [&] {
      UErrorCode status = U_ZERO_ERROR;
      icu::CurrencyUnit usd(u"USD", status);
      return impl_->base.unit(usd).precision(nf::Precision::fixedFraction(fraction_digits));
    });
    return Run(f, value);
  });
}

std::string Formatter::UsdSymbol() const {
  return impl_->Memo("$", [&] {
    UErrorCode status = U_ZERO_ERROR;
    UBool is_choice = false;
    int32_t len = 0;
    const UChar* name = ucurr_getName(u"USD", impl_->locale.getName(), UCURR_SYMBOL_NAME,
                                      &is_choice, &len, &status);
    if (U_FAILURE(status) || !name) return std::string("US$");
    return ToUtf8(icu::UnicodeString(name, len));
  });
}

std::string Formatter::MoneySymbol() const {
  if (currency_ == "USD") return UsdSymbol();
  return impl_->Memo("$" + currency_, [&] {
    UErrorCode status = U_ZERO_ERROR;
    UBool is_choice = false;
    int32_t len = 0;
    icu::UnicodeString code = icu::UnicodeString::fromUTF8(currency_);
    const UChar* name = ucurr_getName(code.getTerminatedBuffer(), impl_->locale.getName(),
                                      UCURR_SYMBOL_NAME, &is_choice, &len, &status);
    if (U_FAILURE(status) || !name) return currency_;
    return ToUtf8(icu::UnicodeString(name, len));
  });
}

std::string Formatter::WithCurrency(const std::string& text) const {
  if (text.find("{usd") == std::string::npos) return text;
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    size_t open = text.find("{usd", i);
    if (open == std::string::npos) break;
    size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    out.append(text, i, open - i);
    std::string inner = text.substr(open + 1, close - open - 1);  // "usd" or "usd:N"
    if (inner == "usd") {
      out += MoneySymbol();
    } else if (inner.rfind("usd:", 0) == 0 && inner.size() > 4 &&
               inner.find_first_not_of("0123456789", 4) == std::string::npos) {
      out += Money(std::stod(inner.substr(4)));
    } else {
      out.append(text, open, close + 1 - open);
    }
    i = close + 1;
  }
  out.append(text, i, std::string::npos);
  return out;
}

std::string Formatter::Percent(double fraction, int max_frac) const {
  return impl_->Memo(KeyOf('p', max_frac, 0, fraction), [&] {
    const auto& f = impl_->Derived(KeyOf('p', max_frac, 0, 0), [&] {
      return impl_->base.unit(icu::NoUnit::percent())
          .scale(nf::Scale::powerOfTen(2))
          .precision(nf::Precision::maxFraction(max_frac));
    });
    return Run(f, fraction);
  });
}

std::string Formatter::OrList(const std::vector<std::string>& items) const {
  if (items.size() < 2) return items.empty() ? std::string() : items[0];
  UErrorCode status = U_ZERO_ERROR;
  std::unique_ptr<icu::ListFormatter> f(icu::ListFormatter::createInstance(
      impl_->locale, ULISTFMT_TYPE_OR, ULISTFMT_WIDTH_WIDE, status));
  std::vector<icu::UnicodeString> u;
  for (const auto& s : items) u.push_back(icu::UnicodeString::fromUTF8(s));
  icu::UnicodeString out;
  if (f) f->format(u.data(), static_cast<int32_t>(u.size()), out, status);
  if (!f || U_FAILURE(status)) {  // no list data for the locale: plain commas, never nothing
    std::string joined;
    for (size_t i = 0; i < items.size(); ++i) joined += (i ? ", " : "") + items[i];
    return joined;
  }
  std::string text;
  out.toUTF8String(text);
  return text;
}

std::string Formatter::Date(const std::string& iso) const {
  return impl_->Memo("d" + iso, [&] { return FormatDate(iso); });
}

std::string Formatter::FormatDate(const std::string& iso) const {
  auto days = ParseIsoDate(iso);
  if (!days) return iso;
  UDate when = static_cast<UDate>(*days) * 86400000.0;
  icu::UnicodeString out;
  icu::FieldPosition day(icu::DateFormat::kDateField);
  {
    std::lock_guard<std::mutex> lock(impl_->date_mutex);
    if (!impl_->date_format) {
      impl_->date_format.reset(
          icu::DateFormat::createDateInstance(icu::DateFormat::kLong, impl_->locale));
      if (!impl_->date_format) return iso;
      impl_->date_format->adoptTimeZone(icu::TimeZone::createTimeZone("UTC"));
    }
    impl_->date_format->format(when, out, day);
  }
  std::string text = ToUtf8(out);
  if (day_pattern_.empty() || day.getEndIndex() <= day.getBeginIndex()) return text;
  // Replace the day field by its MessageFormat rendering (French "1er").
  int d = 0;
  for (int i = day.getBeginIndex(); i < day.getEndIndex(); ++i) {
    UChar c = out.charAt(i);
    if (c < '0' || c > '9') return text;
    d = d * 10 + (c - '0');
  }
  std::string before = ToUtf8(out.tempSubString(0, day.getBeginIndex()));
  std::string after = ToUtf8(out.tempSubString(day.getEndIndex()));
  return before + Message(day_pattern_, "day", d) + after;
}

std::string Formatter::Message(const std::string& pattern, const std::string& arg,
                               double value) const {
  std::string key = KeyOf('m', 0, 0, value);
  key += arg;
  key += '\0';
  key += pattern;
  return impl_->Memo(key, [&] { return FormatMessage(pattern, arg, value); });
}

std::string Formatter::FormatMessage(const std::string& pattern, const std::string& arg,
                                     double value) const {
  UErrorCode status = U_ZERO_ERROR;
  icu::MessageFormat mf(icu::UnicodeString::fromUTF8(pattern), impl_->locale, status);
  if (U_FAILURE(status)) return pattern;
  icu::UnicodeString name = icu::UnicodeString::fromUTF8(arg);
  icu::Formattable v(value);
  icu::UnicodeString out;
  mf.format(&name, &v, 1, out, status);
  if (U_FAILURE(status)) return pattern;
  return ToUtf8(out);
}

std::string Formatter::Gigabytes(double bytes, bool binary, int max_frac) const {
  double v = binary ? bytes / 1073741824.0 : bytes / 1e9;
  // Small sizes keep one decimal; large ones are rounded to whole units.
  int frac = v >= 100 ? 0 : max_frac;
  return WithUnit(v, binary ? "GiB" : "GB", frac);
}

std::string Formatter::WithUnit(double value, const std::string& unit, int max_frac) const {
  // A no-break space joins number and unit in every locale we publish.
  auto it = unit_names_.find(unit);
  return Number(value, max_frac) + "\u00A0" + (it == unit_names_.end() ? unit : it->second);
}

}  // namespace gg
