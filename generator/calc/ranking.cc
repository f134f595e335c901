#include "calc/ranking.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace gg::calc {

std::vector<std::string> ParetoFrontier(const std::vector<ParetoPoint>& points) {
  std::vector<const ParetoPoint*> kept;
  for (const ParetoPoint& p : points)
    if (std::isfinite(p.cost) && std::isfinite(p.perf)) kept.push_back(&p);
  std::vector<const ParetoPoint*> frontier;
  for (const ParetoPoint* p : kept) {
    const bool dominated = std::any_of(kept.begin(), kept.end(), [&](const ParetoPoint* q) {
      return q->cost <= p->cost && q->perf >= p->perf && (q->cost < p->cost || q->perf > p->perf);
    });
    if (!dominated) frontier.push_back(p);
  }
  std::sort(frontier.begin(), frontier.end(), [](const ParetoPoint* a, const ParetoPoint* b) {
    return a->cost != b->cost ? a->cost < b->cost : a->id < b->id;
  });
  std::vector<std::string> ids;
  for (const ParetoPoint* p : frontier) ids.push_back(p->id);
  return ids;
}

std::vector<RankEntry> Rank(const Dataset& data, const PerformanceTable& performance,
                            const CurrentPrices& prices, const Assumptions& assumptions,
                            const RankOptions& options) {
  std::vector<RankEntry> entries;
  for (const Gpu& g : data.gpus) {
    if (!options.segments.empty() && std::find(options.segments.begin(), options.segments.end(),
                                               g.segment) == options.segments.end())
      continue;
    auto perf = performance.Get(g.id, options.workload);
    if (!perf) continue;
    RankEntry e;
    e.gpu = g.id;
    e.perf = *perf;
    if (options.basis != CostBasis::kNone) {
      e.cost =
          CostOnBasis(g, options.basis, options.count, prices, options.conditions, assumptions);
      if (!e.cost || !(e.cost->usd > 0)) continue;
      if (options.max_cost_usd && e.cost->usd > *options.max_cost_usd) continue;
      e.perf_per_kusd = perf->relative / e.cost->usd * 1000.0;
    }
    entries.push_back(std::move(e));
  }
  std::sort(entries.begin(), entries.end(), [](const RankEntry& a, const RankEntry& b) {
    if (a.perf_per_kusd && b.perf_per_kusd && *a.perf_per_kusd != *b.perf_per_kusd)
      return *a.perf_per_kusd > *b.perf_per_kusd;
    if (a.perf.relative != b.perf.relative) return a.perf.relative > b.perf.relative;
    return a.gpu < b.gpu;
  });
  if (options.basis != CostBasis::kNone) {
    std::vector<ParetoPoint> points;
    for (const RankEntry& e : entries) points.push_back({e.gpu, e.cost->usd, e.perf.relative});
    const auto frontier = ParetoFrontier(points);
    const std::set<std::string> on(frontier.begin(), frontier.end());
    for (RankEntry& e : entries) e.pareto = on.count(e.gpu) > 0;
  }
  for (size_t i = 0; i < entries.size(); ++i) entries[i].rank = static_cast<int>(i) + 1;
  return entries;
}

}  // namespace gg::calc
