// gpu-calibration: the performance model's leave-one-out predictions against measurements, per
// workload.
#include "base/text.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string Render(const Args&, const PageContext& ctx) {
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
  return html;
}

}  // namespace

DirectiveSpec GpuCalibrationDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-calibration", Render);

  d.reads = {"data:gpus", "computed:perf"};
  return d;
}

}  // namespace gg
