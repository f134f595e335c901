// gpu-recommend [persona=ID]: the picks for every persona (one row each), or the top three for one.
#include <algorithm>

#include "base/text.h"
#include "calc/power.h"
#include "calc/recommend.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

bool IsMachineReason(calc::Reason r) {
  return r == calc::Reason::kFormFactor || r == calc::Reason::kSlots || r == calc::Reason::kPsu ||
         r == calc::Reason::kCircuit || r == calc::Reason::kConnectors;
}

double LargestPsu(const Machine& m) {
  double max = 0;
  for (double s : m.psu_sizes_w) max = std::max(max, s);
  return max;
}

// Why a pick is where it is: "reason.<id>" (a gate: "reason.gate.<gate>") with the card the
// reason is about, its count per machine, and for a machine limit the figures of its build
// against the machine's.
std::string ReasonText(calc::Reason reason, const std::string& gate, const std::string& gpu_id,
                       int count, const std::optional<calc::Build>& build, const Persona& p,
                       const PageContext& ctx) {
  const std::string key = reason == calc::Reason::kGate
                              ? "reason.gate." + gate
                              : std::string("reason.") + calc::ReasonId(reason);
  const Gpu* g = gpu_id.empty() ? nullptr : ctx.data->FindGpu(gpu_id);
  if (g == nullptr) return ctx.T(key);
  const int per_machine = std::max(count, 1) / std::max(p.machines, 1);
  const Machine* m = ctx.data->FindMachine(p.machine);
  if (!IsMachineReason(reason) || m == nullptr || !build) {
    int min = 1;
    for (const FeatureGate& fg : ctx.data->gates)
      if (fg.id == gate) min = fg.min_gpus_per_machine;
    return ctx.TF(key, {{"gpu", g->name},
                        {"count", ctx.fmt->Number(per_machine, 0)},
                        {"min", ctx.fmt->Number(min, 0)},
                        {"machine", m ? ctx.T("machine." + m->id + ".name") : std::string()}});
  }
  auto w = [&](double x) { return ctx.fmt->WithUnit(x, "W", 0); };
  return ctx.TF(key, {{"gpu", g->name},
                      {"count", ctx.fmt->Number(build->gpus, 0)},
                      {"machine", ctx.T("machine." + m->id + ".name")},
                      {"system", w(build->system_w)},
                      {"psu_needed", w(build->psu_needed_w)},
                      {"psu_max", w(LargestPsu(*m))},
                      {"wall", w(build->wall_w)},
                      {"wall_limit", w(build->wall_limit_w)},
                      {"max_gpus", ctx.fmt->Number(build->max_gpus, 0)}});
}

// "1,650 W, 2,200 W PSU" for a pick with a machine, "—" without; over several machines,
// one machine's figures, the machine count and the total.
std::string PowerText(const calc::Pick& pick, const Persona& p, const PageContext& ctx) {
  if (!pick.build) return "—";
  const calc::Build& b = *pick.build;
  const std::string psu = b.psu_w ? ctx.fmt->WithUnit(*b.psu_w, "W", 0) : std::string("—");
  if (p.machines > 1)
    return ctx.TF("recommend.power_machines",
                  {{"system", ctx.fmt->WithUnit(b.system_w, "W", 0)},
                   {"psu", psu},
                   {"machines", ctx.fmt->Number(p.machines, 0)},
                   {"total", ctx.fmt->WithUnit(b.system_w * p.machines, "W", 0)}});
  return ctx.TF("recommend.power",
                {{"system", ctx.fmt->WithUnit(b.system_w, "W", 0)}, {"psu", psu}});
}

// Under one persona's table: its machine, and the fastest build the machine ruled out.
std::string MachineNote(const Persona& p, const calc::Recommendation& rec, const PageContext& ctx) {
  const Machine* m = ctx.data->FindMachine(p.machine);
  if (m == nullptr) return "";
  std::string html =
      "<p class=\"table-note\">" +
      HtmlEscape(ctx.TF("recommend.machine",
                        {{"machine", ctx.T("machine." + m->id + ".name")},
                         {"psu_max", ctx.fmt->WithUnit(LargestPsu(*m), "W", 0)},
                         {"wall_limit", ctx.fmt->WithUnit(calc::MachineWallLimitW(*m), "W", 0)},
                         {"max_gpus", ctx.fmt->Number(m->max_gpus, 0)}})) +
      "</p>";
  const double best = rec.picks.empty() ? 0 : rec.picks[0].perf.relative;
  for (const calc::Exclusion& e : rec.excluded) {  // fastest first
    if (e.perf <= best) break;
    // Only a build the machine alone ruled out (not one over budget or gated anyway).
    if (!std::all_of(e.failures.begin(), e.failures.end(),
                     [](const calc::Failure& f) { return IsMachineReason(f.reason); }))
      continue;
    html += "<p class=\"table-note\">" +
            HtmlEscape(
                ctx.TF("recommend.not_built",
                       {{"why", ReasonText(e.reason, e.gate, e.gpu, e.count, e.build, p, ctx)}})) +
            "</p>";
    break;
  }
  return html;
}

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
             Cell::Text(ctx.T("col.relative_perf_short"), true), Cell::Text(ctx.T("col.power")),
             Cell::Text(ctx.T("col.why")), Cell::Text(ctx.T("col.runner_up"))});
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
        cost = pick.count > 1
                   ? TFHtml(ctx, "recommend.cards_cost", {{"n", ctx.fmt->Number(pick.count, 0)}},
                            {{"total", PriceHtml(price.usd * pick.count, price, ctx)},
                             {"unit", PriceHtml(price.usd, price, ctx)}})
                   : PriceHtml(price.usd, price, ctx);
        if (price.condition == Condition::kUsed)
          cost += " · " + HtmlEscape(ctx.T(Conditions().UiKey(Condition::kUsed)));
      }
      std::string why = ReasonText(pick.reason, pick.gate, pick.next_faster, pick.next_faster_count,
                                   pick.next_faster_build, *p, ctx);
      std::string runner = "—";
      if (!single && rec.picks.size() > 1)
        runner = GpuLink(*ctx.data->FindGpu(rec.picks[1].gpu), ctx);
      else if (single)
        runner = "";
      std::string name = GpuLink(g, ctx);
      if (pick.count > 1) name = HtmlEscape(ctx.fmt->Number(pick.count, 0)) + " × " + name;
      t.Row({Cell::Text(who), Cell::Html(name), Cell::Html(cost, true),
             Cell::Text(Times(pick.perf.relative, ctx), true), Cell::Text(PowerText(pick, *p, ctx)),
             Cell::Text(why), Cell::Html(runner)});
    }
    if (rec.picks.empty())
      t.Row({Cell::Text(ctx.T("persona." + p->id + ".name")), Cell::Text(ctx.T("recommend.none")),
             Cell::Text(""), Cell::Text(""), Cell::Text(""), Cell::Text(""), Cell::Text("")});
  }
  std::string html = t.Render();
  if (single) {
    const Persona* p = personas[0];
    const char* cons_key = p->min_total_memory_gb > 0 ? "recommend.constraints_total"
                           : p->count > 1             ? "recommend.constraints_up_to"
                                                      : "recommend.constraints";
    std::string cons =
        ctx.TF(cons_key, {{"workload", WorkloadName(p->workload, ctx)},
                          {"total", ctx.fmt->WithUnit(p->min_total_memory_gb, "GB", 0)},
                          {"count", ctx.fmt->Number(p->count, 0)},
                          {"memory", ctx.fmt->WithUnit(p->min_memory_gb, "GB", 0)},
                          {"budget", p->max_budget_usd ? ctx.fmt->Money(*p->max_budget_usd)
                                                       : ctx.T("recommend.no_budget")},
                          {"basis", ctx.T("basis." + p->cost)}});
    html = "<p class=\"table-note\">" + HtmlEscape(cons) + "</p>" + html +
           MachineNote(*p,
                       calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                                       ctx.computed->assumptions, calc::ConstraintsFromPersona(*p)),
                       ctx);
  }
  return html;
}

}  // namespace

DirectiveSpec GpuRecommendDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-recommend", Render);
  d.args = {Arg::Id("persona", ArgType::kPersona)};
  d.reads = {"data:gpus",     "data:personas",           "data:machines",   "data:gates",
             "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
