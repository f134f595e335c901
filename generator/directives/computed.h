// Every calculation result the pages share, computed once per build from the data by the
// pure functions of calc/, then read by all page renders and languages. Rankings, fits and
// recommendations are cheap and computed by the directives that show them.
#pragma once

#include <map>
#include <memory>
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
  calc::CurrentPrices prices;  // current price per (GPU, condition) still on sale (the region's)
  int estimated_prices = 0;    // how many of them rest on an estimate
  // "Prices as of": newest sourced date, sourced / total current prices. Without regions.json
  // one per price region (US, EU, CN); with it, the region's own (`region`).
  std::vector<calc::PricesAsOf> as_of;
  // The region these results are for (data/regions.json, calc/regions.h): prices, costs and
  // electricity are in its currency and on its tax basis. Null without regions.json: then
  // every amount is in US dollars, as the data states them.
  const Region* region = nullptr;
  // The data as the region's reader meets it (cloud prices and budgets in its currency,
  // machines on its household circuit); null: the loaded data itself.
  std::shared_ptr<const Dataset> data;
  const Dataset* loaded = nullptr;  // with regions: the data as loaded (data outlives it)
  double price_factor = 1;          // reference region's price → this region's (converted prices)
  bool converts_cloud = false;      // cloud prices, quoted in US dollars, are converted
};

// The results of every region, and which one each language's pages use.
struct RegionalComputed {
  std::map<std::string, Computed> by_region;  // by region id; one "" entry without regions.json
  std::string reference;                      // the reference region's id ("" without)
  // The results of the language's region; the reference region's when it names none.
  const Computed& For(const Language& lang) const;
  const Computed& Reference() const;
};

// Runs the calculations; reports problems the data makes impossible (a missing assumption,
// a baseline GPU without performance) as errors, and each stale current price (older than
// price_stale_days) as a warning at its newest observation.
// With data/regions.json, the results of the reference region (ComputeRegions), so that the
// review and the command line speak of one region.
Computed ComputeAll(const Dataset& data, Diagnostics* diags);

// The results of every region of data/regions.json (ComputeAll's rules, each region on its
// own view, calc/regions.h); without the file, one entry "" equal to ComputeAll. Stale prices
// are warned about per region, unsatisfiable personas for the reference region only.
RegionalComputed ComputeRegions(const Dataset& data, Diagnostics* diags);

}  // namespace gg
