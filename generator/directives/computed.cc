#include "directives/computed.h"

namespace gg {

Computed ComputeAll(const Dataset& data, Diagnostics* diags) {
  Computed c;
  c.assumptions = calc::ResolveAssumptions(data, diags);
  c.data_date = calc::NewestObservationDate(data.prices);
  c.prices = calc::ComputeCurrentPrices(data.prices, c.assumptions.price_window_days,
                                        c.assumptions.price_max_age_days);
  c.perf = calc::ComputePerformance(data, c.assumptions);
  return c;
}

}  // namespace gg
