// Current prices from dated observations, one rule everywhere: what was seen wins over what
// was listed, and a list price over a guess. The current price of a card in a condition and
// a region is
//   1. the median of its market prices (kinds listing, sold, quote) within the window, else
//   2. the median of its list prices (kind msrp) within the window, else
//   3. its newest estimate, marked as an estimate.
// "Within the window" is relative to the newest observation of that tier (window_days before
// it, both ends included), and a tier counts only while that newest observation is at most
// max_age_days older than the reference date `as_of` (the newest observation of the data in
// a build; never the wall clock, so a build is a function of its inputs). A sourced price is
// stale when its newest observation is more than stale_days older than as_of; an estimate
// when its evidence_date is.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/model.h"

namespace gg::calc {

struct PriceRules {
  int window_days = 90;  // < 0 is treated as 0 (same-day observations only)
  int max_age_days = 0;  // 0: a tier never ages out
  int stale_days = 0;    // 0: never stale
};

// What a current price rests on.
enum class PriceBasis { kMarket, kMsrp, kEstimate };
const char* PriceBasisId(PriceBasis b);  // "market", "msrp", "estimate"

struct CurrentPrice {
  std::string gpu;
  Condition condition = Condition::kNew;
  std::string region;    // "US" …
  std::string currency;  // the region's currency ("USD" for US)
  // The price of one card, in `currency` (the name predates regions: it is USD for US only).
  double usd = 0;
  PriceBasis basis = PriceBasis::kMarket;
  int count = 0;            // observations the median was taken over (1 for an estimate)
  bool estimated = false;   // basis == kEstimate
  std::string newest_date;  // ISO date of the newest observation used
  // The newest sourced (not estimated) observation of this card, condition and region, used
  // or not; "" when it has none.
  std::string newest_sourced_date;
  // The date staleness is measured from: newest_date, or the estimate's evidence_date.
  std::string evidence_date;
  std::vector<std::string> methods;  // estimate method of an estimate (one), else empty
  bool stale = false;
};

// The current price of (gpu, condition) in region by the rule above, as of `as_of` (ISO
// date). Observations that cannot be used are skipped silently (validate reports them):
// another region, a currency other than the region's, price not > 0, date not a valid ISO
// date. nullopt when no tier is left (the card is no longer sold in that condition).
std::optional<CurrentPrice> CurrentPriceIn(const std::vector<PriceObservation>& observations,
                                           const std::string& gpu, Condition condition,
                                           const std::string& region, const PriceRules& rules,
                                           const std::string& as_of);

// The same for US with only a window (no ageing, no staleness), as of the pair's newest
// observation: for tests and callers that ask about one card.
std::optional<CurrentPrice> CurrentPriceFor(const std::vector<PriceObservation>& observations,
                                            const std::string& gpu, Condition condition,
                                            int window_days);

// Current prices of every (gpu, condition) with a current price in region, as of as_of.
// Sorted by gpu id, then condition (new before used).
using CurrentPrices = std::map<std::pair<std::string, Condition>, CurrentPrice>;
CurrentPrices CurrentPricesIn(const std::vector<PriceObservation>& observations,
                              const std::string& region, const PriceRules& rules,
                              const std::string& as_of);

// CurrentPricesIn as of the newest observation of all the data (any region, any kind): what a
// build shows.
CurrentPrices ComputeCurrentPrices(const std::vector<PriceObservation>& observations,
                                   int window_days, int max_age_days, int stale_days = 0,
                                   const std::string& region = "US");

// The lowest current price of gpu among the allowed conditions (empty = any condition);
// a tie between conditions goes to new. nullopt when the GPU has no price in them.
std::optional<CurrentPrice> CheapestCurrentPrice(const CurrentPrices& prices,
                                                 const std::string& gpu,
                                                 const std::vector<Condition>& allowed);

// The newest valid date among all observations (any region, kind or currency), "" when
// there is none: the reference date of a build.
std::string NewestObservationDate(const std::vector<PriceObservation>& observations);

// The newest date among the sourced (not estimated) observations of region ("" = every
// region): the "prices as of" date, since an estimate dated today says nothing about today's
// market. "" when none.
std::string NewestSourcedDate(const std::vector<PriceObservation>& observations,
                              const std::string& region = "");

// How many of the current prices rest on an estimate.
int EstimatedCount(const CurrentPrices& prices);

// "Prices as of" for one region: the newest sourced date and how many current prices are
// sourced (market or list price) out of all.
struct PricesAsOf {
  std::string region;
  std::string newest_sourced_date;
  int sourced = 0;
  int total = 0;
};
PricesAsOf SummarisePrices(const std::vector<PriceObservation>& observations,
                           const CurrentPrices& prices, const std::string& region);

}  // namespace gg::calc
