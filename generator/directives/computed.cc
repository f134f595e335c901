#include "directives/computed.h"

#include "calc/dates.h"
#include "calc/recommend.h"

namespace gg {

namespace {

// A warning per stale current price, at the observation it rests on.
void WarnStale(const Dataset& data, const Computed& c, Diagnostics* diags) {
  for (const auto& [key, p] : c.prices) {
    if (!p.stale) continue;
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
    auto rec = calc::Recommend(data, c.perf, c.prices, c.assumptions,
                               calc::ConstraintsFromPersona(p));
    if (!rec.picks.empty()) continue;
    std::string why;
    for (size_t i = 0; i < rec.excluded.size() && i < 3; ++i)
      why += std::string(i ? ", " : "") + rec.excluded[i].gpu + " (" +
             calc::ReasonId(rec.excluded[i].reason) + ")";
    diags->Warning(p.machine_loc.HasPosition() ? p.machine_loc : p.loc,
                   "persona '" + p.id + "': no GPU meets its constraints in machine '" +
                       p.machine + "'" + (why.empty() ? "" : "; fastest excluded: " + why),
                   "relax the budget, memory or count, or choose a larger machine");
  }
}

}  // namespace

Computed ComputeAll(const Dataset& data, Diagnostics* diags) {
  Computed c;
  c.assumptions = calc::ResolveAssumptions(data, diags);
  c.data_date = calc::NewestSourcedDate(data.prices, "US");
  c.prices = calc::ComputeCurrentPrices(data.prices, c.assumptions.price_window_days,
                                        c.assumptions.price_max_age_days,
                                        c.assumptions.price_stale_days);
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

}  // namespace gg
