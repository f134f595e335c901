// gpu-cloud [gpu=ID]: cloud offers (all, or for one card), cheapest first per card.
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
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.cloud.caption")), TableLayout::kCards);
  t.Columns({Cell::Text(ctx.T("col.offer")), Cell::Text(ctx.T("col.gpu")),
             Cell::Text(ctx.T("col.pricing")), Cell::Text(ctx.T("col.usd_per_hour"), true),
             Cell::Text(ctx.T("col.gpus_per_instance"), true), Cell::Text(ctx.T("col.as_of"))});
  std::vector<const CloudOffer*> offers;
  for (const auto& o : ctx.data->cloud)
    if (gid.empty() || o.gpu == gid) offers.push_back(&o);
  std::stable_sort(offers.begin(), offers.end(), [](const CloudOffer* x, const CloudOffer* y) {
    return std::make_tuple(x->gpu, x->usd_per_gpu_hour, x->id) <
           std::make_tuple(y->gpu, y->usd_per_gpu_hour, y->id);
  });
  for (const CloudOffer* o : offers) {
    const Gpu* g = ctx.data->FindGpu(o->gpu);
    t.Row({Cell::Text(o->provider), Cell::Html(g ? GpuLink(*g, ctx) : HtmlEscape(o->gpu)),
           Cell::Text(ctx.T("pricing." + o->pricing)), Cell::Html(CloudPriceHtml(*o, ctx), true),
           Cell::Text(ctx.fmt->Number(o->gpus_per_instance, 0), true),
           Cell::Text(ctx.fmt->Date(o->date))},
          "offer-" + o->id);
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuCloudDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-cloud", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu)};
  d.reads = {"data:gpus", "data:cloud"};
  return d;
}

}  // namespace gg
