// gpu-regions: the regions the guide prices cards in (data/regions.json) with their currency,
// tax convention, household electricity price and circuit, then the FX reference rates that
// convert prices between them; which region the page's language uses is said in the caption.
#include "base/text.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const Dataset& d = *ctx.data;
  if (d.regions.empty()) return "<p>" + HtmlEscape(ctx.T("regions.none")) + "</p>";
  const Region* own = ctx.lang ? d.FindRegion(ctx.lang->region) : nullptr;
  HtmlTable t(CaptionOr(
      a.call(), ctx.TF("table.regions.caption", {{"region", own ? RegionLabel(*own, ctx) : ""}})));
  t.Columns({Cell::Text(ctx.T("col.region")), Cell::Text(ctx.T("col.currency_tax")),
             Cell::Text(ctx.T("col.electricity"), true), Cell::Text(ctx.T("col.circuit")),
             Cell::Text(ctx.T("col.source")), Cell::Text(ctx.T("col.as_of"))});
  for (const Region& r : d.regions) {
    const std::string tax = RegionLabel(r, ctx);
    std::string kwh = HtmlEscape(ctx.TF(
        "unit.usd_per_kwh", {{"v", ctx.fmt->Currency(r.currency, r.electricity_per_kwh, true)}}));
    if (r.electricity_estimated) kwh = EstimateMark(ctx) + kwh;
    // The source's words and the note in the page's language where content/<lang>/
    // _data_text.json translates them, else as data/regions.json has them, marked so
    // (DataTextHtml).
    std::string source = DataTextHtml(r.electricity_source, ctx, true);
    if (!r.electricity_note.empty()) source += " " + DataTextHtml(r.electricity_note, ctx);
    t.Row({Cell::Text(ctx.T("region.name." + r.id)), Cell::Text(tax), Cell::Html(kwh, true),
           Cell::Text(r.circuit), Cell::Html(source),
           Cell::Text(ctx.fmt->Date(r.electricity_date))});
  }
  HtmlTable fx(ctx.T("table.fx.caption"));
  fx.Columns({Cell::Text(ctx.T("col.fx_pair")), Cell::Text(ctx.T("col.fx_rate"), true),
              Cell::Text(ctx.T("col.source")), Cell::Text(ctx.T("col.as_of"))});
  for (const FxRate& x : d.fx_rates) {
    std::string source = DataTextHtml(x.source, ctx, true);
    if (!x.note.empty()) source += " " + DataTextHtml(x.note, ctx);
    fx.Row({Cell::Text("1 " + x.from + " → " + x.to), Cell::Text(ctx.fmt->Number(x.rate, 4), true),
            Cell::Html(source), Cell::Text(ctx.fmt->Date(x.date))});
  }
  return t.Render() + fx.Render();
}

}  // namespace

DirectiveSpec GpuRegionsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-regions", Render);
  d.reads = {"data:regions", "data:site"};
  return d;
}

}  // namespace gg
