// The consequences of a change, computed on the model of each side with the same pure
// functions the pages use (calc/), never read back from HTML: current prices, rank
// positions, persona picks, flowchart leaves, LLM fit / VRAM / tokens-per-second answers and
// cloud break-even days.
#pragma once

#include "review/report.h"
#include "review/snapshot.h"

namespace gg {

struct ReviewThresholds {
  // Relative change below which a numeric answer (VRAM, tok/s, price of the cheapest fit,
  // break-even days) is not reported. A change of GPU or count is always reported.
  double relative = 0.02;
  double breakeven_days = 1;  // and break-even moves smaller than this many days
};

// Fills report->prices, ranks, picks and answers. Both snapshots must have data_ok; the
// caller says otherwise in the report. `records` attributes price moves to observations.
void CompareConsequences(const Snapshot& before, const Snapshot& after,
                         const ReviewThresholds& thresholds, Report* report);

// Formatting shared with the renderers: "$1,999", "$0.85", "12.3".
std::string FormatUsd(double usd);
std::string FormatNumber(double v, int decimals);

}  // namespace gg
