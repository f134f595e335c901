// gpu-assumptions: every assumption with its value, source and date.
#include "base/text.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  HtmlTable t(CaptionOr(a.call(), ctx.T("table.assumptions.caption")));
  t.Columns({Cell::Text(ctx.T("col.assumption")), Cell::Text(ctx.T("col.value"), true),
             Cell::Text(ctx.T("col.source")), Cell::Text(ctx.T("col.as_of"))});
  for (const auto& as : ctx.data->assumptions) {
    // The source is quoted as the data writes it (marked as such on other languages' pages).
    std::string src = DataLanguageHtml(HtmlEscape(as.prov.source), ctx) +
                      (as.prov.estimated ? " (" + HtmlEscape(ctx.T("perf.estimated")) + ")" : "");
    t.Row({Cell::Html("<code>" + HtmlEscape(as.id) + "</code>"),
           Cell::Text(FormatAssumption(as, ctx), true), Cell::Html(src),
           Cell::Text(ctx.fmt->Date(as.prov.as_of))});
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuAssumptionsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-assumptions", Render);

  d.reads = {"data:assumptions"};
  return d;
}

}  // namespace gg
