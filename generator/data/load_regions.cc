#include "data/load_regions.h"

#include <algorithm>
#include <set>

#include "base/suggest.h"
#include "data/object_reader.h"

namespace gg {
namespace {

// The list `key` of the top-level object; reported when missing or not a list.
const nlohmann::json* List(const JsonDoc& doc, ObjectReader& top, const std::string& key,
                           Diagnostics* diags) {
  top.Touch(key);
  if (!top.Has(key) || !doc.root[key].is_array()) {
    diags->Error(top.Has(key) ? top.FieldLoc(key) : top.loc(),
                 "regions.json needs a list '" + key + "'");
    return nullptr;
  }
  return &doc.root[key];
}

// ISO 4217 codes: three capital letters.
bool IsCurrencyCode(const std::string& s) {
  if (s.size() != 3) return false;
  for (char c : s)
    if (c < 'A' || c > 'Z') return false;
  return true;
}

void CheckCurrency(ObjectReader& r, const std::string& key, const std::string& code,
                   Diagnostics* diags) {
  if (!code.empty() && !IsCurrencyCode(code))
    diags->Error(r.FieldLoc(key), "'" + code + "' is not an ISO 4217 currency code",
                 "three capital letters, such as \"USD\", \"EUR\", \"CNY\"");
}

void LoadRegionList(const JsonDoc& doc, ObjectReader& top, Dataset* out, Diagnostics* diags) {
  const auto* arr = List(doc, top, "regions", diags);
  if (!arr) return;
  std::set<std::string> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/regions/" + std::to_string(i), "region", diags);
    if (!r.ok()) continue;
    Region g;
    g.loc = r.loc();
    g.id = r.String("id");
    if (!g.id.empty() && !seen.insert(g.id).second)
      diags->Error(r.FieldLoc("id"), "duplicate region '" + g.id + "'");
    g.currency = r.String("currency");
    CheckCurrency(r, "currency", g.currency, diags);
    g.tax_included = r.Bool("tax_included", false);
    if (!r.Has("tax_included"))
      diags->Error(r.loc(), "region '" + g.id + "' must say whether its prices include tax",
                   "\"tax_included\": true (VAT in shop prices) or false (before sales tax)");
    g.tax_rate = r.NonNegative("tax_rate");
    if (!g.tax_included && g.tax_rate != 0)
      diags->Error(r.FieldLoc("tax_rate"),
                   "'tax_rate' is the tax included in prices: 0 when 'tax_included' is false");
    if (g.tax_included && g.tax_rate == 0)
      diags->Error(r.FieldLoc("tax_rate"),
                   "prices that include tax need the rate they include (0.2 for 20 % VAT)");
    g.tax_source = r.String("tax_source");
    g.electricity_per_kwh = r.Positive("electricity_per_kwh");
    g.electricity_date = r.Date("electricity_date");
    g.electricity_source = r.String("electricity_source");
    g.electricity_estimated = r.Bool("electricity_estimated", false);
    g.electricity_note = r.OptString("electricity_note").value_or("");
    g.circuit = r.String("circuit");
    g.circuit_loc = r.FieldLoc("circuit");
    if (!g.id.empty()) out->regions.push_back(std::move(g));
  }
}

void LoadFxRates(const JsonDoc& doc, ObjectReader& top, Dataset* out, Diagnostics* diags) {
  const auto* arr = List(doc, top, "fx_rates", diags);
  if (!arr) return;
  std::set<std::pair<std::string, std::string>> seen;
  for (size_t i = 0; i < arr->size(); ++i) {
    ObjectReader r(doc, "/fx_rates/" + std::to_string(i), "FX rate", diags);
    if (!r.ok()) continue;
    FxRate x;
    x.loc = r.loc();
    x.from = r.String("from");
    CheckCurrency(r, "from", x.from, diags);
    x.to = r.String("to");
    CheckCurrency(r, "to", x.to, diags);
    if (!x.from.empty() && x.from == x.to)
      diags->Error(r.FieldLoc("to"), "an FX rate converts between two different currencies");
    if (!seen.insert({std::min(x.from, x.to), std::max(x.from, x.to)}).second)
      diags->Error(r.loc(), "a second rate between " + x.from + " and " + x.to,
                   "keep one dated rate per pair; the other direction is its inverse");
    x.rate = r.Positive("rate");
    x.date = r.Date("date");
    x.source = r.String("source");
    x.derived = r.Bool("derived", false);
    x.note = r.OptString("note").value_or("");
    if (x.derived && x.note.empty())
      diags->Error(r.loc(), "a derived FX rate needs a 'note' saying how it was derived");
    out->fx_rates.push_back(std::move(x));
  }
}

}  // namespace

void LoadRegions(const JsonDoc& doc, Dataset* out, Diagnostics* diags) {
  ObjectReader top(doc, "", "regions file", diags);
  if (!top.ok()) return;
  out->reference_region = top.String("reference_region");
  out->reference_region_loc = top.FieldLoc("reference_region");
  LoadRegionList(doc, top, out, diags);
  LoadFxRates(doc, top, out, diags);
  if (out->reference_region.empty()) return;
  std::vector<std::string> ids;
  for (const Region& r : out->regions) ids.push_back(r.id);
  if (out->FindRegion(out->reference_region) == nullptr && !ids.empty())
    diags->Error(out->reference_region_loc, "unknown region '" + out->reference_region + "'",
                 DidYouMean(out->reference_region, ids));
}

}  // namespace gg
