// Rankings of GPUs for one workload: by performance, or by performance per dollar on a cost
// basis, with the Pareto frontier of (cost, performance) marked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/cost.h"
#include "calc/performance.h"
#include "calc/prices.h"
#include "model/model.h"

namespace gg::calc {

struct ParetoPoint {
  std::string id;
  double cost = 0;
  double perf = 0;
};

// Ids of the points no other point dominates (q dominates p when q.cost ≤ p.cost and
// q.perf ≥ p.perf, one of them strictly). Identical points are all kept. Sorted by cost
// ascending, then id. Points with a non-finite cost or perf are left out.
std::vector<std::string> ParetoFrontier(const std::vector<ParetoPoint>& points);

struct RankOptions {
  Workload workload = Workload::kTraining16;
  CostBasis basis = CostBasis::kGpu;
  std::vector<Condition> conditions;  // conditions whose price counts; empty = any
  std::vector<Segment> segments;      // segments kept; empty = all
  int count = 1;                      // cards bought (cost of count cards)
  // The reader's budget: only cards whose cost on the basis is at most this stay (ignored
  // with kNone). The frontier is unchanged by it: what dominates an affordable card is
  // affordable too.
  std::optional<double> max_cost_usd;
};

struct RankEntry {
  int rank = 0;  // 1-based
  std::string gpu;
  PerfValue perf;
  std::optional<BasisCost> cost;        // absent with CostBasis::kNone
  std::optional<double> perf_per_kusd;  // relative perf ÷ cost × 1,000 USD
  bool pareto = false;                  // on ParetoFrontier of (cost, perf); never for kNone
};

// Every GPU of data.gpus in the allowed segments that has a performance value for the
// workload and, unless the basis is kNone, a current price in an allowed condition (the
// others are left out: a value without a price means nothing) and a cost within
// max_cost_usd. Order: kNone by perf
// descending; otherwise by perf_per_kusd descending, then perf descending; ties by GPU id.
std::vector<RankEntry> Rank(const Dataset& data, const PerformanceTable& performance,
                            const CurrentPrices& prices, const Assumptions& assumptions,
                            const RankOptions& options);

}  // namespace gg::calc
