// `gpu:pick persona=ID n=N`: the n-th recommendation for a persona.
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
    return GpuLink(*ctx.data->FindGpu(pick->gpu), ctx);
  });
  d.args = {Arg::Id("persona", ArgType::kPersona).Required(),
            Arg::Integer("n", 1, 100).Default("1")};
  d.reads = {"data:gpus", "computed:perf", "computed:current-prices",
             "data:assumptions"};
  return d;
}

}  // namespace gg
