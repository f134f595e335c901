// gpu-gates: the feature gates every recommendation applies (data/gates.json, calc/gates.h),
// one sentence each ("gate.<id>.rule", with {min} the gate's cards per machine and {machines}
// the machines it is limited to), so the
// methodology states the rules the engine applies from the same data.
#include "base/text.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args&, const PageContext& ctx) {
  std::string html = "<p>" + HtmlEscape(ctx.T("gates.intro")) + "</p><ul class=\"gates\">";
  for (const FeatureGate& g : ctx.data->gates) {
    std::vector<std::string> machines;  // a gate limited to some machines names them
    for (const std::string& m : g.machines) machines.push_back(ctx.T("machine." + m + ".name"));
    html += "<li id=\"gate-" + HtmlEscape(g.id) + "\">" +
            HtmlEscape(ctx.TF("gate." + g.id + ".rule",
                              {{"min", ctx.fmt->Number(g.min_gpus_per_machine, 0)},
                               {"machines", ctx.fmt->OrList(machines)}})) +
            "</li>";
  }
  return html + "</ul>";
}

}  // namespace

DirectiveSpec GpuGatesDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-gates", Render);
  d.reads = {"data:gates", "data:machines"};
  return d;
}

}  // namespace gg
