// Inline references whose value a calculation gives: performance, rankings, picks, memory,
// fit, decode speed, break-even, calibration error, current price.
#include <cmath>

#include "base/suggest.h"
#include "base/text.h"
#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/ranking.h"
#include "calc/recommend.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "directives/standard.h"

namespace gg {
namespace {

std::vector<std::string> With(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

void RegisterCalcRefs(DirectiveRegistry* r) {
  r->AddInline("price", {"gpu", "condition"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string id = a.GpuId("gpu", *ctx.data);
                 std::string cond = a.Choice("condition", {"new", "used", "any"}, "any");
                 if (!a.ok()) return {};
                 std::vector<Condition> allowed;
                 if (cond != "any") allowed.push_back(*ParseCondition(cond));
                 auto p = calc::CheapestCurrentPrice(ctx.computed->prices, id, allowed);
                 if (!p) {
                   a.Fail("GPU '" + id + "' has no current " +
                              (cond == "any" ? std::string("") : cond + " ") + "price",
                          "add an observation to data/prices.json or ask for another condition");
                   return {};
                 }
                 return HtmlEscape(ctx.fmt->Usd(p->usd));
               });

  r->AddInline("perf", {"gpu", "workload"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string id = a.GpuId("gpu", *ctx.data);
                 Workload w = a.WorkloadArg();
                 if (!a.ok()) return {};
                 auto v = ctx.computed->perf.Get(id, w);
                 if (!v) {
                   a.Fail("GPU '" + id + "' has no performance value for " + WorkloadId(w));
                   return {};
                 }
                 return HtmlEscape(Times(v->relative, ctx));
               });

  r->AddInline("top", {"workload", "cost", "n", "segment"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 calc::RankOptions opt;
                 opt.workload = a.WorkloadArg();
                 opt.basis = *calc::ParseCostBasis(CostBasisArg(a, "none"));
                 int n = a.Integer("n", 1, 1, 100);
                 opt.segments = a.SegmentFilter();
                 if (!a.ok()) return {};
                 auto ranked = calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                                          ctx.computed->assumptions, opt);
                 if (static_cast<int>(ranked.size()) < n) {
                   a.Fail("the ranking has only " + std::to_string(ranked.size()) + " entries");
                   return {};
                 }
                 return GpuLink(*ctx.data->FindGpu(ranked[n - 1].gpu), ctx);
               });

  r->AddInline(
      "pick", {"persona", "n"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        const Persona* p = a.PersonaRef("persona", *ctx.data);
        int n = a.Integer("n", 1, 1, 100);
        if (!a.ok()) return {};
        auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                                   ctx.computed->assumptions, calc::ConstraintsFromPersona(*p));
        auto pick = calc::NthPick(rec, n);
        if (!pick) {
          a.Fail("persona '" + p->id + "' has fewer than " + std::to_string(n) + " picks");
          return {};
        }
        return GpuLink(*ctx.data->FindGpu(pick->gpu), ctx);
      });

  r->AddInline("vram", MemoryParams(), [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string mid = a.ModelId("model", *ctx.data);
    calc::MemoryRequest req = ParseMemoryRequest(a, false);
    if (!a.ok()) return {};
    auto mem = calc::EstimateMemory(*ctx.data->FindModel(mid), req, ctx.computed->assumptions);
    return HtmlEscape(ctx.fmt->Gigabytes(mem.total_bytes));
  });

  r->AddInline("fit", MemoryParams(), [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string mid = a.ModelId("model", *ctx.data);
    calc::MemoryRequest req = ParseMemoryRequest(a, false);
    if (!a.ok()) return {};
    auto fit = calc::FitModel(*ctx.data, *ctx.data->FindModel(mid), req, ctx.computed->prices,
                              ctx.computed->assumptions, {});
    if (!fit.cheapest) {
      a.Fail("no priced configuration holds model '" + mid + "'");
      return {};
    }
    const Gpu& g = *ctx.data->FindGpu(fit.cheapest->gpu);
    std::string label = fit.cheapest->count == 1
                            ? GpuLink(g, ctx)
                            : HtmlEscape(ctx.fmt->Number(fit.cheapest->count, 0)) +
                                  "\u00A0×\u00A0" + GpuLink(g, ctx);
    return label + " (" + HtmlEscape(ctx.fmt->Usd(*fit.cheapest->price_usd)) + ")";
  });

  r->AddInline("params", {"model", "active"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string mid = a.ModelId("model", *ctx.data);
                 bool active = a.Choice("active", {"true", "false"}, "false") == "true";
                 if (!a.ok()) return {};
                 const LlmModel& m = *ctx.data->FindModel(mid);
                 double b = active ? m.active_params_b : m.params_b;
                 return HtmlEscape(BillionParams(b, b < 10 ? 1 : 0, ctx));
               });

  r->AddInline("tokens", With({"gpu"}, MemoryParams()),
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string mid = a.ModelId("model", *ctx.data);
                 std::string gid = a.GpuId("gpu", *ctx.data);
                 calc::MemoryRequest req = ParseMemoryRequest(a, false);
                 if (!a.ok()) return {};
                 const LlmModel& m = *ctx.data->FindModel(mid);
                 const Gpu& g = *ctx.data->FindGpu(gid);
                 const auto& as = ctx.computed->assumptions;
                 auto mem = calc::EstimateMemory(m, req, as);
                 auto n = calc::SmallestGpuCount(g, m, mem.total_bytes, as, 64);
                 if (!n) {
                   a.Fail("model '" + mid + "' does not fit on any number of " + gid);
                   return {};
                 }
                 double bytes = calc::DecodeBytesPerStep(m, req, mem, as);
                 double tps = calc::DecodeTokensPerSecond(g, *n, bytes, mem.batch, as);
                 // Only the number: the sentence around it names the unit in its own words.
                 std::string v = ctx.fmt->Number(tps, tps < 10 ? 1 : 0);
                 if (*n > 1) v += " " + ctx.TF("unit.on_n_cards", {{"n", ctx.fmt->Number(*n, 0)}});
                 return HtmlEscape(v);
               });

  r->AddInline("breakeven", {"gpu", "cloud", "utilisation"},
               [](const DirectiveCall& c, PageContext& ctx) -> std::string {
                 Args a(c, ctx.diags);
                 std::string gid = a.GpuId("gpu", *ctx.data);
                 const CloudOffer* offer = a.OfferRef("cloud", *ctx.data);
                 const auto& as = ctx.computed->assumptions;
                 double util = a.Number("utilisation", as.utilisation, 0.001, 1.0);
                 if (!a.ok()) return {};
                 const Gpu& g = *ctx.data->FindGpu(gid);
                 auto owned = DesktopWith(g, a, ctx);
                 if (!owned) return {};
                 const double desktop = owned->cost_usd, watts = owned->watts;
                 auto days = calc::BreakEvenDays(desktop, watts, offer->usd_per_gpu_hour, util,
                                                 as.electricity_usd_per_kwh);
                 if (!days) return HtmlEscape(ctx.T("breakeven.never"));
                 return HtmlEscape(FormatDuration(*days, ctx));
               });

  r->AddInline("calib", {"workload"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    Workload w = a.WorkloadArg();
    if (!a.ok()) return {};
    const auto* wp = ctx.computed->perf.For(w);
    if (!wp || wp->models.empty()) {
      a.Fail(std::string("no performance model could be fitted for ") + WorkloadId(w));
      return {};
    }
    return HtmlEscape(ctx.fmt->Percent(wp->models.front().loo_mape, 0));
  });
}

}  // namespace gg
