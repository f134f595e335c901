// gpu-specs [segment=S]: the spec sheet of every card, with current new and used prices.
#include "algorithm"
#include "base/text.h"
#include "calc/prices.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  auto segs = a.SegmentFilter();
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.specs.caption")), TableLayout::kCards);
  t.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.architecture")),
             Cell::Text(ctx.T("col.segment")), Cell::Text(ctx.T("col.memory"), true),
             Cell::Text(ctx.T("col.bandwidth"), true), Cell::Text(ctx.T("col.l2"), true),
             Cell::Text(ctx.T("col.fp16"), true), Cell::Text(ctx.T("col.fp8"), true),
             Cell::Text(ctx.T("col.tdp"), true), Cell::Text(ctx.T("col.price_new"), true),
             Cell::Text(ctx.T("col.price_used"), true)});
  std::vector<const Gpu*> gpus;
  for (const auto& g : ctx.data->gpus)
    if (segs.empty() || g.segment == segs[0]) gpus.push_back(&g);
  std::stable_sort(gpus.begin(), gpus.end(), [](const Gpu* x, const Gpu* y) {
    return std::make_pair(x->vendor, x->launch_date) < std::make_pair(y->vendor, y->launch_date);
  });
  for (const Gpu* g : gpus) {
    auto price = [&](Condition cond) {
      auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g->id, {cond});
      return p ? PriceHtml(p->usd, *p, ctx) : std::string("—");
    };
    t.Row({Cell::Html(GpuLink(*g, ctx)), Cell::Text(g->architecture),
           Cell::Text(ctx.T(Segments().UiKey(g->segment))),
           Cell::Text(FormatSpec(*g, "memory_gb", ctx), true),
           Cell::Text(FormatSpec(*g, "bandwidth_gbs", ctx), true),
           Cell::Text(FormatSpec(*g, "l2_mb", ctx), true),
           Cell::Text(FormatSpec(*g, "fp16_tflops", ctx), true),
           Cell::Text(FormatSpec(*g, "fp8_tflops", ctx), true),
           Cell::Text(FormatSpec(*g, "tdp_w", ctx), true), Cell::Html(price(Condition::kNew), true),
           Cell::Html(price(Condition::kUsed), true)},
          g->id);
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuSpecsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-specs", Render);
  d.args = {Arg::Segment(), Arg::YesNo("links").Default("yes")};
  d.reads = {"data:gpus", "computed:current-prices"};
  return d;
}

}  // namespace gg
