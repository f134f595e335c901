// gpu-prices gpu=ID: every price observation of a card, newest first, with its provenance:
// an estimate carries the "≈" mark and names its method; the source links its web address;
// the observation's note is shown.
#include "algorithm"
#include "base/text.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"
#include "string_view"
#include "tuple"

namespace gg {
namespace {

// The source data/prices.json gives an estimate nobody published ("Estimate (gpuguide): no
// dated public price found for this point; see note"): shown as the page language's
// "price.own_estimate_source", not as the English data text.
constexpr std::string_view kOwnEstimatePrefix = "Estimate (gpuguide)";

std::string SourceCell(const PriceObservation& p, const PageContext& ctx) {
  if (p.prov.estimated &&
      p.prov.source.compare(0, kOwnEstimatePrefix.size(), kOwnEstimatePrefix) == 0)
    return HtmlEscape(ctx.T("price.own_estimate_source"));
  return DataLanguageHtml(SourceHtml(p.prov.source), ctx);
}

std::string Render(const Args& a, const PageContext& ctx) {
  const std::string& gid = a.Text("gpu");
  ctx.Read("data:prices/" + gid);  // only this card's observations
  std::vector<const PriceObservation*> obs;
  for (const auto& p : ctx.data->prices)
    if (p.gpu == gid) obs.push_back(&p);
  std::stable_sort(obs.begin(), obs.end(),
                   [](const PriceObservation* x, const PriceObservation* y) {
                     return std::make_tuple(x->date, static_cast<int>(x->condition), x->price) >
                            std::make_tuple(y->date, static_cast<int>(y->condition), y->price);
                   });
  HtmlTable t(
      CaptionOr(a.call(), ctx.TF("table.prices.caption", {{"gpu", ctx.data->FindGpu(gid)->name}})));
  t.Columns({Cell::Text(ctx.T("col.date")), Cell::Text(ctx.T("col.condition")),
             Cell::Text(ctx.T("col.observed_price"), true), Cell::Text(ctx.T("col.region")),
             Cell::Text(ctx.T("col.source")), Cell::Text(ctx.T("col.note"))});
  for (const auto* p : obs) {
    calc::CurrentPrice shown;  // the observation's own provenance, never stale
    shown.estimated = p->prov.estimated;
    std::string note = DataTextHtml(p->prov.note, ctx);  // translated when it can be
    if (p->prov.estimated && !p->estimate_method.empty())
      note = "<strong>" +
             HtmlEscape(ctx.TF("price.estimate_method",
                               {{"method", ctx.T("estimate." + p->estimate_method)}})) +
             "</strong>" + (note.empty() ? "" : " " + note);
    t.Row({Cell::Text(ctx.fmt->Date(p->date)), Cell::Text(ctx.T(Conditions().UiKey(p->condition))),
           Cell::Html(PriceHtml(p->price, shown, ctx, p->currency), true), Cell::Text(p->region),
           Cell::Html(SourceCell(*p, ctx)), Cell::Html(note)});
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuPricesDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-prices", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  d.reads = {};  // data:prices/<gpu>, read per call
  return d;
}

}  // namespace gg
