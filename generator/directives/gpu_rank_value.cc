// gpu-rank workload=W [segment=S] [limit=N]: cards by relative speed (price shown).
// gpu-value workload=W cost=gpu|ownership [segment=S] [limit=N]: cards by performance per $1,000.
// One table, two orders: the family shares its layout.
#include <algorithm>

#include "base/text.h"
#include "calc/cost.h"
#include "calc/enums.h"
#include "calc/ranking.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/rank_memo.h"
#include "model/enums.h"

namespace gg {
namespace {

std::vector<Cell> Header(bool value, const std::string& basis, const PageContext& ctx) {
  const Gpu* baseline = ctx.data->FindGpu(ctx.computed->perf.baseline);
  // The first column is the GPU (row header); rank number goes second for screen readers.
  std::vector<Cell> head = {
      Cell::Text(ctx.T("col.gpu")), Cell::Text("#", true),
      Cell::Text(ctx.TF("col.relative_perf", {{"baseline", baseline ? baseline->name : ""}}), true),
      Cell::Text(ctx.T("col.source"))};
  head.push_back(Cell::Text(ctx.T(value ? "col.cost_" + basis : "col.price"), true));
  if (value) head.push_back(Cell::Text(ctx.T("col.perf_per_kusd"), true));
  head.push_back(Cell::Text(ctx.T("col.memory"), true));
  return head;
}

// What explore.js filters a ranking row by; the price is the one the row shows (the card's
// cheapest current price, or the cost on the table's basis) and its condition.
RowData RankRowData(const Gpu& g, const calc::RankEntry& e) {
  RowData d = {{"vendor", g.vendor},
               {"segment", Segments().Id(g.segment)},
               {"memory", DataNumber(g.memory_gb)}};
  if (e.cost) {
    d.push_back({"price", DataNumber(e.cost->usd)});
    d.push_back({"condition", Conditions().Id(e.cost->price.condition)});
  }
  return d;
}

std::string RankTable(const Args& a, const PageContext& ctx, bool value) {
  calc::RankOptions opt;
  opt.workload = a.WorkloadOf();
  opt.basis = value ? *calc::ParseCostBasis(a.Text("cost")) : calc::CostBasis::kGpu;
  opt.segments = a.SegmentFilter();
  int limit = a.Int("limit");
  auto ranked = RankOf(ctx, opt);
  if (!value) {
    // The card price is shown, but the ranking is by speed.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const calc::RankEntry& x, const calc::RankEntry& y) {
                       return x.perf.relative > y.perf.relative;
                     });
  } else {
    SortByValue(&ranked);
  }
  std::string basis = value ? std::string(calc::CostBasisId(opt.basis))
                            : calc::CostBases().Id(calc::CostBasis::kNone);
  std::string caption =
      CaptionOr(a.call(), ctx.TF(value ? "table.value.caption" : "table.rank.caption",
                                 {{"workload", WorkloadName(opt.workload, ctx)},
                                  {"basis", value ? ctx.T("basis." + basis) : ""}}));
  HtmlTable t(caption);
  t.Explorable("rank", ExploreWordsFor(ctx));
  t.Columns(Header(value, basis, ctx));
  int shown = 0;
  // The place of a card: the same question as on its own page (gpu_profile.cc) when the list
  // is the same one.
  const std::string segments =
      opt.segments.empty() ? std::string("all") : std::string(SegmentId(opt.segments[0]));
  for (const auto& e : ranked) {
    if (shown++ >= limit) break;
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    const std::string rank_question =
        std::string("rank by=") + (value ? "value basis=" + basis : std::string("speed")) +
        " workload=" + WorkloadId(opt.workload) + " segments=" + segments + " gpu=" + g.id +
        RankQuestionRegion(ctx);
    std::vector<Cell> row = {
        Cell::Html(GpuLink(g, ctx)),
        Cell::Html(AnswerHtml(rank_question, shown, HtmlEscape(ctx.fmt->Number(shown, 0))), true)
            .SortBy(shown),
        Cell::Text(Times(e.perf.relative, ctx), true).SortBy(e.perf.relative),
        Cell::Html(PerfTag(e.perf.source == calc::PerfSource::kMeasured, ctx))};
    Cell price = Cell::Html(PriceCell(e.cost, ctx), true);
    row.push_back(e.cost ? std::move(price).SortBy(e.cost->usd) : price);
    if (value)
      row.push_back(
          Cell::Text(ctx.fmt->Number(*e.perf_per_kusd, 2, 2), true).SortBy(*e.perf_per_kusd));
    row.push_back(Cell::Text(ctx.fmt->WithUnit(g.memory_gb, "GB", 0), true).SortBy(g.memory_gb));
    t.Row(row, "", RankRowData(g, e));
  }
  t.Note(ctx.T(value ? "table.value.note" : "table.rank.note"));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuRankDirective() {
  DirectiveSpec d = DirectiveSpec::Block(
      "gpu-rank", [](const Args& a, const PageContext& ctx) { return RankTable(a, ctx, false); });
  d.args = {Arg::Workload().Required(), Arg::Segment(),
            Arg::Integer("limit", 1, 1000).Default("1000")};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

DirectiveSpec GpuValueDirective() {
  DirectiveSpec d = DirectiveSpec::Block(
      "gpu-value", [](const Args& a, const PageContext& ctx) { return RankTable(a, ctx, true); });
  d.args = {Arg::Workload().Required(), Arg::Choice("cost", calc::PricedCostBasisIds()).Required(),
            Arg::Segment(), Arg::Integer("limit", 1, 1000).Default("1000")};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
