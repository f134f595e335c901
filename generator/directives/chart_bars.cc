// gpu-chart perf [segment=S] [limit=N], gpu-chart perf-per-dollar cost=gpu|ownership …:
// relative performance, or performance per $1,000, for the three workloads.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "base/text.h"
#include "calc/enums.h"
#include "calc/ranking.h"
#include "charts/grouped_bars.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

// Relative performance, or performance per $1,000, for the three workloads.
std::string BarsChart(const Args& a, const PageContext& ctx, bool per_dollar) {
  std::string basis_id = per_dollar ? a.Text("cost") : "none";
  auto segs = a.SegmentFilter();
  int limit = a.Int("limit");
  calc::CostBasis basis = *calc::ParseCostBasis(basis_id);
  // Order by the 16-bit training column (the guide's main workload).
  auto order = Ranked(ctx, Workload::kTraining16, basis, segs);
  if (per_dollar) {
    SortByValue(&order);
  }
  if (static_cast<int>(order.size()) > limit) order.resize(static_cast<size_t>(limit));
  std::map<std::pair<std::string, int>, calc::RankEntry> by;
  for (Workload w : kAllWorkloads)
    for (const auto& e : Ranked(ctx, w, basis, segs)) by[{e.gpu, static_cast<int>(w)}] = e;

  charts::GroupedBarsSpec spec;
  const Gpu* base = ctx.data->FindGpu(ctx.computed->perf.baseline);
  spec.title = per_dollar ? ctx.TF("chart.value.title", {{"basis", ctx.T("basis." + basis_id)}})
                          : ctx.T("chart.perf.title");
  spec.value_axis_title = per_dollar
                              ? ctx.T("chart.value.axis")
                              : ctx.TF("chart.perf.axis", {{"baseline", base ? base->name : ""}});
  // Per dollar, a bar is an estimate when its performance or its price is.
  spec.estimated_label = ctx.T(per_dollar ? "chart.value.estimated" : "chart.estimated");
  spec.estimated_prefix = "≈\u00A0";
  spec.format = Num(ctx, per_dollar ? 2 : 2);
  for (Workload w : kAllWorkloads) spec.series.push_back(WorkloadName(w, ctx));
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.gpu"))};
  for (Workload w : kAllWorkloads) head.push_back(Cell::Text(WorkloadName(w, ctx), true));
  table.Columns(head);
  for (const auto& e : order) {
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    if (g.id == ctx.computed->perf.baseline)
      spec.baseline_category = static_cast<int>(spec.categories.size());
    spec.categories.push_back(g.name);
    std::vector<charts::BarValue> vals;
    std::vector<Cell> row = {Cell::Html(GpuLink(g, ctx))};
    for (Workload w : kAllWorkloads) {
      auto it = by.find({e.gpu, static_cast<int>(w)});
      double v = std::numeric_limits<double>::quiet_NaN();
      bool est = false;
      if (it != by.end()) {
        est = it->second.perf.source == calc::PerfSource::kEstimated ||
              (per_dollar && it->second.cost && it->second.cost->price.estimated);
        if (!per_dollar)
          v = it->second.perf.relative;
        else if (it->second.perf_per_kusd)
          v = *it->second.perf_per_kusd;
      }
      vals.push_back({v, est});
      row.push_back(Cell::Text(
          std::isnan(v) ? "—" : (est ? "≈\u00A0" : "") + ctx.fmt->Number(v, 2, 2), true));
    }
    spec.values.push_back(vals);
    table.Row(row);
  }
  spec.description = ctx.TF(per_dollar ? "chart.value.desc" : "chart.perf.desc",
                            {{"n", ctx.fmt->Number(static_cast<double>(order.size()), 0)}});
  std::string slug = per_dollar ? "perf-per-dollar-" + basis_id : "perf";
  if (!segs.empty()) slug += std::string("-") + SegmentId(segs[0]);
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartPerfDirective() {
  DirectiveSpec d = DirectiveSpec::Block(
      "gpu-chart", [](const Args& a, const PageContext& ctx) { return BarsChart(a, ctx, false); });
  d.variant = "perf";
  d.args = {Arg::Segment(), Arg::Integer("limit", 2, 60).Default("24")};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

DirectiveSpec ChartPerfPerDollarDirective() {
  DirectiveSpec d = DirectiveSpec::Block(
      "gpu-chart", [](const Args& a, const PageContext& ctx) { return BarsChart(a, ctx, true); });
  d.variant = "perf-per-dollar";
  d.args = {Arg::Choice("cost", calc::PricedCostBasisIds()).Required(), Arg::Segment(),
            Arg::Integer("limit", 2, 60).Default("24")};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
