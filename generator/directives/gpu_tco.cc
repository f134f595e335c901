// gpu-tco [workload=W] [limit=N]: cost of owning each card over the ownership period, by value.
#include "base/text.h"
#include "calc/cost.h"
#include "calc/ranking.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/rank_memo.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  int limit = a.Int("limit");
  Workload w = a.WorkloadOf();
  const auto& as = ctx.computed->assumptions;
  calc::RankOptions opt;
  opt.workload = w;
  opt.basis = calc::CostBasis::kOwnership;
  auto ranked = RankOf(ctx, opt);
  SortByValue(&ranked);
  HtmlTable t(CaptionOr(
      a.call(), ctx.TF("table.tco.caption", {{"years", ctx.fmt->Number(as.ownership_years, 1)}})));
  t.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.price"), true),
             Cell::Text(ctx.T("col.system"), true), Cell::Text(ctx.T("col.electricity_year"), true),
             Cell::Text(ctx.T("col.tco"), true), Cell::Text(ctx.T("col.perf_per_kusd"), true)});
  int shown = 0;
  for (const auto& e : ranked) {
    if (shown++ >= limit) break;
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    auto oc = calc::CostOfOwnership(g, e.cost->price.usd, 1, as);
    t.Row({Cell::Html(GpuLink(g, ctx)),
           Cell::Html(PriceCell(calc::BasisCost{oc.gpus_usd, e.cost->price}, ctx), true),
           Cell::Text(ctx.fmt->Money(oc.system_usd), true),
           Cell::Text(ctx.fmt->Money(oc.electricity_usd_per_year), true),
           // The total rests on the card's price: an estimate's total is one too.
           Cell::Html((e.cost->price.estimated ? EstimateMark(ctx) : std::string()) +
                          HtmlEscape(ctx.fmt->Money(oc.total_usd)),
                      true),
           Cell::Text(ctx.fmt->Number(*e.perf_per_kusd, 2, 2), true)});
  }
  t.Note(ctx.TF("table.tco.note", {{"kwh", ctx.fmt->Money(as.electricity_usd_per_kwh, true)},
                                   {"util", ctx.fmt->Percent(as.utilisation, 0)}}));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuTcoDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-tco", Render);
  d.args = {Arg::Integer("limit", 1, 1000).Default("1000"),
            Arg::Workload().Default(WorkloadId(Workload::kTraining16))};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
