#include "directives/computed.h"

#include "calc/dates.h"

namespace gg {

namespace {

// A warning per stale current price, at the observation it rests on.
void WarnStale(const Dataset& data, const Computed& c, Diagnostics* diags) {
  for (const auto& [key, p] : c.prices) {
    if (!p.stale) continue;
    for (const PriceObservation& o : data.prices) {
      if (o.gpu != p.gpu || o.condition != p.condition || o.date != p.newest_date) continue;
      diags->Warning(o.loc,
                     "the current " + std::string(ConditionId(p.condition)) + " price of '" +
                         p.gpu + "' is stale: its newest observation (" + p.newest_date +
                         ") is more than " + std::to_string(c.assumptions.price_stale_days) +
                         " days older than the newest price in the data",
                     "add a recent observation (see data/README.md, prices.json)");
      break;
    }
  }
}

}  // namespace

Computed ComputeAll(const Dataset& data, Diagnostics* diags) {
  Computed c;
  c.assumptions = calc::ResolveAssumptions(data, diags);
  c.data_date = calc::NewestSourcedDate(data.prices);
  c.prices = calc::ComputeCurrentPrices(data.prices, c.assumptions.price_window_days,
                                        c.assumptions.price_max_age_days,
                                        c.assumptions.price_stale_days);
  c.estimated_prices = calc::EstimatedCount(c.prices);
  c.perf = calc::ComputePerformance(data, c.assumptions);
  WarnStale(data, c, diags);
  return c;
}

}  // namespace gg
