// gpu-prices gpu=ID: every price observation of a card, newest first.
#include "algorithm"
#include "base/text.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "tuple"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const std::string& gid = a.Text("gpu");
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
             Cell::Text(ctx.T("col.source"))});
  for (const auto* p : obs) {
    std::string src =
        p->prov.source + (p->prov.estimated ? " (" + ctx.T("perf.estimated") + ")" : "");
    t.Row({Cell::Text(ctx.fmt->Date(p->date)),
           Cell::Text(ctx.T(std::string("condition.") + ConditionId(p->condition))),
           Cell::Text(ctx.fmt->Usd(p->price), true), Cell::Text(p->region), Cell::Text(src)});
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuPricesDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-prices", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  d.reads = {"data:prices"};
  return d;
}

}  // namespace gg
