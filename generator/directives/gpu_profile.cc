// gpu-profile gpu=ID: the body of a GPU's own page — specs, where it ranks, current prices
// and their history, which LLMs it holds alone, and cloud offers for it.
#include <algorithm>

#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/placement.h"
#include "calc/ranking.h"
#include "calc/regions.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/computed_values.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/rank_memo.h"
#include "directives/registry.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string H2(const std::string& id, const std::string& text) {
  return "<h2 id=\"" + HtmlEscape(id) + "\">" + HtmlEscape(text) + "</h2>\n";
}

std::string SpecList(const Gpu& g, const PageContext& ctx) {
  std::string h = "<dl class=\"specs\">";
  auto item = [&](const std::string& key, const std::string& value) {
    h += "<dt>" + HtmlEscape(ctx.T(key)) + "</dt><dd>" + HtmlEscape(value) + "</dd>";
  };
  item("spec.vendor", g.vendor == "nvidia"  ? "NVIDIA"
                      : g.vendor == "amd"   ? "AMD"
                      : g.vendor == "intel" ? "Intel"
                                            : "Apple");
  item("spec.architecture", g.architecture);
  item("spec.segment", ctx.T(Segments().UiKey(g.segment)));
  item("spec.launch_date", FormatSpec(g, "launch_date", ctx));
  item("spec.memory", FormatSpec(g, "memory_gb", ctx) + " " + g.memory_type);
  if (g.usable_memory_gb)
    item("spec.usable_memory", ctx.fmt->WithUnit(*g.usable_memory_gb, "GB", 0));
  item("spec.bandwidth", FormatSpec(g, "bandwidth_gbs", ctx));
  item("spec.l2", FormatSpec(g, "l2_mb", ctx));
  item("spec.tensor_cores", g.tensor_cores.empty() ? "—" : ctx.T("tensor." + g.tensor_cores));
  item("spec.fp16", FormatSpec(g, "fp16_tflops", ctx));
  item("spec.fp8", FormatSpec(g, "fp8_tflops", ctx));
  if (g.fp4_tflops) item("spec.fp4", FormatSpec(g, "fp4_tflops", ctx));  // FP4 units only
  item("spec.int8", FormatSpec(g, "int8_tops", ctx));
  item("spec.tdp", FormatSpec(g, "tdp_w", ctx));
  item("spec.form_factor",
       g.form_factor == "pcie"
           ? "PCIe " + std::to_string(g.pcie_gen) +
                 (g.slots > 0 ? " · " + ctx.TF("unit.slots", {{"v", ctx.fmt->Number(g.slots, 1)}})
                              : "")
       : g.form_factor == "sxm"    ? "SXM"
       : g.form_factor == "system" ? ctx.T("spec.form_system")
                                   : "OAM");
  item("spec.nvlink", FormatSpec(g, "nvlink_gbs", ctx));
  item("spec.launch_price", FormatSpec(g, "launch_price_usd", ctx));
  h += "</dl>";
  // The source is quoted as the data writes it (marked as such on other languages' pages).
  std::string src = TFHtml(ctx, "spec.source", {{"date", ctx.fmt->Date(g.prov.as_of)}},
                           {{"source", DataLanguageHtml(HtmlEscape(g.prov.source), ctx)}});
  if (g.prov.estimated) src += " " + HtmlEscape(ctx.T("spec.some_estimated"));
  h += "<p class=\"table-note\">" + src + "</p>";
  return h;
}

}  // namespace

namespace {

// Performance and rank in each workload, by speed and by value.
std::string PerformanceSection(const Gpu& g, const PageContext& ctx) {
  const std::string& gid = g.id;
  std::string h;
  h += H2("performance", ctx.T("gpu.performance"));
  HtmlTable perf(ctx.T("gpu.performance.caption"));
  perf.Columns({Cell::Text(ctx.T("col.workload")),
                Cell::Text(ctx.T("col.relative_perf_short"), true), Cell::Text(ctx.T("col.source")),
                Cell::Text(ctx.T("col.rank_speed"), true),
                Cell::Text(ctx.T("col.rank_value"), true)});
  // Only where this card ranks, not the whole rankings: a price edit elsewhere that moves no
  // place leaves the page as it is (directives/computed_values.h).
  ctx.Read("rank-of:" + gid);
  // Asked as the rank tables ask it (gpu_rank_value.cc): speed over every card, value by
  // cost of ownership.
  auto place = [&](const RankPosition& p, Workload w, bool value) -> std::string {
    if (p.n == 0) return "—";
    const std::string question = std::string("rank by=") +
                                 (value ? "value basis=ownership" : "speed") +
                                 " workload=" + WorkloadId(w) + " segments=all gpu=" + gid +
                                 RankQuestionRegion(ctx);
    return TFHtml(ctx, "gpu.rank_of", {{"of", ctx.fmt->Number(static_cast<double>(p.of), 0)}},
                  {{"n", AnswerHtml(question, p.n,
                                    HtmlEscape(ctx.fmt->Number(static_cast<double>(p.n), 0)))}});
  };
  for (const WorkloadRanks& r : GpuRankPositions(gid, ctx)) {
    auto v = ctx.computed->perf.Get(gid, r.workload);
    perf.Row({Cell::Text(ctx.T(Workloads().UiKey(r.workload))),
              Cell::Text(Times(v->relative, ctx), true),
              Cell::Html(PerfTag(v->source == calc::PerfSource::kMeasured, ctx)),
              Cell::Html(place(r.by_speed, r.workload, false), true),
              Cell::Html(place(r.by_value, r.workload, true), true)});
  }
  // The ratios are throughput of batched networks; one user's LLM decode (the LLM section
  // below) follows bandwidth and can differ from them.
  perf.Note(ctx.T("gpu.performance.note"));
  h += perf.Render();
  return h;
}

// The card's current price in every region, in the region's own currency and on its tax basis,
// with what each rests on (observations, an estimate, a converted price); "" without regions.
std::string RegionPrices(const Gpu& g, const PageContext& ctx) {
  if (ctx.regions == nullptr || ctx.regions->reference.empty()) return {};
  HtmlTable t(ctx.TF("gpu.region_prices.caption", {{"gpu", g.name}}));
  t.Columns({Cell::Text(ctx.T("col.region")), Cell::Text(ctx.T("col.condition")),
             Cell::Text(ctx.T("col.price"), true), Cell::Text(ctx.T("col.basis"))});
  for (const Region& r : ctx.data->regions) {  // in the data's order
    auto found = ctx.regions->by_region.find(r.id);
    if (found == ctx.regions->by_region.end() || found->second.region == nullptr) continue;
    const std::string& id = r.id;
    const Computed& c = found->second;
    ctx.Read("price:" + g.id + "@" + id);
    const std::string region = RegionLabel(*c.region, ctx);
    bool any = false;
    for (Condition cond : {Condition::kNew, Condition::kUsed}) {
      auto it = c.prices.find({g.id, cond});
      if (it == c.prices.end()) continue;
      const calc::CurrentPrice& p = it->second;
      const bool converted =
          std::find(p.methods.begin(), p.methods.end(), calc::kConvertedMethod) != p.methods.end();
      std::string basis =
          converted     ? ctx.TF("price.basis.converted",
                                 {{"region", ctx.T("region.name." + ctx.regions->reference)}})
          : p.estimated ? ctx.T("price.basis.estimate")
                        : ctx.TF(p.basis == calc::PriceBasis::kMsrp ? "price.basis.msrp"
                                                                    : "price.basis.observed",
                                 {{"n", ctx.fmt->Number(p.count, 0)},
                                  {"date", ctx.fmt->Date(p.newest_date)}});
      t.Row({Cell::Text(region), Cell::Text(ctx.T(Conditions().UiKey(cond))),
             Cell::Html(PriceHtml(p.usd, p, ctx, c.region->currency), true), Cell::Text(basis)});
      any = true;
    }
    if (!any)
      t.Row({Cell::Text(region), Cell::Text("—"), Cell::Text("—", true),
             Cell::Text(
                 ctx.T(calc::AvailableIn(g, id) ? "price.basis.none" : "price.basis.not_sold"))});
  }
  return t.Render();
}

// Current prices, the price history chart and every observation.
std::string PriceSection(const Gpu& g, const Args& a, const PageContext& ctx) {
  const std::string& gid = g.id;
  std::string h;
  h += H2("prices", ctx.T("gpu.prices"));
  std::string prices;
  ctx.Read("price:" + gid);
  for (Condition cond : {Condition::kNew, Condition::kUsed}) {
    auto p = calc::CheapestCurrentPrice(ctx.computed->prices, gid, {cond});
    if (!p) continue;
    prices += "<li>" +
              TFHtml(ctx, "gpu.current_price",
                     {{"condition", ctx.T(Conditions().UiKey(cond))},
                      {"n", ctx.fmt->Number(p->count, 0)},
                      {"date", ctx.fmt->Date(p->newest_date)}},
                     {{"price", PriceHtml(p->usd, *p, ctx)}}) +
              "</li>";
  }
  h += prices.empty() ? "<p>" + HtmlEscape(ctx.T("gpu.no_price")) + "</p>"
                      : "<ul>" + prices + "</ul>";
  h += RegionPrices(g, ctx);
  DirectiveCall chart;
  chart.name = "gpu-chart";
  chart.positional = {"price-history"};
  chart.args = {{"gpu", gid}};
  chart.loc = a.call().loc;
  h += StandardDirectives().RunBlock(chart, ctx);
  DirectiveCall table;
  table.name = "gpu-prices";
  table.args = {{"gpu", gid}};
  table.loc = a.call().loc;
  h += "<details class=\"chart-data\"><summary>" + HtmlEscape(ctx.T("gpu.price_observations")) +
       "</summary>" + StandardDirectives().RunBlock(table, ctx) + "</details>";
  return h;
}

// LLMs it holds alone, at 4-bit (Q4_K_M) and 16-bit, 8K context.
std::string LlmSection(const Gpu& g, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  std::string h;
  h += H2("llms", ctx.T("gpu.llms"));
  HtmlTable llm(ctx.T("gpu.llms.caption"));
  const calc::Precision precisions[] = {calc::Precision::kQ4_K_M, calc::Precision::kBf16};
  std::vector<Cell> head = {Cell::Text(ctx.T("col.model"))};
  for (calc::Precision p : precisions) head.push_back(Cell::Text(calc::PrecisionName(p), true));
  llm.Columns(head);
  int held = 0;
  std::vector<const LlmModel*> models;
  for (const auto& m : ctx.data->models) models.push_back(&m);
  std::stable_sort(models.begin(), models.end(),
                   [](const LlmModel* x, const LlmModel* y) { return x->params_b < y->params_b; });
  for (const LlmModel* m : models) {
    std::vector<Cell> row = {Cell::Text(m->name)};
    bool any = false;
    for (calc::Precision p : precisions) {
      calc::MemoryRequest req;
      req.precision = p;
      req.context = std::min<int64_t>(8192, m->max_context);  // never above the model's maximum
      auto answer = calc::AnswerOnGpu(g, *m, req, as, 1, calc::MachineFor(*ctx.data, g, ""));
      if (answer && answer->tokens_per_s) {
        double tps = *answer->tokens_per_s;
        std::string v =
            ctx.TF("unit.tokens_per_s", {{"v", ctx.fmt->Number(tps, tps < 10 ? 1 : 0)}});
        if (*req.context < 8192) v += " (" + ContextLabel(*req.context, ctx) + ")";
        row.push_back(Cell::Html(
            AnswerHtml(TokensQuestion(m->id, g.id, req, answer->count), tps, HtmlEscape(v)), true));
        any = true;
      } else {
        row.push_back(Cell::Text("—", true));
      }
    }
    if (any) {
      llm.Row(row);
      ++held;
    }
  }
  h += held ? llm.Render() : "<p>" + HtmlEscape(ctx.T("gpu.llms.none")) + "</p>";
  return h;
}

// Cloud offers for this card.
std::string CloudSection(const Gpu& g, const Args& a, const PageContext& ctx) {
  const std::string& gid = g.id;
  std::string h;
  bool offered = false;
  for (const auto& o : ctx.data->cloud) offered = offered || o.gpu == gid;
  if (offered) {
    h += H2("cloud", ctx.T("gpu.cloud"));
    DirectiveCall cloud;
    cloud.name = "gpu-cloud";
    cloud.args = {{"gpu", gid}};
    cloud.loc = a.call().loc;
    h += StandardDirectives().RunBlock(cloud, ctx);
  }
  return h;
}

// Which image and video pipelines it runs (gpu-media-runs), when the data has pipelines.
std::string MediaSection(const Gpu& g, const Args& a, const PageContext& ctx) {
  if (ctx.data->media.empty()) return "";
  DirectiveCall runs;
  runs.name = "gpu-media-runs";
  runs.args = {{"gpu", g.id}};
  runs.loc = a.call().loc;
  return H2("media", ctx.T("gpu.media")) + StandardDirectives().RunBlock(runs, ctx);
}

std::string Render(const Args& a, const PageContext& ctx) {
  const Gpu& g = *a.GpuOf("gpu");
  return H2("specs", ctx.T("gpu.specs")) + SpecList(g, ctx) + PerformanceSection(g, ctx) +
         PriceSection(g, a, ctx) + LlmSection(g, ctx) + MediaSection(g, a, ctx) +
         CloudSection(g, a, ctx);
}

}  // namespace

DirectiveSpec GpuProfileDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-profile", Render);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  // The card's own prices, places and observations are read per call (price:, rank-of:,
  // data:prices/<gpu> by the nested directives).
  d.reads = {"data:gpus",     "data:cloud",       "data:models",  "data:genmodels",
             "computed:perf", "data:assumptions", "data:machines"};
  return d;
}

}  // namespace gg
