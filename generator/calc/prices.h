// Current street prices from dated observations. One rule everywhere: the current price of
// a GPU in a condition is the median of the recent observations, where "recent" is relative
// to the newest observation of that GPU and condition, never to the wall clock.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"

namespace gg::calc {

struct CurrentPrice {
  std::string gpu;
  Condition condition = Condition::kNew;
  double usd = 0;           // median price of one card
  std::string newest_date;  // ISO date of the newest observation used
  int count = 0;            // observations the median was taken over
  // The median rests on an estimate: at least one observation in the window is estimated.
  bool estimated = false;
  std::vector<std::string> methods;  // estimate methods in the window, sorted, unique
  // The newest observation is more than stale_days older than the newest of all the data
  // (set by ComputeCurrentPrices only).
  bool stale = false;
};

// The current price of (gpu, condition): median of the observations dated within
// window_days of the newest one for that pair (newest − window_days ≤ date ≤ newest, both
// ends included); an even count takes the mean of the two middle prices. Observations that
// cannot be used are skipped silently (validate reports them): currency other than "USD",
// price not > 0, date not a valid ISO date. nullopt when none is left. window_days < 0 is
// treated as 0 (same-day observations only).
std::optional<CurrentPrice> CurrentPriceFor(const std::vector<PriceObservation>& observations,
                                            const std::string& gpu, Condition condition,
                                            int window_days);

// Current prices of every (gpu, condition) pair with a usable observation, by the rule of
// CurrentPriceFor. Sorted by gpu id, then condition (new before used). A pair whose newest
// observation is more than max_age_days older than the newest observation of all the data
// is left out: the card is no longer sold in that condition (0: keep every pair). A pair kept
// whose newest observation is more than stale_days older than that is marked stale (0: none).
// Only observations in `currency` are used (CurrentPrice::usd then holds that currency; the
// regions view, calc/regions.h, passes the region's).
using CurrentPrices = std::map<std::pair<std::string, Condition>, CurrentPrice>;
CurrentPrices ComputeCurrentPrices(const std::vector<PriceObservation>& observations,
                                   int window_days, int max_age_days, int stale_days = 0,
                                   const std::string& currency = "USD");

// The lowest current price of gpu among the allowed conditions (empty = any condition);
// a tie between conditions goes to new. nullopt when the GPU has no price in them.
std::optional<CurrentPrice> CheapestCurrentPrice(const CurrentPrices& prices,
                                                 const std::string& gpu,
                                                 const std::vector<Condition>& allowed);

// The newest date among the observations CurrentPriceFor can use (USD, price > 0, valid ISO
// date), "" when there is none: the "prices as of" date the guide prints.
std::string NewestObservationDate(const std::vector<PriceObservation>& observations);

// The same over the observations that are not estimated: the "prices as of" date the guide
// prints, since an estimate dated today says nothing about today's market. "" when none.
std::string NewestSourcedDate(const std::vector<PriceObservation>& observations);

// How many of the current prices rest on an estimate.
int EstimatedCount(const CurrentPrices& prices);

}  // namespace gg::calc
