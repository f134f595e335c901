// gpu-chart own-vs-cloud gpu=ID [cloud=OFFER] [utilisation=U]: cumulative cost of owning
// against renting.
#include <algorithm>
#include <cmath>
#include "base/text.h"
#include "calc/cost.h"
#include "charts/cumulative_cost.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string OwnVsCloudChart(const Args& a, const PageContext& ctx) {
  const std::string& gid = a.Text("gpu");
  const auto& as = ctx.computed->assumptions;
  const CloudOffer* offer = a.OfferOf("cloud", as.cloud_reference_offer);
  if (!offer) return {};
  double util = a.Num("utilisation", as.utilisation);
  const Gpu& g = *a.GpuOf("gpu");
  auto owned = DesktopWith(g, a, ctx);
  if (!owned) return {};
  const double desktop = owned->cost_usd, watts = owned->watts;
  double elec_day =
      calc::ElectricityUsdPerYear(watts, util, as.electricity_usd_per_kwh) / calc::kDaysPerYear;
  double cloud_day = offer->usd_per_gpu_hour * 24 * util;
  auto be = calc::BreakEvenDays(desktop, watts, offer->usd_per_gpu_hour, util,
                                as.electricity_usd_per_kwh);
  charts::CumulativeCostSpec spec;
  spec.title = ctx.TF("chart.cloud.title", {{"gpu", g.name}, {"offer", offer->provider}});
  spec.description =
      ctx.TF("chart.cloud.desc", {{"util", ctx.fmt->Percent(util, 0)},
                                  {"kwh", ctx.fmt->Money(as.electricity_usd_per_kwh, true)}});
  spec.own = {ctx.TF("chart.cloud.own", {{"cost", ctx.fmt->Money(desktop)}}), desktop, elec_day};
  // An estimated offer is marked in the line's label and in the table (which brings the legend).
  const std::string mark = offer->prov.estimated ? "≈ " : "";
  spec.cloud = {
      ctx.TF("chart.cloud.rent", {{"price", mark + ctx.fmt->Money(offer->usd_per_gpu_hour, true) +
                                                ConvertedText(ctx)}}),
      0, cloud_day};
  spec.days = be ? std::max(365.0, std::ceil(*be * 1.5 / 365.0) * 365.0) : 3 * 365.0;
  spec.days = std::min(spec.days, 10 * 365.0);
  spec.x_axis_title = ctx.T("chart.cloud.x");
  spec.y_axis_title = ctx.T("chart.cloud.y");
  const Formatter* f = ctx.fmt;
  spec.day_format = [f](double d) { return f->Number(d / 365.0, 1); };
  spec.cost_format = Money(ctx);
  const PageContext* pc = &ctx;
  spec.break_even_label = [pc](double day, double) {
    return pc->TF("chart.cloud.break_even", {{"time", FormatDuration(day, *pc)}});
  };
  spec.never_note = ctx.T("chart.cloud.never");
  HtmlTable table(spec.title);
  table.Columns({Cell::Text(ctx.T("col.value")), Cell::Text(ctx.T("chart.cloud.amount"), true)});
  table.Row(
      {Cell::Text(ctx.T("chart.cloud.desktop_cost")), Cell::Text(ctx.fmt->Money(desktop), true)});
  table.Row({Cell::Text(ctx.T("chart.cloud.electricity_day")),
             Cell::Text(ctx.fmt->Money(elec_day, true), true)});
  table.Row({Cell::Text(ctx.T("chart.cloud.cloud_day")),
             Cell::Html((offer->prov.estimated ? EstimateMark(ctx) : std::string()) +
                            HtmlEscape(ctx.fmt->Money(cloud_day, true)) + ConvertedTag(ctx),
                        true)});
  table.Row({Cell::Text(ctx.T("col.breakeven")),
             Cell::Text(be ? FormatDuration(*be, ctx) : ctx.T("breakeven.never"), true)});
  std::string slug = "own-vs-cloud-" + gid + "-" + offer->id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartOwnVsCloudDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", OwnVsCloudChart);
  d.variant = "own-vs-cloud";
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(), Arg::Id("cloud", ArgType::kOffer),
            Arg::Number("utilisation", 0.001, 1.0)};
  d.reads = {"data:gpus", "data:cloud", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
