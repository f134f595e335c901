// gpu-compare: the body of the compare page (/<lang>/compare/). Without JavaScript it is one
// table of every GPU with the figures a comparison needs — specs, relative performance in each
// workload, current new and used prices with their estimate marks, and the largest LLM of the
// data set it holds alone at Q4_K_M with 8K context — explorable like the GPU list. With it,
// assets/explore.js reads ?gpus=a,b[,c,d] and puts those rows side by side (columns = GPUs),
// cloning these cells, with a price-history sparkline drawn from each row's data-history.
// The picker's four selects come with the page, empty; the script fills their options (the
// page carries no 4 × 68 options statically) and the side-by-side table, moving nothing.
#include <algorithm>
#include <optional>

#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/placement.h"
#include "calc/prices.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

constexpr int64_t kContext = 8192;

// The largest model of the data set (by parameters) that one card holds at Q4_K_M with 8K
// context (never above the model's own maximum), and its decode speed estimate.
Cell LargestModelCell(const Gpu& g, const PageContext& ctx) {
  const LlmModel* best = nullptr;
  std::optional<calc::GpuAnswer> best_answer;
  calc::MemoryRequest best_req;
  for (const auto& m : ctx.data->models) {
    calc::MemoryRequest req;
    req.precision = calc::Precision::kQ4_K_M;
    req.context = std::min<int64_t>(kContext, m.max_context);
    auto answer = calc::AnswerOnGpu(g, m, req, ctx.computed->assumptions, 1,
                                    calc::MachineFor(*ctx.data, g, ""));
    if (!answer || answer->count != 1) continue;
    if (best && std::make_pair(m.params_b, m.id) <= std::make_pair(best->params_b, best->id))
      continue;
    best = &m;
    best_answer = answer;
    best_req = req;
  }
  if (!best) return Cell::Text("—", true);
  std::string html = HtmlEscape(best->name);
  if (best_answer->tokens_per_s) {
    double tps = *best_answer->tokens_per_s;
    std::string v = ctx.TF("unit.tokens_per_s", {{"v", ctx.fmt->Number(tps, tps < 10 ? 1 : 0)}});
    html += " · " + AnswerHtml(TokensQuestion(best->id, g.id, best_req, 1), tps, HtmlEscape(v));
  }
  return Cell::Html(html, true).SortBy(best->params_b);
}

// "n 2024-01-05 1599;u 2024-03-01 950": every US-dollar observation of the card, oldest
// first (n new, u used), for the sparkline; estimated ones end with "~".
std::string HistoryData(const Gpu& g, const PageContext& ctx) {
  std::vector<const PriceObservation*> obs;
  for (const auto& o : ctx.data->prices)
    if (o.gpu == g.id && o.currency == "USD") obs.push_back(&o);
  std::stable_sort(
      obs.begin(), obs.end(),
      [](const PriceObservation* x, const PriceObservation* y) { return x->date < y->date; });
  std::string s;
  for (const PriceObservation* o : obs) {
    if (!s.empty()) s += ";";
    s += std::string(o->condition == Condition::kUsed ? "u " : "n ") + o->date + " " +
         DataNumber(o->price) + (o->prov.estimated ? "~" : "");
  }
  return s;
}

std::vector<Cell> CompareRow(const Gpu& g, const PageContext& ctx) {
  auto spec = [&](const std::string& field, std::optional<double> v) {
    Cell c = Cell::Text(FormatSpec(g, field, ctx), true);
    return v ? std::move(c).SortBy(*v) : c;
  };
  std::vector<Cell> row = {Cell::Html(GpuLink(g, ctx)),
                           Cell::Text(ctx.T(Segments().UiKey(g.segment))),
                           spec("memory_gb", g.memory_gb),
                           spec("bandwidth_gbs", g.bandwidth_gbs),
                           spec("fp16_tflops", g.fp16_tflops),
                           spec("fp8_tflops", g.fp8_tflops),
                           spec("tdp_w", g.tdp_w)};
  for (Workload w : kAllWorkloads) {
    auto v = ctx.computed->perf.Get(g.id, w);
    if (!v) {
      row.push_back(Cell::Text("—", true));
      continue;
    }
    // An estimate keeps its mark in the cell, so it survives sorting and the side-by-side copy.
    std::string text = Times(v->relative, ctx);
    if (v->source != calc::PerfSource::kMeasured) text = "≈ " + text;
    row.push_back(Cell::Text(text, true).SortBy(v->relative));
  }
  for (Condition cond : {Condition::kNew, Condition::kUsed}) {
    auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {cond});
    row.push_back(p ? Cell::Html(PriceHtml(p->usd, *p, ctx), true).SortBy(p->usd)
                    : Cell::Text("—", true));
  }
  row.push_back(LargestModelCell(g, ctx));
  return row;
}

RowData CompareRowData(const Gpu& g, const PageContext& ctx) {
  RowData d = {{"gpu", g.id},
               {"vendor", g.vendor},
               {"segment", Segments().Id(g.segment)},
               {"memory", DataNumber(g.memory_gb)}};
  for (Condition cond : {Condition::kNew, Condition::kUsed})
    if (auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {cond}))
      d.push_back({Conditions().Id(cond), DataNumber(p->usd)});
  d.push_back({"history", HistoryData(g, ctx)});
  return d;
}

std::string Render(const Args& a, const PageContext& ctx) {
  HtmlTable t(CaptionOr(a.call(), ctx.T("compare.table.caption")));
  t.Explorable("gpus", ExploreWordsFor(ctx));
  std::vector<Cell> head = {
      Cell::Text(ctx.T("col.gpu")),          Cell::Text(ctx.T("col.segment")),
      Cell::Text(ctx.T("col.memory"), true), Cell::Text(ctx.T("col.bandwidth"), true),
      Cell::Text(ctx.T("col.fp16"), true),   Cell::Text(ctx.T("col.fp8"), true),
      Cell::Text(ctx.T("col.tdp"), true)};
  for (Workload w : kAllWorkloads)
    head.push_back(
        Cell::Text(ctx.TF("compare.col.perf", {{"workload", WorkloadName(w, ctx)}}), true));
  head.push_back(Cell::Text(ctx.T("col.price_new"), true));
  head.push_back(Cell::Text(ctx.T("col.price_used"), true));
  head.push_back(Cell::Text(ctx.T("compare.col.largest_llm"), true));
  t.Columns(head);
  std::vector<const Gpu*> gpus;
  for (const auto& g : ctx.data->gpus) gpus.push_back(&g);
  std::stable_sort(gpus.begin(), gpus.end(), [](const Gpu* x, const Gpu* y) {
    return std::make_pair(x->segment, x->launch_date) < std::make_pair(y->segment, y->launch_date);
  });
  for (const Gpu* g : gpus) t.Row(CompareRow(*g, ctx), g->id, CompareRowData(*g, ctx));
  const Gpu* baseline = ctx.data->FindGpu(ctx.computed->perf.baseline);
  t.Note(ctx.TF("compare.table.note", {{"baseline", baseline ? baseline->name : ""}}));
  // The side-by-side view, in its place from the first paint when scripts run (needs-js: not
  // without them, where the table below is the page): the picker's four selects (the script
  // fills their options, in a box of fixed width) and the result's first words. With ?gpus=
  // in the address, the inline script marks the view pending before anything after it is
  // parsed: the rest of the page stays undisplayed (assets/explore.css) until explore.js has
  // put the chosen GPUs side by side, so nothing on screen moves when the table comes in.
  std::string h = "<div class=\"compare-view needs-js\">";
  // Held back at most until the page's scripts have run (DOMContentLoaded follows them), so a
  // script that fails to load never leaves the table hidden.
  h += "<script>(v=>/[&\\x3f]gpus=/.test(location.search)&&(v.classList.add('compare-pending'),"
       "addEventListener('DOMContentLoaded',()=>v.classList.remove('compare-pending'))))"
       "(document.currentScript.parentElement)</script>";
  h += "<h2 id=\"side-by-side\">" + HtmlEscape(ctx.T("compare.side_by_side")) + "</h2>";
  h += "<div class=\"compare-picker\"><form class=\"compare-form\" aria-label=\"" +
       HtmlEscape(ctx.T("compare.picker")) + "\"><fieldset><legend>" +
       HtmlEscape(ctx.T("compare.picker")) + "</legend>";
  for (int i = 1; i <= 4; ++i) {
    const std::string id = "compare-gpu-" + std::to_string(i);
    h += "<p class=\"explore-field\"><label for=\"" + id + "\">" +
         HtmlEscape(ctx.TF("compare.slot", {{"n", ctx.fmt->Number(i, 0)}})) +
         "</label><select id=\"" + id + "\" name=\"gpus\"><option value=\"\">" +
         HtmlEscape(ctx.T("compare.slot_none")) + "</option></select></p>";
  }
  h += "</fieldset></form><p class=\"visually-hidden compare-status\" role=\"status\" "
       "aria-live=\"polite\"></p></div>";
  h += "<div class=\"compare-result\"><p>" + HtmlEscape(ctx.T("compare.choose")) +
       "</p></div></div>";
  h += "<h2 id=\"all-gpus\">" + HtmlEscape(ctx.T("compare.all")) + "</h2>";
  return h + t.Render();
}

}  // namespace

DirectiveSpec GpuCompareDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-compare", Render);
  d.reads = {
      "data:gpus",        "data:prices",  "data:models", "computed:perf", "computed:current-prices",
      "data:assumptions", "data:machines"};
  return d;
}

}  // namespace gg
