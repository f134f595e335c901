// `gpu:breakeven gpu=ID cloud=OFFER utilisation=U`: how long owning a desktop with the card
// takes to cost less than renting the offer.
#include "base/text.h"
#include "calc/cost.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const Gpu& g = *a.GpuOf("gpu");
  const CloudOffer* offer = a.OfferOf("cloud");
  const auto& as = ctx.computed->assumptions;
  double util = a.Num("utilisation", as.utilisation);
  auto owned = DesktopWith(g, a, ctx);
  if (!owned) return {};
  auto days = calc::BreakEvenDays(owned->cost_usd, owned->watts, offer->usd_per_gpu_hour, util,
                                  as.electricity_usd_per_kwh);
  // A break-even on an estimated cloud price carries the same mark as the price.
  const std::string mark = offer->prov.estimated ? EstimateMark(ctx) : std::string();
  if (!days) return mark + HtmlEscape(ctx.T("breakeven.never"));
  return mark + HtmlEscape(FormatDuration(*days, ctx));
}

}  // namespace

DirectiveSpec BreakevenDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("breakeven", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(), Arg::Id("cloud", ArgType::kOffer).Required(),
            Arg::Number("utilisation", 0.001, 1.0)};
  d.reads = {"computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
