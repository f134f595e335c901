// gpu-recommend [persona=ID]: the picks for every persona (one row each), or the top three for one.
#include "base/text.h"
#include "calc/recommend.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  std::vector<const Persona*> personas;
  if (a.Has("persona")) {
    personas.push_back(a.PersonaOf("persona"));
  } else {
    for (const auto& p : ctx.data->personas) personas.push_back(&p);
  }
  const bool single = personas.size() == 1;
  HtmlTable t(
      CaptionOr(a.call(), single
                              ? ctx.TF("table.recommend.caption_one",
                                       {{"persona", ctx.T("persona." + personas[0]->id + ".name")}})
                              : ctx.T("table.recommend.caption")),
      TableLayout::kCards);
  t.Columns({Cell::Text(ctx.T(single ? "col.rank" : "col.persona")), Cell::Text(ctx.T("col.pick")),
             Cell::Text(ctx.T("col.cost"), true),
             Cell::Text(ctx.T("col.relative_perf_short"), true), Cell::Text(ctx.T("col.why")),
             Cell::Text(ctx.T("col.runner_up"))});
  for (const Persona* p : personas) {
    auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                               ctx.computed->assumptions, calc::ConstraintsFromPersona(*p));
    int rows = single ? 3 : 1;
    for (int i = 0; i < rows && i < static_cast<int>(rec.picks.size()); ++i) {
      const auto& pick = rec.picks[i];
      const Gpu& g = *ctx.data->FindGpu(pick.gpu);
      std::string who = single ? ctx.fmt->Number(i + 1, 0) : ctx.T("persona." + p->id + ".name");
      // What the buyer pays for the cards (the budget's measure), whatever the ranking basis.
      std::string cost = "—";  // HTML
      if (pick.cost) {
        const calc::CurrentPrice& price = pick.cost->price;
        cost = p->count > 1
                   ? TFHtml(ctx, "recommend.cards_cost", {{"n", ctx.fmt->Number(p->count, 0)}},
                            {{"total", PriceHtml(price.usd * p->count, price, ctx)},
                             {"unit", PriceHtml(price.usd, price, ctx)}})
                   : PriceHtml(price.usd, price, ctx);
        if (price.condition == Condition::kUsed)
          cost += " · " + HtmlEscape(ctx.T(Conditions().UiKey(Condition::kUsed)));
      }
      std::string why = ctx.T(std::string("reason.") + calc::ReasonId(pick.reason));
      if (!pick.next_faster.empty()) {
        if (const Gpu* nf = ctx.data->FindGpu(pick.next_faster))
          why = ctx.TF(std::string("reason.") + calc::ReasonId(pick.reason), {{"gpu", nf->name}});
      }
      std::string runner = "—";
      if (!single && rec.picks.size() > 1)
        runner = GpuLink(*ctx.data->FindGpu(rec.picks[1].gpu), ctx);
      else if (single)
        runner = "";
      t.Row({Cell::Text(who), Cell::Html(GpuLink(g, ctx)), Cell::Html(cost, true),
             Cell::Text(Times(pick.perf.relative, ctx), true), Cell::Text(why),
             Cell::Html(runner)});
    }
    if (rec.picks.empty())
      t.Row({Cell::Text(ctx.T("persona." + p->id + ".name")), Cell::Text(ctx.T("recommend.none")),
             Cell::Text(""), Cell::Text(""), Cell::Text(""), Cell::Text("")});
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
}

}  // namespace

DirectiveSpec GpuRecommendDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-recommend", Render);
  d.args = {Arg::Id("persona", ArgType::kPersona)};
  d.reads = {"data:gpus", "data:personas", "computed:perf", "computed:current-prices",
             "data:assumptions"};
  return d;
}

}  // namespace gg
