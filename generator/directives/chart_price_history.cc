// gpu-chart price-history gpu=ID: a card's observed new and used prices over time.
#include "base/text.h"
#include "charts/date_lines.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string PriceHistoryChart(const Args& a, const PageContext& ctx) {
  const std::string& gid = a.Text("gpu");
  ctx.Read("data:prices/" + gid);  // only this card's observations
  const Gpu& g = *a.GpuOf("gpu");
  charts::DateLinesSpec spec;
  // With regions: the observations of the page's region, in its currency; for a card it has
  // none of, the reference region's, in theirs (the title names the region either way).
  const Region* region = ctx.computed->region;
  auto observed_in = [&](const Region* r) {
    for (const auto& p : ctx.data->prices)
      if (p.gpu == gid && p.region == r->id && p.currency == r->currency) return true;
    return false;
  };
  if (region != nullptr && !observed_in(region))
    region = ctx.data->FindRegion(ctx.data->reference_region);
  spec.title = region == nullptr ? ctx.TF("chart.prices.title", {{"gpu", g.name}})
                                 : ctx.TF("chart.prices.title_region",
                                          {{"gpu", g.name}, {"region", RegionLabel(*region, ctx)}});
  spec.description = ctx.T("chart.prices.desc");
  spec.value_axis_title = ctx.T("chart.prices.axis");
  spec.format = Money(ctx);
  if (region != nullptr) {
    const Formatter* money = ctx.fmt;
    const std::string currency = region->currency;
    spec.format = [money, currency](double v) { return money->Currency(currency, v); };
  }
  spec.estimated_label = ctx.T("chart.prices.estimated");
  const Formatter* f = ctx.fmt;
  spec.date_format = [f](const std::string& iso, charts::DateUnit) { return f->Date(iso); };
  for (Condition cond : {Condition::kNew, Condition::kUsed}) {
    charts::DateSeries s;
    s.name = ctx.T(Conditions().UiKey(cond));
    for (const auto& p : ctx.data->prices)
      if (p.gpu == gid && p.condition == cond &&
          (region == nullptr || (p.region == region->id && p.currency == region->currency)))
        s.points.push_back({p.date, p.price, p.prov.estimated});
    if (!s.points.empty()) spec.series.push_back(s);
  }
  if (spec.series.empty()) return "<p>" + HtmlEscape(ctx.T("gpu.no_price")) + "</p>";
  std::string slug = "prices-" + gid;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), "", ctx);
}

}  // namespace

DirectiveSpec ChartPriceHistoryDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", PriceHistoryChart);
  d.variant = "price-history";
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  d.reads = {};  // data:prices/<gpu>, read per call
  return d;
}

}  // namespace gg
