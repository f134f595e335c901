// Small pieces the chart directives share: number formats in the page's language and the
// ranking a chart draws.
#pragma once

#include <vector>

#include "calc/ranking.h"
#include "charts/common.h"
#include "directives/page_context.h"

namespace gg {

charts::NumberFormat Num(const PageContext& ctx, int frac);
charts::NumberFormat Money(const PageContext& ctx);
std::vector<calc::RankEntry> Ranked(const PageContext& ctx, Workload w, calc::CostBasis basis,
                                    const std::vector<Segment>& segs);

// For each distinct memory size up to max_gb among priced cards, the cheapest card of that size.
std::vector<const Gpu*> RepresentativeCards(const PageContext& ctx, double max_gb);

}  // namespace gg
