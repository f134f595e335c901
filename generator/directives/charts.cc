// gpu-chart KIND …: the guide's charts, computed from the data on every build and drawn in
// the page's language. Each chart also gives its numbers as an HTML table.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "base/suggest.h"
#include "base/text.h"
#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/ranking.h"
#include "charts/cumulative_cost.h"
#include "charts/date_lines.h"
#include "charts/fit_matrix.h"
#include "charts/grouped_bars.h"
#include "charts/scatter.h"
#include "charts/stacked_bars.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "directives/standard.h"

namespace gg {
namespace {

const std::vector<std::string> kKinds = {"perf",        "perf-per-dollar",  "scatter",
                                         "fit-matrix",  "memory-breakdown", "price-history",
                                         "own-vs-cloud"};

charts::NumberFormat Num(const PageContext& ctx, int frac) {
  const Formatter* f = ctx.fmt;
  return [f, frac](double v) { return f->Number(v, frac); };
}

charts::NumberFormat Money(const PageContext& ctx) {
  const Formatter* f = ctx.fmt;
  return [f](double v) { return f->Usd(v); };
}

std::vector<calc::RankEntry> Ranked(const PageContext& ctx, Workload w, calc::CostBasis basis,
                                    const std::vector<Segment>& segs) {
  calc::RankOptions o;
  o.workload = w;
  o.basis = basis;
  o.segments = segs;
  return calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices, ctx.computed->assumptions,
                    o);
}

// Relative performance, or performance per $1,000, for the three workloads.
std::string BarsChart(const DirectiveCall& c, PageContext& ctx, bool per_dollar) {
  Args a(c, ctx.diags);
  std::string basis_id = per_dollar ? a.Choice("cost", {"gpu", "ownership"}) : "none";
  auto segs = a.SegmentFilter();
  int limit = a.Integer("limit", 24, 2, 60);
  if (!a.ok()) return {};
  calc::CostBasis basis = *calc::ParseCostBasis(basis_id);
  // Order by the 16-bit training column (the guide's main workload).
  auto order = Ranked(ctx, Workload::kTraining16, basis, segs);
  if (per_dollar) {
    SortByValue(&order);
  }
  if (static_cast<int>(order.size()) > limit) order.resize(static_cast<size_t>(limit));
  std::map<std::pair<std::string, int>, calc::RankEntry> by;
  for (Workload w : kAllWorkloads)
    for (const auto& e : Ranked(ctx, w, basis, segs)) by[{e.gpu, static_cast<int>(w)}] = e;

  charts::GroupedBarsSpec spec;
  const Gpu* base = ctx.data->FindGpu(ctx.computed->perf.baseline);
  spec.title = per_dollar ? ctx.TF("chart.value.title", {{"basis", ctx.T("basis." + basis_id)}})
                          : ctx.T("chart.perf.title");
  spec.value_axis_title = per_dollar
                              ? ctx.T("chart.value.axis")
                              : ctx.TF("chart.perf.axis", {{"baseline", base ? base->name : ""}});
  spec.estimated_label = ctx.T("chart.estimated");
  spec.estimated_prefix = "≈\u00A0";
  spec.format = Num(ctx, per_dollar ? 2 : 2);
  for (Workload w : kAllWorkloads) spec.series.push_back(WorkloadName(w, ctx));
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.gpu"))};
  for (Workload w : kAllWorkloads) head.push_back(Cell::Text(WorkloadName(w, ctx), true));
  table.Columns(head);
  for (const auto& e : order) {
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    if (g.id == ctx.computed->perf.baseline)
      spec.baseline_category = static_cast<int>(spec.categories.size());
    spec.categories.push_back(g.name);
    std::vector<charts::BarValue> vals;
    std::vector<Cell> row = {Cell::Html(GpuLink(g, ctx))};
    for (Workload w : kAllWorkloads) {
      auto it = by.find({e.gpu, static_cast<int>(w)});
      double v = std::numeric_limits<double>::quiet_NaN();
      bool est = false;
      if (it != by.end()) {
        est = it->second.perf.source == calc::PerfSource::kEstimated;
        if (!per_dollar)
          v = it->second.perf.relative;
        else if (it->second.perf_per_kusd)
          v = *it->second.perf_per_kusd;
      }
      vals.push_back({v, est});
      row.push_back(Cell::Text(
          std::isnan(v) ? "—" : (est ? "≈\u00A0" : "") + ctx.fmt->Number(v, 2, 2), true));
    }
    spec.values.push_back(vals);
    table.Row(row);
  }
  spec.description = ctx.TF(per_dollar ? "chart.value.desc" : "chart.perf.desc",
                            {{"n", ctx.fmt->Number(static_cast<double>(order.size()), 0)}});
  std::string slug = per_dollar ? "perf-per-dollar-" + basis_id : "perf";
  if (!segs.empty()) slug += std::string("-") + SegmentId(segs[0]);
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      table.Render(), ctx);
}

std::string ScatterChart(const DirectiveCall& c, PageContext& ctx) {
  Args a(c, ctx.diags);
  Workload w = a.WorkloadArg();
  std::string basis_id = a.Choice("cost", {"gpu", "ownership"}, "gpu");
  auto segs = a.SegmentFilter();
  if (!a.ok()) return {};
  auto ranked = Ranked(ctx, w, *calc::ParseCostBasis(basis_id), segs);
  charts::ScatterSpec spec;
  spec.title = ctx.TF("chart.scatter.title", {{"workload", WorkloadName(w, ctx)}});
  spec.description = ctx.T("chart.scatter.desc");
  spec.log_x = true;
  spec.x_axis_title =
      ctx.T(basis_id == "gpu" ? "chart.scatter.x_gpu" : "chart.scatter.x_ownership");
  spec.y_axis_title = ctx.T("chart.scatter.y");
  spec.x_format = Money(ctx);
  spec.y_format = Num(ctx, 1);
  spec.frontier_label = ctx.T("chart.scatter.frontier");
  spec.point_label = ctx.T("chart.scatter.other");
  HtmlTable table(spec.title);
  table.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.cost"), true),
                 Cell::Text(ctx.T("col.relative_perf_short"), true),
                 Cell::Text(ctx.T("chart.scatter.frontier"))});
  for (const auto& e : ranked) {
    if (!e.cost) continue;
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    spec.points.push_back({e.cost->usd, e.perf.relative, g.name, e.pareto});
    table.Row({Cell::Html(GpuLink(g, ctx)), Cell::Text(ctx.fmt->Usd(e.cost->usd), true),
               Cell::Text(Times(e.perf.relative, ctx), true),
               Cell::Text(e.pareto ? ctx.T("flow.a.yes") : "")});
  }
  std::string slug = std::string("scatter-") + WorkloadId(w) + "-" + basis_id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      table.Render(), ctx);
}

// Columns: for each distinct memory size among priced cards, the cheapest card of that size.
std::vector<const Gpu*> RepresentativeCards(const PageContext& ctx, double max_gb) {
  std::map<double, std::pair<double, const Gpu*>> best;
  for (const auto& g : ctx.data->gpus) {
    if (g.memory_gb > max_gb) continue;
    auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g.id, {});
    if (!p) continue;
    auto it = best.find(g.memory_gb);
    if (it == best.end() || p->usd < it->second.first) best[g.memory_gb] = {p->usd, &g};
  }
  std::vector<const Gpu*> out;
  for (const auto& [gb, v] : best) out.push_back(v.second);
  return out;
}

std::string FitMatrixChart(const DirectiveCall& c, PageContext& ctx) {
  Args a(c, ctx.diags);
  calc::Precision prec = calc::Precision::kQ4_K_M;
  ParsePrecisionArg(a, a.Required("precision"), &prec);
  int context = a.Integer("context", 8192, 1, 10'000'000);
  if (!a.ok()) return {};
  const auto& as = ctx.computed->assumptions;
  auto cards = RepresentativeCards(ctx, 1e9);
  std::vector<const LlmModel*> models;
  for (const auto& m : ctx.data->models) models.push_back(&m);
  std::stable_sort(models.begin(), models.end(),
                   [](const LlmModel* x, const LlmModel* y) { return x->params_b < y->params_b; });
  charts::FitMatrixSpec spec;
  spec.title = ctx.TF("chart.fit.title", {{"precision", calc::PrecisionId(prec)},
                                          {"context", ctx.fmt->Number(context, 0)}});
  spec.description = ctx.T("chart.fit.desc");
  spec.one_card_label = ctx.T("chart.fit.one");
  spec.multi_card_label = ctx.T("chart.fit.multi");
  spec.no_fit_label = ctx.T("chart.fit.none");
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.model"))};
  for (const Gpu* g : cards) {
    std::string label = g->name + " · " + ctx.fmt->WithUnit(g->memory_gb, "GB", 0);
    spec.columns.push_back(label);
    head.push_back(Cell::Text(label, true));
  }
  table.Columns(head);
  for (const LlmModel* m : models) {
    calc::MemoryRequest req;
    req.precision = prec;
    req.context = context;
    auto mem = calc::EstimateMemory(*m, req, as);
    spec.rows.push_back(m->name);
    std::vector<charts::FitCell> row;
    std::vector<Cell> trow = {Cell::Text(m->name)};
    for (const Gpu* g : cards) {
      auto n = calc::SmallestGpuCount(*g, *m, mem.total_bytes, as, as.gpus_per_node);
      charts::FitCell cell;
      if (!n)
        cell.fit = charts::Fit::kNoFit;
      else if (*n == 1)
        cell.fit = charts::Fit::kOneCard;
      else {
        cell.fit = charts::Fit::kMultiCard;
        cell.cards = *n;
      }
      row.push_back(cell);
      trow.push_back(Cell::Text(charts::DefaultFitText(cell), true));
    }
    spec.cells.push_back(row);
    table.Row(trow);
  }
  std::string slug =
      std::string("fit-matrix-") + calc::PrecisionId(prec) + "-" + std::to_string(context);
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      table.Render(), ctx);
}

std::string MemoryBreakdownChart(const DirectiveCall& c, PageContext& ctx) {
  Args a(c, ctx.diags);
  std::string mid = a.ModelId("model", *ctx.data);
  int context = a.Integer("context", 8192, 1, 10'000'000);
  if (!a.ok()) return {};
  const LlmModel& m = *ctx.data->FindModel(mid);
  const auto& as = ctx.computed->assumptions;
  charts::StackedBarsSpec spec;
  spec.title = ctx.TF("chart.memory.title", {{"model", m.name}});
  spec.description = ctx.TF("chart.memory.desc", {{"context", ctx.fmt->Number(context, 0)}});
  spec.value_axis_title = ctx.T("chart.memory.axis");
  spec.format = Num(ctx, 0);
  spec.segment_names = {ctx.T("chart.memory.weights"),     ctx.T("chart.memory.kv"),
                        ctx.T("chart.memory.activations"), ctx.T("chart.memory.gradients"),
                        ctx.T("chart.memory.optimizer"),   ctx.T("chart.memory.overhead")};
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.mode"))};
  for (const auto& s : spec.segment_names) head.push_back(Cell::Text(s + " (GB)", true));
  head.push_back(Cell::Text(ctx.T("col.total"), true));
  table.Columns(head);
  struct Bar {
    std::string label;
    calc::MemoryRequest req;
  };
  std::vector<Bar> bars;
  for (calc::Precision p : {calc::Precision::kBf16, calc::Precision::kFp8, calc::Precision::kQ8_0,
                            calc::Precision::kQ4_K_M}) {
    calc::MemoryRequest r;
    r.precision = p;
    r.context = context;
    bars.push_back({ctx.TF("chart.memory.inference", {{"precision", calc::PrecisionId(p)}}), r});
  }
  for (auto [mode, ckpt] :
       {std::pair{calc::MemoryMode::kFull, true}, std::pair{calc::MemoryMode::kLora, true},
        std::pair{calc::MemoryMode::kQlora, true}}) {
    calc::MemoryRequest r;
    r.mode = mode;
    r.gradient_checkpointing = ckpt;
    bars.push_back({ctx.T(std::string("mode.") + calc::MemoryModeId(mode)), r});
  }
  double top = 0;
  for (const auto& b : bars) {
    auto mem = calc::EstimateMemory(m, b.req, as);
    std::vector<double> seg = {mem.weights_bytes,   mem.kv_cache_bytes,  mem.activations_bytes,
                               mem.gradients_bytes, mem.optimizer_bytes, mem.overhead_bytes};
    for (double& v : seg) v = calc::ToGB(v);
    top = std::max(top, calc::ToGB(mem.total_bytes));
    spec.bars.push_back({b.label, seg});
    std::vector<Cell> row = {Cell::Text(b.label)};
    for (double v : seg) row.push_back(Cell::Text(ctx.fmt->Number(v, 1), true));
    row.push_back(Cell::Text(ctx.fmt->Number(calc::ToGB(mem.total_bytes), 1), true));
    table.Row(row);
  }
  for (const Gpu* g : RepresentativeCards(ctx, top * 1.15)) {
    if (g->memory_gb < top * 0.08) continue;
    spec.references.push_back(
        {g->memory_gb, g->name + " · " + ctx.fmt->WithUnit(g->memory_gb, "GB", 0)});
  }
  std::string slug = "memory-" + m.id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      table.Render(), ctx);
}

std::string PriceHistoryChart(const DirectiveCall& c, PageContext& ctx) {
  Args a(c, ctx.diags);
  std::string gid = a.GpuId("gpu", *ctx.data);
  if (!a.ok()) return {};
  const Gpu& g = *ctx.data->FindGpu(gid);
  charts::DateLinesSpec spec;
  spec.title = ctx.TF("chart.prices.title", {{"gpu", g.name}});
  spec.description = ctx.T("chart.prices.desc");
  spec.value_axis_title = ctx.T("chart.prices.axis");
  spec.format = Money(ctx);
  const Formatter* f = ctx.fmt;
  spec.date_format = [f](const std::string& iso, charts::DateUnit) { return f->Date(iso); };
  for (Condition cond : {Condition::kNew, Condition::kUsed}) {
    charts::DateSeries s;
    s.name = ctx.T(std::string("condition.") + ConditionId(cond));
    for (const auto& p : ctx.data->prices)
      if (p.gpu == gid && p.condition == cond) s.points.push_back({p.date, p.price});
    if (!s.points.empty()) spec.series.push_back(s);
  }
  if (spec.series.empty()) return "<p>" + HtmlEscape(ctx.T("gpu.no_price")) + "</p>";
  std::string slug = "prices-" + gid;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      "", ctx);
}

std::string OwnVsCloudChart(const DirectiveCall& c, PageContext& ctx) {
  Args a(c, ctx.diags);
  std::string gid = a.GpuId("gpu", *ctx.data);
  const auto& as = ctx.computed->assumptions;
  const CloudOffer* offer = a.OfferRef("cloud", *ctx.data, as.cloud_reference_offer);
  double util = a.Number("utilisation", as.utilisation, 0.001, 1.0);
  if (!a.ok()) return {};
  const Gpu& g = *ctx.data->FindGpu(gid);
  auto owned = DesktopWith(g, a, ctx);
  if (!owned) return {};
  const double desktop = owned->cost_usd, watts = owned->watts;
  double elec_day =
      calc::ElectricityUsdPerYear(watts, util, as.electricity_usd_per_kwh) / calc::kDaysPerYear;
  double cloud_day = offer->usd_per_gpu_hour * 24 * util;
  auto be = calc::BreakEvenDays(desktop, watts, offer->usd_per_gpu_hour, util,
                                as.electricity_usd_per_kwh);
  charts::CumulativeCostSpec spec;
  spec.title = ctx.TF("chart.cloud.title", {{"gpu", g.name}, {"offer", offer->provider}});
  spec.description =
      ctx.TF("chart.cloud.desc", {{"util", ctx.fmt->Percent(util, 0)},
                                  {"kwh", ctx.fmt->Usd(as.electricity_usd_per_kwh, true)}});
  spec.own = {ctx.TF("chart.cloud.own", {{"cost", ctx.fmt->Usd(desktop)}}), desktop, elec_day};
  spec.cloud = {
      ctx.TF("chart.cloud.rent", {{"price", ctx.fmt->Usd(offer->usd_per_gpu_hour, true)}}), 0,
      cloud_day};
  spec.days = be ? std::max(365.0, std::ceil(*be * 1.5 / 365.0) * 365.0) : 3 * 365.0;
  spec.days = std::min(spec.days, 10 * 365.0);
  spec.x_axis_title = ctx.T("chart.cloud.x");
  spec.y_axis_title = ctx.T("chart.cloud.y");
  const Formatter* f = ctx.fmt;
  spec.day_format = [f](double d) { return f->Number(d / 365.0, 1); };
  spec.cost_format = Money(ctx);
  const PageContext* pc = &ctx;
  spec.break_even_label = [pc](double day, double) {
    return pc->TF("chart.cloud.break_even", {{"time", FormatDuration(day, *pc)}});
  };
  spec.never_note = ctx.T("chart.cloud.never");
  HtmlTable table(spec.title);
  table.Columns({Cell::Text(ctx.T("col.value")), Cell::Text(ctx.T("chart.cloud.amount"), true)});
  table.Row(
      {Cell::Text(ctx.T("chart.cloud.desktop_cost")), Cell::Text(ctx.fmt->Usd(desktop), true)});
  table.Row({Cell::Text(ctx.T("chart.cloud.electricity_day")),
             Cell::Text(ctx.fmt->Usd(elec_day, true), true)});
  table.Row({Cell::Text(ctx.T("chart.cloud.cloud_day")),
             Cell::Text(ctx.fmt->Usd(cloud_day, true), true)});
  table.Row({Cell::Text(ctx.T("col.breakeven")),
             Cell::Text(be ? FormatDuration(*be, ctx) : ctx.T("breakeven.never"), true)});
  std::string slug = "own-vs-cloud-" + gid + "-" + offer->id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description, CaptionOr(c, spec.title),
                      table.Render(), ctx);
}

}  // namespace

void RegisterCharts(DirectiveRegistry* r) {
  r->AddBlock("gpu-chart",
              {"*", "workload", "cost", "segment", "limit", "precision", "context", "model", "gpu",
               "cloud", "utilisation"},
              [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                if (c.positional.size() != 1) {
                  ctx.diags->Error(c.loc, "gpu-chart needs one chart kind",
                                   "one of: perf, perf-per-dollar, scatter, fit-matrix, "
                                   "memory-breakdown, price-history, own-vs-cloud");
                  return {};
                }
                const std::string& kind = c.positional[0];
                static const std::map<std::string, std::vector<std::string>> kParams = {
                    {"perf", {"segment", "limit"}},
                    {"perf-per-dollar", {"cost", "segment", "limit"}},
                    {"scatter", {"workload", "cost", "segment"}},
                    {"fit-matrix", {"precision", "context"}},
                    {"memory-breakdown", {"model", "context"}},
                    {"price-history", {"gpu"}},
                    {"own-vs-cloud", {"gpu", "cloud", "utilisation"}}};
                auto allowed = kParams.find(kind);
                if (allowed != kParams.end()) {
                  bool ok = true;
                  for (const auto& [k, v] : c.args) {
                    if (std::find(allowed->second.begin(), allowed->second.end(), k) ==
                        allowed->second.end()) {
                      std::string list;
                      for (const auto& p : allowed->second) list += (list.empty() ? "" : ", ") + p;
                      ctx.diags->Error(c.loc,
                                       "unknown argument '" + k + "' for chart '" + kind + "'",
                                       "it takes: " + list);
                      ok = false;
                    }
                  }
                  if (!ok) return {};
                }
                if (kind == "perf") return BarsChart(c, ctx, false);
                if (kind == "perf-per-dollar") return BarsChart(c, ctx, true);
                if (kind == "scatter") return ScatterChart(c, ctx);
                if (kind == "fit-matrix") return FitMatrixChart(c, ctx);
                if (kind == "memory-breakdown") return MemoryBreakdownChart(c, ctx);
                if (kind == "price-history") return PriceHistoryChart(c, ctx);
                if (kind == "own-vs-cloud") return OwnVsCloudChart(c, ctx);
                ctx.diags->Error(c.loc, "unknown chart '" + kind + "'", DidYouMean(kind, kKinds));
                return {};
              });
}

}  // namespace gg
