// gpu-breakeven gpu=ID [utilisation=U]: when owning a desktop with the card beats renting
// comparable cloud GPUs.
#include "algorithm"
#include "base/text.h"
#include "calc/cost.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

// Renting another GPU is a fair alternative to owning this one when it is about as fast
// (within 1.5x either way for 16-bit training), or the same card.
bool ComparableForRent(const Gpu& rented, const Gpu& owned, const PageContext& ctx) {
  if (rented.id == owned.id) return true;
  auto a = ctx.computed->perf.Get(rented.id, Workload::kTraining16);
  auto b = ctx.computed->perf.Get(owned.id, Workload::kTraining16);
  if (!a || !b || b->relative <= 0) return false;
  double ratio = a->relative / b->relative;
  return ratio >= 1 / 1.5 && ratio <= 1.5;
}

std::string Render(const Args& a, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  double util = a.Num("utilisation", as.utilisation);
  const Gpu& g = *a.GpuOf("gpu");
  auto owned = DesktopWith(g, a, ctx);
  if (!owned) return {};
  const double desktop = owned->cost_usd, watts = owned->watts;
  HtmlTable t(CaptionOr(a.call(),
                        ctx.TF("table.breakeven.caption", {{"gpu", g.name},
                                                           {"cost", ctx.fmt->Money(desktop)},
                                                           {"util", ctx.fmt->Percent(util, 0)}})));
  t.Columns({Cell::Text(ctx.T("col.offer")), Cell::Text(ctx.T("col.gpu")),
             Cell::Text(ctx.T("col.usd_per_hour"), true), Cell::Text(ctx.T("col.breakeven"), true),
             Cell::Text(ctx.T("col.breakeven_50"), true)});
  std::vector<const CloudOffer*> offers;
  for (const auto& o : ctx.data->cloud) {
    const Gpu* og = ctx.data->FindGpu(o.gpu);
    if (og && ComparableForRent(*og, g, ctx)) offers.push_back(&o);
  }
  std::stable_sort(offers.begin(), offers.end(), [](const CloudOffer* x, const CloudOffer* y) {
    return std::make_pair(x->usd_per_gpu_hour, x->id) < std::make_pair(y->usd_per_gpu_hour, y->id);
  });
  for (const CloudOffer* o : offers) {
    auto d1 =
        calc::BreakEvenDays(desktop, watts, o->usd_per_gpu_hour, util, as.electricity_usd_per_kwh);
    auto d2 =
        calc::BreakEvenDays(desktop, watts, o->usd_per_gpu_hour, 0.5, as.electricity_usd_per_kwh);
    t.Row({Cell::Text(o->provider + " · " + ctx.T("pricing." + o->pricing)),
           Cell::Html(GpuLink(*ctx.data->FindGpu(o->gpu), ctx)),
           Cell::Html(CloudPriceHtml(*o, ctx), true),
           Cell::Text(d1 ? FormatDuration(*d1, ctx) : ctx.T("breakeven.never"), true),
           Cell::Text(d2 ? FormatDuration(*d2, ctx) : ctx.T("breakeven.never"), true)});
  }
  t.Note(ctx.T("table.breakeven.note"));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuBreakevenDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-breakeven", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required(), Arg::Number("utilisation", 0.001, 1.0)};
  d.reads = {"data:gpus", "data:cloud", "computed:perf", "computed:current-prices",
             "data:assumptions"};
  return d;
}

}  // namespace gg
