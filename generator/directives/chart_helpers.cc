#include "directives/chart_helpers.h"

#include <map>

#include "calc/prices.h"
#include "calc/systems.h"
#include "directives/computed.h"

namespace gg {

charts::NumberFormat Num(const PageContext& ctx, int frac) {
  const Formatter* f = ctx.fmt;
  return [f, frac](double v) { return f->Number(v, frac); };
}

charts::NumberFormat Money(const PageContext& ctx) {
  const Formatter* f = ctx.fmt;
  return [f](double v) { return f->Usd(v); };
}

std::vector<calc::RankEntry> Ranked(const PageContext& ctx, Workload w, calc::CostBasis basis,
                                    const std::vector<Segment>& segs) {
  calc::RankOptions o;
  o.workload = w;
  o.basis = basis;
  o.segments = segs;
  return calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices, ctx.computed->assumptions,
                    o);
}

// Columns: for each distinct memory size among priced cards, the cheapest card of that size
// (a unified-memory system by the memory a model may use, calc/systems.h).
std::vector<const Gpu*> RepresentativeCards(const PageContext& ctx, double max_gb) {
  std::map<double, std::pair<double, const Gpu*>> best;
  for (const auto& g : ctx.data->gpus) {
    const double gb = calc::ModelMemoryGb(g);  // a system: the memory a model may use
    if (gb > max_gb) continue;
    auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {});
    if (!p) continue;
    auto it = best.find(gb);
    if (it == best.end() || p->usd < it->second.first) best[gb] = {p->usd, &g};
  }
  std::vector<const Gpu*> out;
  for (const auto& [gb, v] : best) out.push_back(v.second);
  return out;
}

}  // namespace gg
