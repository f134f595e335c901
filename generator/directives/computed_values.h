// The values of the dependency keys that stand for computed results (directives/page_context.h),
// so that a page is re-rendered when what it shows changed, not whenever any data file did.
//
// Each value is a hash of the result itself: an edit that leaves a result as it was (a price
// that does not move a ranking, a spec the performance model does not use) leaves its key's
// value, and the pages that read only it are taken from the cache. The keys:
//   computed:perf             the whole performance table (values and fitted models)
//   computed:current-prices   every current price
//   computed:data-date        the "prices as of" date and estimate count (the footer binds
//                             them late: site/site_pages.h BindLate, key late:prices-as-of/…)
//   computed:prices-date      that date alone (gpu:data-date, the open-data chapter): a new
//                             price that moves only the counts leaves their pages as they are
//   price:<gpu>               the current prices of one card (every condition)
//   rank-of:<gpu>             where one card ranks by speed and by value, per workload
//                             (GpuRankPositions)
//   count:<of>                how many gpus, models, prices, offers or benchmarks (gpu:count)
//   data:prices/<gpu>         the price observations of one card, every field, in data order
//   open-data:listing         the published data files: kind, format, path, record count
// A result not covered here must keep a coarser key: a missed input would give a stale page,
// and the incremental property test (tests/incremental_test) would show it.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "model/model.h"

namespace gg {

struct PageContext;

struct RankPosition {
  int n = 0;   // 1-based place; 0: not in the ranking
  int of = 0;  // cards ranked
};

struct WorkloadRanks {
  Workload workload = Workload::kTraining16;
  RankPosition by_speed, by_value;  // by value: cost of ownership, best value first
};

// Where gpu ranks in every workload it has a performance value for, in kAllWorkloads order.
std::vector<WorkloadRanks> GpuRankPositions(const std::string& gpu, const PageContext& ctx);

// Every key above, for every card of ctx.data (ctx needs data and computed; ranks if any).
std::map<std::string, std::string> ComputedValues(const PageContext& ctx);

}  // namespace gg
