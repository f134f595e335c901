// Every calculation result the pages share, computed once per build from the data by the
// pure functions of calc/, then read by all page renders and languages. Rankings, fits and
// recommendations are cheap and computed by the directives that show them.
#pragma once

#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "calc/assumptions.h"
#include "calc/performance.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg {

// A field added here must also be hashed by ComputedValues (directives/computed_values.cc).
struct Computed {
  // "Prices as of": the newest observation that is not an estimate (an estimate dated today
  // says nothing about today's market).
  std::string data_date;
  calc::Assumptions assumptions;
  calc::PerformanceTable perf;
  calc::CurrentPrices prices;  // current price per (GPU, condition) still on sale (US)
  int estimated_prices = 0;    // how many of them rest on an estimate
  // "Prices as of" per region (US, EU, CN): newest sourced date, sourced / total current prices.
  std::vector<calc::PricesAsOf> as_of;
};

// Runs the calculations; reports problems the data makes impossible (a missing assumption,
// a baseline GPU without performance) as errors, and each stale current price (older than
// price_stale_days) as a warning at its newest observation.
Computed ComputeAll(const Dataset& data, Diagnostics* diags);

}  // namespace gg
