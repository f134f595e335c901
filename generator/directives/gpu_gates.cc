// gpu-gates: the feature gates every recommendation applies (data/gates.json, calc/gates.h),
// one sentence each ("gate.<id>.rule", with {min} the gate's cards per machine), so the
// methodology states the rules the engine applies from the same data.
#include "base/text.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args&, const PageContext& ctx) {
  std::string html = "<p>" + HtmlEscape(ctx.T("gates.intro")) + "</p><ul class=\"gates\">";
  for (const FeatureGate& g : ctx.data->gates)
    html += "<li id=\"gate-" + HtmlEscape(g.id) + "\">" +
            HtmlEscape(ctx.TF("gate." + g.id + ".rule",
                              {{"min", ctx.fmt->Number(g.min_gpus_per_machine, 0)}})) +
            "</li>";
  return html + "</ul>";
}

}  // namespace

DirectiveSpec GpuGatesDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-gates", Render);
  d.reads = {"data:gates"};
  return d;
}

}  // namespace gg
