#include "directives/computed_values.h"

#include <algorithm>

#include "base/content_cache.h"
#include "calc/ranking.h"
#include "data/open_data.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/page_context.h"
#include "directives/rank_memo.h"

namespace gg {
namespace {

RankPosition PositionOf(const std::string& gpu, const std::vector<calc::RankEntry>& list) {
  for (size_t i = 0; i < list.size(); ++i)
    if (list[i].gpu == gpu) return {static_cast<int>(i + 1), static_cast<int>(list.size())};
  return {0, static_cast<int>(list.size())};
}

void WritePrice(const calc::CurrentPrice& p, KeyWriter* w) {
  w->Str(p.gpu).Int(static_cast<int64_t>(p.condition)).Num(p.usd).Str(p.newest_date).Int(p.count);
  w->Bool(p.estimated).Bool(p.stale).Int(static_cast<int64_t>(p.methods.size()));
  for (const auto& m : p.methods) w->Str(m);
  w->Str(p.region).Str(p.currency).Int(static_cast<int64_t>(p.basis));
  w->Str(p.newest_sourced_date).Str(p.evidence_date);
}

std::string PerfValueOf(const calc::PerformanceTable& perf) {
  KeyWriter w;
  w.Str("computed:perf/1").Str(perf.baseline);
  for (const auto& wp : perf.workloads) {
    w.Int(static_cast<int64_t>(wp.workload)).Int(static_cast<int64_t>(wp.values.size()));
    for (const auto& [gpu, v] : wp.values)
      w.Str(gpu).Num(v.relative).Int(static_cast<int64_t>(v.source)).Int(v.hops).Str(v.model);
    w.Int(static_cast<int64_t>(wp.models.size()));
    for (const auto& m : wp.models) {
      w.Str(m.id).Bool(m.fitted).Int(m.points).Num(m.loo_mape);
      w.Int(static_cast<int64_t>(m.features.size()));
      for (auto f : m.features) w.Int(static_cast<int64_t>(f));
      w.Int(static_cast<int64_t>(m.coefficients.size()));
      for (double c : m.coefficients) w.Num(c);
      w.Int(static_cast<int64_t>(m.loo.size()));
      for (const auto& p : m.loo) w.Str(p.gpu).Num(p.measured).Num(p.predicted);
    }
  }
  return w.Hash();
}

}  // namespace

namespace {

// Each workload's two rankings (by speed, by value), made once for every card's positions.
struct WorkloadLists {
  Workload workload;
  std::vector<calc::RankEntry> by_speed, by_value;
};

std::vector<WorkloadLists> RankLists(const PageContext& ctx) {
  std::vector<WorkloadLists> out;
  for (Workload w : kAllWorkloads) {
    calc::RankOptions ro;
    ro.workload = w;
    // The list the speed ranking tables show (gpu_rank_value.cc): priced cards by card
    // price, then by speed, so a card's page and the tables give it one place.
    ro.basis = calc::CostBasis::kGpu;
    WorkloadLists l{w, RankOf(ctx, ro), {}};
    std::stable_sort(l.by_speed.begin(), l.by_speed.end(),
                     [](const calc::RankEntry& x, const calc::RankEntry& y) {
                       return x.perf.relative > y.perf.relative;
                     });
    ro.basis = calc::CostBasis::kOwnership;
    l.by_value = RankOf(ctx, ro);
    SortByValue(&l.by_value);
    out.push_back(std::move(l));
  }
  return out;
}

std::vector<WorkloadRanks> PositionsIn(const std::string& gpu, const PageContext& ctx,
                                       const std::vector<WorkloadLists>& lists) {
  std::vector<WorkloadRanks> out;
  for (const auto& l : lists) {
    if (!ctx.computed->perf.Get(gpu, l.workload)) continue;
    out.push_back({l.workload, PositionOf(gpu, l.by_speed), PositionOf(gpu, l.by_value)});
  }
  return out;
}

}  // namespace

std::vector<WorkloadRanks> GpuRankPositions(const std::string& gpu, const PageContext& ctx) {
  return PositionsIn(gpu, ctx, RankLists(ctx));
}

std::map<std::string, std::string> ComputedValues(const PageContext& ctx) {
  const Computed& c = *ctx.computed;
  std::map<std::string, std::string> values;
  values["computed:perf"] = PerfValueOf(c.perf);
  KeyWriter all;
  all.Str("computed:current-prices/1");
  std::map<std::string, KeyWriter> by_gpu;
  for (const auto& [key, p] : c.prices) {
    WritePrice(p, &all);
    WritePrice(p, &by_gpu[p.gpu]);
  }
  values["computed:current-prices"] = all.Hash();
  KeyWriter date;
  date.Str("computed:data-date/1").Str(c.data_date).Int(c.estimated_prices);
  date.Int(static_cast<int64_t>(c.prices.size()));
  for (const auto& a : c.as_of)
    date.Str(a.region).Str(a.newest_sourced_date).Int(a.sourced).Int(a.total);
  values["computed:data-date"] = date.Hash();
  values["computed:prices-date"] =
      KeyWriter().Str("computed:prices-date/1").Str(c.data_date).Hash();
  const auto count = [](size_t n) {
    return KeyWriter().Str("count/1").Int(static_cast<int64_t>(n)).Hash();
  };
  values["count:gpus"] = count(ctx.data->gpus.size());
  values["count:models"] = count(ctx.data->models.size());
  values["count:prices"] = count(ctx.data->prices.size());
  values["count:offers"] = count(ctx.data->cloud.size());
  values["count:benchmarks"] = count(ctx.data->benchmarks.size());
  KeyWriter listing;
  listing.Str("open-data:listing/1");
  for (const OpenDataFile& f : OpenDataListing(*ctx.data))
    listing.Str(f.kind).Str(f.format).Str(f.path).Int(f.records);
  values["open-data:listing"] = listing.Hash();
  std::map<std::string, KeyWriter> observations;  // data:prices/<gpu>
  for (const auto& o : ctx.data->prices) {
    KeyWriter& w = observations[o.gpu];
    w.Str(o.gpu).Str(o.date).Int(static_cast<int64_t>(o.condition)).Str(o.region).Str(o.currency);
    w.Num(o.price).Str(o.prov.source).Str(o.prov.as_of).Bool(o.prov.estimated).Str(o.prov.note);
    w.Str(o.estimate_method);
  }
  const std::vector<WorkloadLists> lists = RankLists(ctx);
  for (const auto& g : ctx.data->gpus) {
    values["data:prices/" + g.id] = observations[g.id].Str("observations/1").Hash();
    values["price:" + g.id] = by_gpu[g.id].Str("price/1").Hash();
    KeyWriter r;
    r.Str("rank-of/1");
    for (const auto& wr : PositionsIn(g.id, ctx, lists))
      r.Int(static_cast<int64_t>(wr.workload))
          .Int(wr.by_speed.n)
          .Int(wr.by_speed.of)
          .Int(wr.by_value.n)
          .Int(wr.by_value.of);
    values["rank-of:" + g.id] = r.Hash();
  }
  return values;
}

}  // namespace gg
