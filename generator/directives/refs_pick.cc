// `gpu:pick persona=ID n=N [power=true]`: the n-th recommendation for a persona; with
// power=true followed by what its build draws and the PSU it needs ("(1,650 W, 2,200 W PSU)"),
// for a persona with a machine.
#include "base/text.h"
#include "calc/recommend.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {

DirectiveSpec PickDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("pick", [](const Args& a, const PageContext& ctx) {
    const Persona* p = a.PersonaOf("persona");
    int n = a.Int("n");
    auto rec = calc::Recommend(*ctx.data, ctx.computed->perf, ctx.computed->prices,
                               ctx.computed->assumptions, calc::ConstraintsFromPersona(*p));
    auto pick = calc::NthPick(rec, n);
    if (!pick) {
      a.Fail("persona '" + p->id + "' has fewer than " + std::to_string(n) + " picks");
      return std::string();
    }
    std::string html = GpuLink(*ctx.data->FindGpu(pick->gpu), ctx);
    if (!a.Yes("power")) return html;
    // A unified-memory system is a machine of its own: no build in the persona's machine.
    if (!pick->build && ctx.data->FindGpu(pick->gpu)->form_factor == "system") return html;
    if (!pick->build) {
      a.Fail("persona '" + p->id + "' names no machine, so its pick has no power figures",
             "add \"machine\" to the persona in data/personas.json, or leave out power=true");
      return std::string();
    }
    const calc::Build& b = *pick->build;
    const std::string psu = b.psu_w ? ctx.fmt->WithUnit(*b.psu_w, "W", 0) : std::string("—");
    // Over several machines: one machine's figures, the machine count and the total.
    if (p->machines > 1)
      return html +
             HtmlEscape(ctx.TF("pick.power_machines",
                               {{"system", ctx.fmt->WithUnit(b.system_w, "W", 0)},
                                {"psu", psu},
                                {"machines", ctx.fmt->Number(p->machines, 0)},
                                {"total", ctx.fmt->WithUnit(b.system_w * p->machines, "W", 0)}}));
    return html +
           HtmlEscape(ctx.TF("pick.power",
                             {{"system", ctx.fmt->WithUnit(b.system_w, "W", 0)}, {"psu", psu}}));
  });
  d.args = {Arg::Id("persona", ArgType::kPersona).Required(),
            Arg::Integer("n", 1, 100).Default("1"),
            Arg::Choice("power", {"true", "false"}).Default("false")};
  d.reads = {"data:gpus",     "data:machines",           "data:gates",
             "computed:perf", "computed:current-prices", "data:assumptions"};
  return d;
}

}  // namespace gg
