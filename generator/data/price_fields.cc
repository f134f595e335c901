#include "data/price_fields.h"

#include <cstdio>
#include <cstdlib>

#include "base/dates.h"
#include "base/suggest.h"
#include "base/text.h"
#include "data/field_ranges.h"
#include "data/load_dataset.h"

namespace gg {

namespace {

bool IsIdChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

bool IsId(const std::string& s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!IsIdChar(c)) return false;
  return true;
}

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

bool InDataYears(const std::string& date) {
  if (!IsIsoDate(date)) return false;
  int year = std::atoi(date.substr(0, 4).c_str());
  return year >= kMinDataYear && year <= kMaxDataYear;
}

std::string DateProblem(const std::string& field, const std::string& date) {
  if (!IsIsoDate(date))
    return "field '" + field + "' must be a date as YYYY-MM-DD, not '" + date + "'";
  return "date '" + date + "' is outside the years " + std::to_string(kMinDataYear) + " to " +
         std::to_string(kMaxDataYear);
}

}  // namespace

std::string DuplicateKey(const PriceObservation& o) {
  char price[64];
  std::snprintf(price, sizeof price, "%.6f", o.price);
  // The address: url, else the first web address in the source, else the source's text.
  std::string address = o.url;
  if (address.empty()) {
    size_t at = o.prov.source.find("http://");
    if (at == std::string::npos) at = o.prov.source.find("https://");
    if (at != std::string::npos) {
      size_t end = o.prov.source.find_first_of(" ,;)'\"", at);
      address = o.prov.source.substr(at, end == std::string::npos ? std::string::npos : end - at);
    } else {
      address = o.prov.source;
    }
  }
  return o.gpu + "|" + ConditionId(o.condition) + "|" + o.region + "|" + o.currency + "|" +
         PriceKindId(o.kind) + "|" + o.date + "|" + price + "|" + address;
}

std::string DataReferenceOf(const PriceObservation& o) {
  return "prices.json#" + o.gpu + "/" + ConditionId(o.condition) + "/" + o.region + "/" + o.date;
}

bool IsDataReference(const std::string& s) {
  const std::string prices = "prices.json#";
  const std::string gpus = "gpus.json#";
  if (s.rfind(gpus, 0) == 0) return IsId(s.substr(gpus.size()));
  if (s.rfind(prices, 0) != 0) return false;
  auto parts = Split(s.substr(prices.size()), '/');
  return parts.size() == 4 && IsId(parts[0]) && ParseCondition(parts[1]).has_value() &&
         !RegionCurrency(parts[2]).empty() && IsIsoDate(parts[3]);
}

std::vector<FieldProblem> CheckPriceObservation(const PriceObservation& o) {
  std::vector<FieldProblem> out;
  const std::string want = RegionCurrency(o.region);
  if (want.empty() && !o.region.empty()) {
    std::string hint = DidYouMean(o.region, PriceRegionIds());
    out.push_back({"region", "'" + o.region + "' is not a known region (US, EU, CN)",
                   hint.empty() ? "see data/README.md, prices.json" : hint});
  } else if (!want.empty() && !o.currency.empty() && o.currency != want) {
    out.push_back(
        {"currency",
         "'" + o.currency + "' is not the currency of region '" + o.region + "' (" + want + ")",
         "prices in " + o.region + " are recorded in " + want});
  }
  if (!o.url.empty() && !IsPlainAbsoluteUrl(o.url))
    out.push_back(
        {"url", "'url' must be an http:// or https:// address without spaces or quotes", ""});
  if (o.kind == PriceKind::kEstimate) {
    if (o.estimate_method.empty())
      out.push_back({"estimate_method", "an estimate must name its 'estimate_method'",
                     "one of the methods listed in data/README.md"});
    if (o.evidence_url.empty())
      out.push_back({"evidence_url",
                     "an estimate must name the evidence it rests on ('evidence_url')",
                     "a web address, or prices.json#GPU/CONDITION/REGION/DATE of the observation "
                     "it derives from"});
    else if (!IsPlainAbsoluteUrl(o.evidence_url) && !IsDataReference(o.evidence_url))
      out.push_back(
          {"evidence_url",
           "'" + o.evidence_url + "' is neither an http(s) address nor a reference to the data",
           "write https://…, prices.json#GPU/CONDITION/REGION/DATE or gpus.json#GPU"});
    if (o.evidence_date.empty())
      out.push_back({"evidence_date",
                     "an estimate must give the date of its evidence ('evidence_date')",
                     "the date of the newest evidence it rests on, not the day it was written"});
  } else {
    const std::pair<const char*, const std::string*> fields[] = {
        {"estimate_method", &o.estimate_method},
        {"evidence_url", &o.evidence_url},
        {"evidence_date", &o.evidence_date}};
    for (const auto& [field, value] : fields)
      if (!value->empty())
        out.push_back(
            {field,
             "'" + std::string(field) + "' is set on a price of kind '" + PriceKindId(o.kind) + "'",
             "set \"kind\": \"estimate\", or remove it if the price was seen"});
  }
  return out;
}

std::vector<FieldProblem> ParsePriceFields(const PriceFields& f, PriceObservation* out) {
  std::vector<FieldProblem> problems;
  // data/prices.json is UTF-8 and its writer refuses anything else: a field in another
  // encoding (a shell in Latin-1, a spreadsheet's export) is reported alone, its bytes unechoed.
  const std::pair<const char*, const std::string*> texts[] = {
      {"gpu", &f.gpu},
      {"condition", &f.condition},
      {"region", &f.region},
      {"currency", &f.currency},
      {"price", &f.price},
      {"kind", &f.kind},
      {"date", &f.date},
      {"source", &f.source},
      {"url", &f.url},
      {"note", &f.note},
      {"estimate_method", &f.estimate_method},
      {"evidence_url", &f.evidence_url},
      {"evidence_date", &f.evidence_date}};
  for (const auto& [field, value] : texts)
    if (FindInvalidUtf8(*value) != std::string::npos)
      problems.push_back(
          {field, "field '" + std::string(field) + "' is not valid UTF-8", "write it in UTF-8"});
  if (!problems.empty()) return problems;
  auto required = [&](const char* field, const std::string& v) {
    if (v.empty()) problems.push_back({field, "field '" + std::string(field) + "' is empty", ""});
    return !v.empty();
  };
  auto enumerated = [&](const char* field, const std::string& v,
                        const std::vector<std::string>& allowed) {
    for (const auto& a : allowed)
      if (a == v) return true;
    std::string list;
    for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
    problems.push_back({field,
                        "'" + v + "' is not a valid " + field + " (expected one of: " + list + ")",
                        DidYouMean(v, allowed)});
    return false;
  };
  PriceObservation o;
  o.gpu = f.gpu;
  required("gpu", f.gpu);
  if (required("condition", f.condition) && enumerated("condition", f.condition, {"new", "used"}))
    o.condition = *ParseCondition(f.condition);
  o.region = f.region;
  required("region", f.region);
  o.currency = f.currency;
  if (required("currency", f.currency)) enumerated("currency", f.currency, {"USD", "EUR", "CNY"});
  if (required("price", f.price)) {
    char* end = nullptr;
    double v = std::strtod(f.price.c_str(), &end);
    bool plain = !f.price.empty() && end == f.price.c_str() + f.price.size();
    for (char c : f.price)
      if (!((c >= '0' && c <= '9') || c == '.')) plain = false;
    const FieldRange* range = FindFieldRange("price observation", "price");
    if (!plain)
      problems.push_back({"price", "price '" + f.price + "' is not a plain decimal number",
                          "write the number alone: 1449.99, no currency sign or separator"});
    else if (range && (v < range->min || v > range->max))
      problems.push_back({"price", "price " + f.price + " is outside its range 1 to 10000000",
                          "see the ranges in data/README.md"});
    o.price = v;
  }
  if (required("kind", f.kind) && enumerated("kind", f.kind, PriceKindIds()))
    o.kind = *ParsePriceKind(f.kind);
  o.prov.estimated = o.kind == PriceKind::kEstimate;
  if (required("date", f.date) && !InDataYears(f.date))
    problems.push_back({"date", DateProblem("date", f.date), ""});
  o.date = f.date;
  o.prov.as_of = f.date;
  required("source", f.source);
  o.prov.source = f.source;
  o.url = f.url;
  o.prov.note = f.note;
  o.estimate_method = f.estimate_method;
  if (!f.estimate_method.empty())
    enumerated("estimate_method", f.estimate_method, EstimateMethodIds());
  o.evidence_url = f.evidence_url;
  o.evidence_date = f.evidence_date;
  if (!f.evidence_date.empty() && !InDataYears(f.evidence_date))
    problems.push_back({"evidence_date", DateProblem("evidence_date", f.evidence_date), ""});
  for (auto& p : CheckPriceObservation(o)) problems.push_back(std::move(p));
  *out = std::move(o);
  return problems;
}

}  // namespace gg
