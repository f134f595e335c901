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
  // With regions, electricity is the page's region's (data/regions.json).
  const Region* region = ctx.computed != nullptr ? ctx.computed->region : nullptr;
  for (const auto& as : ctx.data->assumptions) {
    const bool regional = region != nullptr && as.id == "electricity_usd_per_kwh";
    const bool estimated = regional ? region->electricity_estimated : as.prov.estimated;
    // The source in the page's language where content/<lang>/_data_text.json translates it,
    // else as the data writes it, marked so (DataTextHtml).
    std::string src = DataTextHtml(regional ? region->electricity_source : as.prov.source, ctx) +
                      (estimated ? " (" + HtmlEscape(ctx.T("perf.estimated")) + ")" : "");
    t.Row({Cell::Html("<code>" + HtmlEscape(as.id) + "</code>"),
           Cell::Text(FormatAssumption(as, ctx), true), Cell::Html(src),
           Cell::Text(ctx.fmt->Date(regional ? region->electricity_date : as.prov.as_of))});
  }
  return t.Render();
}

}  // namespace

DirectiveSpec GpuAssumptionsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-assumptions", Render);

  d.reads = {"data:assumptions"};  // and data:regions with regions (PageOutputs::Read)
  return d;
}

}  // namespace gg
