// Small pieces the chart directives share: number formats in the page's language and the
// ranking a chart draws.
#pragma once

#include <string>
#include <string_view>
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

// A GPU's name shortened by rule for chart labels with little room (fit-matrix columns):
// without the maker and product-line words (NVIDIA, GeForce, AMD, Radeon, Instinct, Tesla,
// Intel), anything in parentheses, memory sizes ("12 GB", "80GB") and the words Workstation,
// Edition and Generation. "GeForce RTX 3060 12 GB" → "RTX 3060", "NVIDIA B200 (HGX B200)" →
// "B200", "AMD Instinct MI300X" → "MI300X". The full name when nothing would be left.
std::string ShortGpuName(std::string_view name);

// Chart labels for `labels[i]` = short name + " · " + memory[i]: ShortGpuName of each full
// name, except that labels that would read the same keep their full names.
std::vector<std::string> ShortGpuLabels(const std::vector<std::string>& names,
                                        const std::vector<std::string>& memory);

}  // namespace gg
