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
  c.data_date = calc::NewestSourcedDate(data.prices);
  c.prices = calc::ComputeCurrentPrices(data.prices, c.assumptions.price_window_days,
                                        c.assumptions.price_max_age_days,
                                        c.assumptions.price_stale_days);
  c.estimated_prices = calc::EstimatedCount(c.prices);
  c.perf = calc::ComputePerformance(data, c.assumptions);
  WarnStale(data, c, diags);
  WarnUnsatisfiable(data, c, diags);
  return c;
}

}  // namespace gg
