// gpu-specs [segment=S]: the spec sheet of every card, with current new and used prices.
#include <algorithm>
#include <optional>
#include "base/text.h"
#include "calc/prices.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

std::optional<calc::CurrentPrice> Price(const Gpu& g, Condition cond, const PageContext& ctx) {
  return calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {cond});
}

// What explore.js filters a row by: vendor, segment, memory and the new and used prices.
RowData SpecRowData(const Gpu& g, const PageContext& ctx) {
  RowData d = {{"vendor", g.vendor},
               {"segment", Segments().Id(g.segment)},
               {"memory", DataNumber(g.memory_gb)}};
  if (auto p = Price(g, Condition::kNew, ctx)) d.push_back({"new", DataNumber(p->usd)});
  if (auto p = Price(g, Condition::kUsed, ctx)) d.push_back({"used", DataNumber(p->usd)});
  return d;
}

// A spec cell, sorted by the figure itself; "—" (no value) has no sort value and sorts last.
Cell Spec(const Gpu& g, const std::string& field, std::optional<double> value,
          const PageContext& ctx) {
  Cell c = Cell::Text(FormatSpec(g, field, ctx), true);
  return value ? std::move(c).SortBy(*value) : c;
}

std::vector<Cell> SpecRow(const Gpu& g, const PageContext& ctx) {
  auto price = [&](Condition cond) {
    auto p = Price(g, cond, ctx);
    return p ? Cell::Html(PriceHtml(p->usd, *p, ctx), true).SortBy(p->usd) : Cell::Text("—", true);
  };
  return {Cell::Html(GpuLink(g, ctx)),
          Cell::Text(g.architecture),
          Cell::Text(ctx.T(Segments().UiKey(g.segment))),
          Spec(g, "memory_gb", g.memory_gb, ctx),
          Spec(g, "bandwidth_gbs", g.bandwidth_gbs, ctx),
          Spec(g, "l2_mb", g.l2_mb, ctx),
          Spec(g, "fp16_tflops", g.fp16_tflops, ctx),
          Spec(g, "fp8_tflops", g.fp8_tflops, ctx),
          Spec(g, "tdp_w", g.tdp_w, ctx),
          price(Condition::kNew),
          price(Condition::kUsed)};
}

std::string Render(const Args& a, const PageContext& ctx) {
  auto segs = a.SegmentFilter();
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.specs.caption")), TableLayout::kCards);
  t.Explorable("gpus", ExploreWordsFor(ctx));
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
  for (const Gpu* g : gpus) t.Row(SpecRow(*g, ctx), g->id, SpecRowData(*g, ctx));
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
