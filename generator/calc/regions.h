// Regions: the same guide for a reader in the US, the EU or China (data/regions.json). A
// region is a view of the data, never a branch inside a calculation: RegionalView gives the
// data, the current prices and the assumptions as the region's reader meets them — every
// amount of money in the region's currency and on its tax basis, electricity at the region's
// household price, machines on the region's household circuit — and rankings, picks, fit,
// cost of ownership and break-even then run on it unchanged. (Their `_usd` names then hold
// the region's currency: `usd` reads "money of the view".)
//
// Pure: no I/O, ICU, threads or exceptions (built for wasm too).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

// The estimate method of a converted price (CurrentPrice::methods).
inline constexpr const char* kConvertedMethod = "converted";

// How many units of `to` one unit of `from` buys, from the FX reference rates: 1 when the two
// are the same; a rate of the table (from → to) or the inverse of one (to → from); else a cross
// rate through one currency both have a rate with (from → X → to). nullopt when none of these
// exists or a rate is not > 0.
std::optional<double> FxRateBetween(const std::vector<FxRate>& rates, const std::string& from,
                                    const std::string& to);

// The factor that takes a shop price of region `from` to region `to`'s currency and tax basis:
// FxRateBetween(from.currency, to.currency) × (1 + to.tax_rate) ÷ (1 + from.tax_rate). A US
// price before sales tax × this factor = the EU price with VAT it would be if the card cost
// the same before tax. nullopt without an FX rate.
std::optional<double> PriceFactor(const Region& from, const Region& to,
                                  const std::vector<FxRate>& rates);

// Whether gpu is sold in region: its availability list names it, or is empty (sold everywhere).
bool AvailableIn(const Gpu& gpu, const std::string& region);

// `value` rounded to `digits` significant digits (1,519 → 1,500 with 2): how converted budgets
// are written. 0 stays 0; digits < 1 is treated as 1.
double RoundSignificant(double value, int digits);

// The current prices of `region`, in its currency:
// - each (gpu, condition) with usable observations of the region: CurrentPricesIn (calc/prices.h:
//   sourced before list price before estimate, as of the newest observation of all the data);
// - else, when the gpu is sold in the region (AvailableIn) and `reference` prices it: the
//   reference price × factor, basis kEstimate, marked estimated with kConvertedMethod added to
//   its methods (keeping the reference price's own methods, count, dates and stale flag; no
//   newest_sourced_date, since nothing was seen in this region). A converted price never
//   replaces one of the region's own: it exists only where the region has none;
// - a gpu not sold in the region has no price there, whatever the reference says.
// factor is PriceFactor(reference region, region); reference_prices are the reference
// region's own (RegionalCurrentPrices with no reference). Sorted as CurrentPrices.
CurrentPrices RegionalCurrentPrices(const std::vector<PriceObservation>& observations,
                                    const std::vector<Gpu>& gpus, const Region& region,
                                    const Assumptions& assumptions,
                                    const CurrentPrices* reference_prices, double factor);

// The assumptions as the region's reader meets them: electricity_usd_per_kwh = the region's
// household price (its currency); desktop_system_cost_usd and server_cost_per_gpu_usd × factor
// (the reference region's estimates, converted). Everything else unchanged.
Assumptions RegionalAssumptions(const Assumptions& assumptions, const Region& region,
                                double factor);

// The data as the region's reader meets it: a copy of data where
// - every cloud offer's usd_per_gpu_hour is × cloud_factor (cloud prices are quoted in US
//   dollars: FxRateBetween("USD", currency) × (1 + tax_rate), the VAT a household pays on it);
// - every persona's and flowchart leaf's max_budget_usd is × factor, rounded to 2 significant
//   digits (a budget written as a reader of the region would: 1,500 $ → 1,500 €), unless
//   factor is 1 (the reference region's budgets stay as written);
// - every machine keeps, of its circuits, those whose `region` label is the region's household
//   circuit and those that are no region's household circuit (a data centre's); a machine with
//   none of the region's keeps all it has.
// Observations, GPUs and everything else are unchanged.
Dataset RegionalDataset(const Dataset& data, const Region& region, double factor,
                        double cloud_factor);

// Everything a region's pages and calculator answers compute with.
struct RegionalView {
  Dataset data;
  Assumptions assumptions;
  CurrentPrices prices;
  double factor = 1;            // PriceFactor(reference, region): 1 for the reference region
  double cloud_factor = 1;      // USD cloud prices → the region's money, tax included
  bool converts_cloud = false;  // cloud prices are converted (currency is not USD)
};

// The view of `region` (a regions.json id). The reference region's own prices are computed
// first, for the conversions. nullopt when data has no such region, or when an FX rate the
// region needs is missing (validate reports both). assumptions are the resolved ones of data.
std::optional<RegionalView> ViewOfRegion(const Dataset& data, const Assumptions& assumptions,
                                         const std::string& region);

}  // namespace gg::calc
