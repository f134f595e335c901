// Table directives over GPUs: rankings, value, recommendations, specs, cost of ownership,
// cloud offers, break-even, calibration, assumptions, price history.
#include <algorithm>
#include <cmath>

#include "base/suggest.h"
#include "base/text.h"
#include "calc/cost.h"
#include "calc/ranking.h"
#include "calc/recommend.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/html.h"
#include "directives/standard.h"

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

std::string PriceCell(const std::optional<calc::BasisCost>& cost, const PageContext& ctx) {
  if (!cost) return "—";
  std::string s = HtmlEscape(ctx.fmt->Usd(cost->usd));
  if (cost->price.condition == Condition::kUsed)
    s += " <span class=\"tag\">" + HtmlEscape(ctx.T("condition.used")) + "</span>";
  return s;
}

std::string RankTable(const DirectiveCall& c, PageContext& ctx, bool value) {
  Args a(c, ctx.diags);
  calc::RankOptions opt;
  opt.workload = a.WorkloadArg();
  opt.basis =
      value ? *calc::ParseCostBasis(a.Choice("cost", {"gpu", "ownership"})) : calc::CostBasis::kGpu;
  opt.segments = a.SegmentFilter();
  int limit = a.Integer("limit", 1000, 1, 1000);
  if (!a.ok()) return {};
  auto ranked = calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                           ctx.computed->assumptions, opt);
  if (!value) {
    // The card price is shown, but the ranking is by speed.
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const calc::RankEntry& x, const calc::RankEntry& y) {
                       return x.perf.relative > y.perf.relative;
                     });
  } else {
    SortByValue(&ranked);
  }
  std::string basis = value ? std::string(calc::CostBasisId(opt.basis)) : "none";
  std::string caption = CaptionOr(c, ctx.TF(value ? "table.value.caption" : "table.rank.caption",
                                            {{"workload", WorkloadName(opt.workload, ctx)},
                                             {"basis", value ? ctx.T("basis." + basis) : ""}}));
  HtmlTable t(caption);
  std::vector<Cell> head = {
      Cell::Text("#", true), Cell::Text(ctx.T("col.gpu")),
      Cell::Text(ctx.TF("col.relative_perf",
                        {{"baseline", ctx.data->FindGpu(ctx.computed->perf.baseline)
                                          ? ctx.data->FindGpu(ctx.computed->perf.baseline)->name
                                          : ""}}),
                 true),
      Cell::Text(ctx.T("col.source"))};
  head.push_back(Cell::Text(ctx.T(value ? "col.cost_" + basis : "col.price"), true));
  if (value) head.push_back(Cell::Text(ctx.T("col.perf_per_kusd"), true));
  head.push_back(Cell::Text(ctx.T("col.memory"), true));
  // The first column is the GPU (row header); rank number goes second for screen readers.
  std::swap(head[0], head[1]);
  t.Columns(head);
  int shown = 0;
  for (const auto& e : ranked) {
    if (shown++ >= limit) break;
    const Gpu& g = *ctx.data->FindGpu(e.gpu);
    std::vector<Cell> row = {
        Cell::Html(GpuLink(g, ctx)), Cell::Text(ctx.fmt->Number(shown, 0), true),
        Cell::Text(Times(e.perf.relative, ctx), true),
        Cell::Html(PerfTag(e.perf.source == calc::PerfSource::kMeasured, ctx))};
    row.push_back(Cell::Html(PriceCell(e.cost, ctx), true));
    if (value) row.push_back(Cell::Text(ctx.fmt->Number(*e.perf_per_kusd, 2, 2), true));
    row.push_back(Cell::Text(ctx.fmt->WithUnit(g.memory_gb, "GB", 0), true));
    t.Row(row, value ? "" : "");
  }
  t.Note(ctx.T(value ? "table.value.note" : "table.rank.note"));
  return t.Render();
}

}  // namespace

void RegisterTables(DirectiveRegistry* r) {
  r->AddBlock("gpu-rank", {"workload", "segment", "limit"},
              [](const DirectiveCall& c, PageContext& ctx) { return RankTable(c, ctx, false); });
  r->AddBlock("gpu-value", {"workload", "cost", "segment", "limit"},
              [](const DirectiveCall& c, PageContext& ctx) { return RankTable(c, ctx, true); });

  r->AddBlock(
      "gpu-recommend", {"persona"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::vector<const Persona*> personas;
        if (a.Get("persona")) {
          const Persona* p = a.PersonaRef("persona", *ctx.data);
          if (!p) return {};
          personas.push_back(p);
        } else {
          for (const auto& p : ctx.data->personas) personas.push_back(&p);
        }
        const bool single = personas.size() == 1;
        HtmlTable t(CaptionOr(
            c, single ? ctx.TF("table.recommend.caption_one",
                               {{"persona", ctx.T("persona." + personas[0]->id + ".name")}})
                      : ctx.T("table.recommend.caption")));
        t.Columns({Cell::Text(ctx.T(single ? "col.rank" : "col.persona")),
                   Cell::Text(ctx.T("col.pick")), Cell::Text(ctx.T("col.cost"), true),
                   Cell::Text(ctx.T("col.relative_perf_short"), true), Cell::Text(ctx.T("col.why")),
                   Cell::Text(ctx.T("col.runner_up"))});
        for (const Persona* p : personas) {
          auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                                     ctx.computed->assumptions, calc::ConstraintsFromPersona(*p));
          int rows = single ? 3 : 1;
          for (int i = 0; i < rows && i < static_cast<int>(rec.picks.size()); ++i) {
            const auto& pick = rec.picks[i];
            const Gpu& g = *ctx.data->FindGpu(pick.gpu);
            std::string who =
                single ? ctx.fmt->Number(i + 1, 0) : ctx.T("persona." + p->id + ".name");
            // What the buyer pays for the cards (the budget's measure), whatever the ranking basis.
            std::string cost = "—";
            if (pick.cost) {
              double unit = pick.cost->price.usd;
              cost = p->count > 1
                         ? ctx.TF("recommend.cards_cost", {{"total", ctx.fmt->Usd(unit * p->count)},
                                                           {"n", ctx.fmt->Number(p->count, 0)},
                                                           {"unit", ctx.fmt->Usd(unit)}})
                         : ctx.fmt->Usd(unit);
              if (pick.cost->price.condition == Condition::kUsed)
                cost += " · " + ctx.T("condition.used");
            }
            std::string why = ctx.T(std::string("reason.") + calc::ReasonId(pick.reason));
            if (!pick.next_faster.empty()) {
              if (const Gpu* nf = ctx.data->FindGpu(pick.next_faster))
                why = ctx.TF(std::string("reason.") + calc::ReasonId(pick.reason),
                             {{"gpu", nf->name}});
            }
            std::string runner = "—";
            if (!single && rec.picks.size() > 1)
              runner = GpuLink(*ctx.data->FindGpu(rec.picks[1].gpu), ctx);
            else if (single)
              runner = "";
            t.Row({Cell::Text(who), Cell::Html(GpuLink(g, ctx)), Cell::Text(cost, true),
                   Cell::Text(Times(pick.perf.relative, ctx), true), Cell::Text(why),
                   Cell::Html(runner)});
          }
          if (rec.picks.empty())
            t.Row({Cell::Text(ctx.T("persona." + p->id + ".name")),
                   Cell::Text(ctx.T("recommend.none")), Cell::Text(""), Cell::Text(""),
                   Cell::Text(""), Cell::Text("")});
        }
        std::string html = t.Render();
        if (single) {
          const Persona* p = personas[0];
          std::string cons = ctx.TF("recommend.constraints",
                                    {{"workload", WorkloadName(p->workload, ctx)},
                                     {"memory", ctx.fmt->WithUnit(p->min_memory_gb, "GB", 0)},
                                     {"budget", p->max_budget_usd ? ctx.fmt->Usd(*p->max_budget_usd)
                                                                  : ctx.T("recommend.no_budget")},
                                     {"basis", ctx.T("basis." + p->cost)}});
          html = "<p class=\"table-note\">" + HtmlEscape(cons) + "</p>" + html;
        }
        return html;
      });

  r->AddBlock(
      "gpu-specs", {"segment", "links"},
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        auto segs = a.SegmentFilter();
        a.Choice("links", {"yes", "no"}, "yes");
        if (!a.ok()) return {};
        HtmlTable t(CaptionOr(c, ctx.T("table.specs.caption")));
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
          return std::make_pair(x->vendor, x->launch_date) <
                 std::make_pair(y->vendor, y->launch_date);
        });
        for (const Gpu* g : gpus) {
          auto price = [&](Condition cond) {
            auto p = calc::CheapestCurrentPrice(ctx.computed->prices, g->id, {cond});
            return p ? ctx.fmt->Usd(p->usd) : std::string("—");
          };
          t.Row(
              {Cell::Html(GpuLink(*g, ctx)), Cell::Text(g->architecture),
               Cell::Text(ctx.T(std::string("segment.") + SegmentId(g->segment))),
               Cell::Text(FormatSpec(*g, "memory_gb", ctx), true),
               Cell::Text(FormatSpec(*g, "bandwidth_gbs", ctx), true),
               Cell::Text(FormatSpec(*g, "l2_mb", ctx), true),
               Cell::Text(FormatSpec(*g, "fp16_tflops", ctx), true),
               Cell::Text(FormatSpec(*g, "fp8_tflops", ctx), true),
               Cell::Text(FormatSpec(*g, "tdp_w", ctx), true),
               Cell::Text(price(Condition::kNew), true), Cell::Text(price(Condition::kUsed), true)},
              g->id);
        }
        return t.Render();
      });

  r->AddBlock(
      "gpu-tco", {"limit", "workload"},
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        int limit = a.Integer("limit", 1000, 1, 1000);
        Workload w = ParseWorkload(a.Or("workload", "training16")).value_or(Workload::kTraining16);
        if (!a.ok()) return {};
        const auto& as = ctx.computed->assumptions;
        calc::RankOptions opt;
        opt.workload = w;
        opt.basis = calc::CostBasis::kOwnership;
        auto ranked = calc::Rank(*ctx.data, ctx.computed->perf, ctx.computed->prices, as, opt);
        SortByValue(&ranked);
        HtmlTable t(CaptionOr(
            c, ctx.TF("table.tco.caption", {{"years", ctx.fmt->Number(as.ownership_years, 1)}})));
        t.Columns(
            {Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.price"), true),
             Cell::Text(ctx.T("col.system"), true), Cell::Text(ctx.T("col.electricity_year"), true),
             Cell::Text(ctx.T("col.tco"), true), Cell::Text(ctx.T("col.perf_per_kusd"), true)});
        int shown = 0;
        for (const auto& e : ranked) {
          if (shown++ >= limit) break;
          const Gpu& g = *ctx.data->FindGpu(e.gpu);
          auto oc = calc::CostOfOwnership(g, e.cost->price.usd, 1, as);
          t.Row({Cell::Html(GpuLink(g, ctx)),
                 Cell::Html(PriceCell(calc::BasisCost{oc.gpus_usd, e.cost->price}, ctx), true),
                 Cell::Text(ctx.fmt->Usd(oc.system_usd), true),
                 Cell::Text(ctx.fmt->Usd(oc.electricity_usd_per_year), true),
                 Cell::Text(ctx.fmt->Usd(oc.total_usd), true),
                 Cell::Text(ctx.fmt->Number(*e.perf_per_kusd, 2, 2), true)});
        }
        t.Note(ctx.TF("table.tco.note", {{"kwh", ctx.fmt->Usd(as.electricity_usd_per_kwh, true)},
                                         {"util", ctx.fmt->Percent(as.utilisation, 0)}}));
        return t.Render();
      });

  r->AddBlock("gpu-cloud", {"gpu"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string gid = a.GpuId("gpu", *ctx.data, false);
    if (!a.ok()) return {};
    HtmlTable t(CaptionOr(c, ctx.T("table.cloud.caption")));
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
             Cell::Text(ctx.T("pricing." + o->pricing)),
             Cell::Text(ctx.fmt->Usd(o->usd_per_gpu_hour, true), true),
             Cell::Text(ctx.fmt->Number(o->gpus_per_instance, 0), true),
             Cell::Text(ctx.fmt->Date(o->date))},
            "offer-" + o->id);
    }
    return t.Render();
  });

  r->AddBlock(
      "gpu-breakeven", {"gpu", "utilisation"},
      [](const DirectiveCall& c, PageContext& ctx) -> std::string {
        Args a(c, ctx.diags);
        std::string gid = a.GpuId("gpu", *ctx.data);
        const auto& as = ctx.computed->assumptions;
        double util = a.Number("utilisation", as.utilisation, 0.001, 1.0);
        if (!a.ok()) return {};
        const Gpu& g = *ctx.data->FindGpu(gid);
        auto owned = DesktopWith(g, a, ctx);
        if (!owned) return {};
        const double desktop = owned->cost_usd, watts = owned->watts;
        HtmlTable t(
            CaptionOr(c, ctx.TF("table.breakeven.caption", {{"gpu", g.name},
                                                            {"cost", ctx.fmt->Usd(desktop)},
                                                            {"util", ctx.fmt->Percent(util, 0)}})));
        t.Columns({Cell::Text(ctx.T("col.offer")), Cell::Text(ctx.T("col.gpu")),
                   Cell::Text(ctx.T("col.usd_per_hour"), true),
                   Cell::Text(ctx.T("col.breakeven"), true),
                   Cell::Text(ctx.T("col.breakeven_50"), true)});
        std::vector<const CloudOffer*> offers;
        for (const auto& o : ctx.data->cloud) {
          const Gpu* og = ctx.data->FindGpu(o.gpu);
          if (og && ComparableForRent(*og, g, ctx)) offers.push_back(&o);
        }
        std::stable_sort(offers.begin(), offers.end(),
                         [](const CloudOffer* x, const CloudOffer* y) {
                           return std::make_pair(x->usd_per_gpu_hour, x->id) <
                                  std::make_pair(y->usd_per_gpu_hour, y->id);
                         });
        for (const CloudOffer* o : offers) {
          auto d1 = calc::BreakEvenDays(desktop, watts, o->usd_per_gpu_hour, util,
                                        as.electricity_usd_per_kwh);
          auto d2 = calc::BreakEvenDays(desktop, watts, o->usd_per_gpu_hour, 0.5,
                                        as.electricity_usd_per_kwh);
          t.Row({Cell::Text(o->provider + " · " + ctx.T("pricing." + o->pricing)),
                 Cell::Html(GpuLink(*ctx.data->FindGpu(o->gpu), ctx)),
                 Cell::Text(ctx.fmt->Usd(o->usd_per_gpu_hour, true), true),
                 Cell::Text(d1 ? FormatDuration(*d1, ctx) : ctx.T("breakeven.never"), true),
                 Cell::Text(d2 ? FormatDuration(*d2, ctx) : ctx.T("breakeven.never"), true)});
        }
        t.Note(ctx.T("table.breakeven.note"));
        return t.Render();
      });

  r->AddBlock("gpu-calibration", {}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    std::string html;
    for (Workload w : kAllWorkloads) {
      const auto* wp = ctx.computed->perf.For(w);
      if (!wp || wp->models.empty()) continue;
      const auto& m = wp->models.front();
      HtmlTable t(ctx.TF("table.calibration.caption", {{"workload", WorkloadName(w, ctx)},
                                                       {"model", m.id},
                                                       {"error", ctx.fmt->Percent(m.loo_mape, 1)},
                                                       {"n", ctx.fmt->Number(m.points, 0)}}));
      t.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.measured"), true),
                 Cell::Text(ctx.T("col.predicted"), true), Cell::Text(ctx.T("col.error"), true)});
      for (const auto& p : m.loo) {
        const Gpu* g = ctx.data->FindGpu(p.gpu);
        t.Row({Cell::Html(g ? GpuLink(*g, ctx) : HtmlEscape(p.gpu)),
               Cell::Text(Times(p.measured, ctx), true), Cell::Text(Times(p.predicted, ctx), true),
               Cell::Text(ctx.fmt->Percent((p.predicted - p.measured) / p.measured, 0), true)});
      }
      html += t.Render();
    }
    (void)c;
    return html;
  });

  r->AddBlock("gpu-assumptions", {}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    HtmlTable t(CaptionOr(c, ctx.T("table.assumptions.caption")));
    t.Columns({Cell::Text(ctx.T("col.assumption")), Cell::Text(ctx.T("col.value"), true),
               Cell::Text(ctx.T("col.source")), Cell::Text(ctx.T("col.as_of"))});
    for (const auto& as : ctx.data->assumptions) {
      std::string src =
          as.prov.source + (as.prov.estimated ? " (" + ctx.T("perf.estimated") + ")" : "");
      t.Row({Cell::Html("<code>" + HtmlEscape(as.id) + "</code>"),
             Cell::Text(FormatAssumption(as, ctx), true), Cell::Text(src),
             Cell::Text(ctx.fmt->Date(as.prov.as_of))});
    }
    return t.Render();
  });

  r->AddBlock("gpu-prices", {"gpu"}, [](const DirectiveCall& c, PageContext& ctx) -> std::string {
    Args a(c, ctx.diags);
    std::string gid = a.GpuId("gpu", *ctx.data);
    if (!a.ok()) return {};
    std::vector<const PriceObservation*> obs;
    for (const auto& p : ctx.data->prices)
      if (p.gpu == gid) obs.push_back(&p);
    std::stable_sort(obs.begin(), obs.end(),
                     [](const PriceObservation* x, const PriceObservation* y) {
                       return std::make_tuple(x->date, static_cast<int>(x->condition), x->price) >
                              std::make_tuple(y->date, static_cast<int>(y->condition), y->price);
                     });
    HtmlTable t(
        CaptionOr(c, ctx.TF("table.prices.caption", {{"gpu", ctx.data->FindGpu(gid)->name}})));
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
  });
}

}  // namespace gg
