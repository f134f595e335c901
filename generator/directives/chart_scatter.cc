// gpu-chart scatter workload=W [cost=gpu|ownership] [segment=S]: speed against price.
#include <map>

#include "base/text.h"
#include "calc/enums.h"
#include "calc/ranking.h"
#include "charts/scatter.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string ScatterChart(const Args& a, const PageContext& ctx) {
  Workload w = a.WorkloadOf();
  const std::string& basis_id = a.Text("cost");
  auto segs = a.SegmentFilter();
  auto ranked = Ranked(ctx, w, *calc::ParseCostBasis(basis_id), segs);
  charts::ScatterSpec spec;
  spec.title = ctx.TF("chart.scatter.title", {{"workload", WorkloadName(w, ctx)}});
  spec.description = ctx.T("chart.scatter.desc");
  spec.log_x = true;
  spec.x_axis_title =
      ctx.T(basis_id == "gpu" ? "chart.scatter.x_gpu" : "chart.scatter.x_ownership");
  spec.y_axis_title = ctx.T("chart.scatter.y");
  spec.x_format = Money(ctx);
  spec.y_format = Num(ctx, 1);
  spec.frontier_label = ctx.T("chart.scatter.frontier");
  spec.point_label = ctx.T("chart.scatter.other");
  HtmlTable table(spec.title);
  table.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.cost"), true),
                 Cell::Text(ctx.T("col.relative_perf_short"), true),
                 Cell::Text(ctx.T("chart.scatter.frontier"))});
  for (const auto& e : ranked) {
    if (!e.cost) continue;
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    // A point whose price is an estimate says so in its label, as the table's cell does.
    spec.points.push_back({e.cost->usd, e.perf.relative,
                           (e.cost->price.estimated ? "≈\u00A0" : "") + g.name, e.pareto});
    table.Row({Cell::Html(GpuLink(g, ctx)),
               Cell::Html(PriceHtml(e.cost->usd, e.cost->price, ctx), true),
               Cell::Text(Times(e.perf.relative, ctx), true),
               Cell::Text(e.pareto ? ctx.T("flow.a.yes") : "")});
  }
  std::string slug = std::string("scatter-") + WorkloadId(w) + "-" + basis_id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartScatterDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", ScatterChart);
  d.variant = "scatter";
  d.args = {Arg::Workload().Required(),
            Arg::Choice("cost", calc::PricedCostBasisIds())
                .Default(calc::CostBases().Id(calc::CostBasis::kGpu)),
            Arg::Segment()};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
