#include "directives/computed.h"

#include <algorithm>
#include <optional>

#include "calc/dates.h"
#include "calc/recommend.h"
#include "calc/regions.h"

namespace gg {

namespace {

// A warning per stale current price, at the observation it rests on.
void WarnStale(const Dataset& data, const Computed& c, Diagnostics* diags) {
  for (const auto& [key, p] : c.prices) {
    if (!p.stale) continue;
    // A converted price is warned about in the region it comes from.
    if (std::find(p.methods.begin(), p.methods.end(), calc::kConvertedMethod) != p.methods.end())
      continue;
    for (const PriceObservation& o : data.prices) {
      if (o.gpu != p.gpu || o.condition != p.condition || o.region != p.region ||
          o.date != p.newest_date || o.prov.estimated != p.estimated)
        continue;
      const std::string days = std::to_string(c.assumptions.price_stale_days);
      const std::string what = "the current " + std::string(ConditionId(p.condition)) +
                               " price of '" + p.gpu + "' in " + p.region + " is stale: ";
      if (p.estimated)
        diags->Warning(o.evidence_loc.HasPosition() ? o.evidence_loc : o.loc,
                       what + "it is an estimate whose evidence (" + p.evidence_date +
                           ") is more than " + days +
                           " days older than the newest price in the data",
                       "record a price seen recently: gpuguide prices add (data/README.md)");
      else
        diags->Warning(o.loc,
                       what + "its newest observation (" + p.newest_date + ") is more than " +
                           days + " days older than the newest price in the data",
                       "record a price seen recently: gpuguide prices add (data/README.md)");
      break;
    }
  }
}

}  // namespace

namespace {

// A persona whose machine leaves it no pick: say which limit stopped the fastest candidates.
void WarnUnsatisfiable(const Dataset& data, const Computed& c, Diagnostics* diags) {
  for (const Persona& p : data.personas) {
    if (p.machine.empty() || data.FindMachine(p.machine) == nullptr) continue;
    auto rec =
        calc::Recommend(data, c.perf, c.prices, c.assumptions, calc::ConstraintsFromPersona(p));
    if (!rec.picks.empty()) continue;
    std::string why;
    for (size_t i = 0; i < rec.excluded.size() && i < 3; ++i)
      why += std::string(i ? ", " : "") + rec.excluded[i].gpu + " (" +
             calc::ReasonId(rec.excluded[i].reason) + ")";
    diags->Warning(p.machine_loc.HasPosition() ? p.machine_loc : p.loc,
                   "persona '" + p.id + "': no GPU meets its constraints in machine '" + p.machine +
                       "'" + (why.empty() ? "" : "; fastest excluded: " + why),
                   "relax the budget, memory or count, or choose a larger machine");
  }
}

}  // namespace

namespace {

// The results without regions: every price in US dollars.
Computed ComputeUnregioned(const Dataset& data, Diagnostics* diags) {
  Computed c;
  c.assumptions = calc::ResolveAssumptions(data, diags);
  c.data_date = calc::NewestSourcedDate(data.prices, "US");
  c.prices =
      calc::ComputeCurrentPrices(data.prices, c.assumptions.price_window_days,
                                 c.assumptions.price_max_age_days, c.assumptions.price_stale_days);
  c.estimated_prices = calc::EstimatedCount(c.prices);
  const calc::PriceRules rules{c.assumptions.price_window_days, c.assumptions.price_max_age_days,
                               c.assumptions.price_stale_days};
  const std::string ref = calc::NewestObservationDate(data.prices);
  for (const std::string& region : PriceRegionIds())
    c.as_of.push_back(calc::SummarisePrices(
        data.prices,
        region == "US" ? c.prices : calc::CurrentPricesIn(data.prices, region, rules, ref),
        region));
  c.perf = calc::ComputePerformance(data, c.assumptions);
  WarnStale(data, c, diags);
  WarnUnsatisfiable(data, c, diags);
  return c;
}

// The results of one region, on its view; nullopt when the view cannot be made (an unknown
// region or a missing FX rate, which validate reports).
std::optional<Computed> ComputeRegion(const Dataset& data, const calc::Assumptions& assumptions,
                                      const calc::PerformanceTable& perf,
                                      const std::string& region) {
  auto view = calc::ViewOfRegion(data, assumptions, region);
  if (!view) return std::nullopt;
  Computed c;
  c.region = data.FindRegion(region);
  c.assumptions = std::move(view->assumptions);
  c.data_date = calc::NewestSourcedDate(data.prices, region);
  // A region with no sourced price of its own: its prices are the reference region's,
  // converted, as of that region's newest sourced price.
  if (c.data_date.empty())
    if (const Region* reference = data.FindRegion(data.reference_region))
      c.data_date = calc::NewestSourcedDate(data.prices, reference->id);
  c.prices = std::move(view->prices);
  c.estimated_prices = calc::EstimatedCount(c.prices);
  // "Prices as of" of this region's own prices (converted ones count as estimated).
  c.as_of.push_back(calc::SummarisePrices(data.prices, c.prices, region));
  c.perf = perf;
  c.price_factor = view->factor;
  c.converts_cloud = view->converts_cloud;
  c.data = std::make_shared<const Dataset>(std::move(view->data));
  c.loaded = &data;
  return c;
}

}  // namespace

const Computed& RegionalComputed::For(const Language& lang) const {
  auto it = by_region.find(lang.region);
  return it != by_region.end() ? it->second : Reference();
}

const Computed& RegionalComputed::Reference() const {
  auto it = by_region.find(reference);
  return it != by_region.end() ? it->second : by_region.begin()->second;
}

RegionalComputed ComputeRegions(const Dataset& data, Diagnostics* diags) {
  RegionalComputed out;
  if (data.regions.empty() || data.FindRegion(data.reference_region) == nullptr) {
    out.by_region.emplace("", ComputeUnregioned(data, diags));
    return out;
  }
  out.reference = data.reference_region;
  const calc::Assumptions assumptions = calc::ResolveAssumptions(data, diags);
  const calc::PerformanceTable perf = calc::ComputePerformance(data, assumptions);
  for (const Region& r : data.regions) {
    auto c = ComputeRegion(data, assumptions, perf, r.id);
    if (!c) continue;
    WarnStale(data, *c, diags);
    if (r.id == data.reference_region) WarnUnsatisfiable(*c->data, *c, diags);
    out.by_region.emplace(r.id, std::move(*c));
  }
  if (out.by_region.empty()) out.by_region.emplace("", ComputeUnregioned(data, diags));
  return out;
}

Computed ComputeAll(const Dataset& data, Diagnostics* diags) {
  if (data.regions.empty() || data.FindRegion(data.reference_region) == nullptr)
    return ComputeUnregioned(data, diags);
  const calc::Assumptions assumptions = calc::ResolveAssumptions(data, diags);
  const calc::PerformanceTable perf = calc::ComputePerformance(data, assumptions);
  if (auto c = ComputeRegion(data, assumptions, perf, data.reference_region)) {
    WarnStale(data, *c, diags);
    WarnUnsatisfiable(*c->data, *c, diags);
    return std::move(*c);
  }
  return ComputeUnregioned(data, diags);
}

}  // namespace gg
