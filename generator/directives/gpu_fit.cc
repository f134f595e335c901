// gpu-fit model=ID precision=P [context=N] [limit=N] [segment=S]: the configurations that hold a
// model, cheapest first.
#include "base/text.h"
#include "calc/fit.h"
#include "calc/memory.h"
#include "calc/systems.h"
#include "directives/calc_args.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "model/enums.h"

namespace gg {
namespace {

// The machine a configuration goes into, with its power and PSU (calc/placement.h): "desktop
// PC: 950 W, 1,200 W PSU"; a unified-memory system is its own machine.
std::string MachineCell(const calc::FitConfig& c, const PageContext& ctx) {
  if (c.machine.empty() || !c.build)
    return calc::IsSystem(*ctx.data->FindGpu(c.gpu)) ? ctx.T("machine.itself") : "—";
  std::string name = ctx.T("machine." + c.machine + ".name");
  if (c.machines > 1)
    name = ctx.TF("unit.machines", {{"n", ctx.fmt->Number(c.machines, 0)}, {"machine", name}});
  return ctx.TF("unit.machine_build",
                {{"machine", name},
                 {"power", ctx.fmt->WithUnit(c.build->system_w, "W", 0)},
                 {"psu", c.build->psu_w ? ctx.fmt->WithUnit(*c.build->psu_w, "W", 0) : "—"}});
}

std::string Render(const Args& a, const PageContext& ctx) {
  calc::MemoryRequest req = ParseMemoryRequest(a, true);
  if (!a.ok()) return {};
  int limit = a.Int("limit");
  calc::FitOptions fo;
  fo.segments = a.SegmentFilter();
  const LlmModel& m = *a.ModelOf("model");
  const auto& as = ctx.computed->assumptions;
  auto fit = calc::FitModel(*ctx.data, m, req, ctx.computed->prices, as, fo);
  HtmlTable t(CaptionOr(a.call(), ctx.TF("table.fit.caption",
                                         {{"model", m.name},
                                          {"precision", calc::PrecisionName(req.precision)},
                                          {"context", ContextLabel(*req.context, ctx)},
                                          {"total", ctx.fmt->Gigabytes(fit.memory.total_bytes)}})));
  t.Columns({Cell::Text(ctx.T("col.gpu")), Cell::Text(ctx.T("col.cards"), true),
             Cell::Text(ctx.T("col.per_gpu"), true), Cell::Text(ctx.T("col.config_price"), true),
             Cell::Text(ctx.T("col.tokens_per_s"), true), Cell::Text(ctx.T("col.machine")),
             Cell::Text(ctx.T("col.segment"))});
  int shown = 0;
  for (const auto& cfg : fit.configs) {
    if (!cfg.price_usd) continue;
    if (shown++ >= limit) break;
    const Gpu& g = *ctx.data->FindGpu(cfg.gpu);
    // A card that cannot run the format runs the nearest one it can (calc::RunnablePrecision).
    std::string card = GpuLink(g, ctx);
    if (cfg.precision_substituted)
      card += " · " + HtmlEscape(ctx.TF("unit.runs_as",
                                        {{"precision", calc::PrecisionName(cfg.precision)}}));
    t.Row({Cell::Html(card), Cell::Text(ctx.fmt->Number(cfg.count, 0), true),
           Cell::Text(ctx.fmt->Gigabytes(cfg.per_gpu_bytes), true),
           Cell::Html(PriceHtml(*cfg.price_usd, *cfg.unit_price, ctx), true),
           cfg.tokens_per_s
               ? Cell::Html(
                     AnswerHtml(TokensQuestion(m.id, cfg.gpu, req, cfg.count), *cfg.tokens_per_s,
                                HtmlEscape(ctx.fmt->Number(*cfg.tokens_per_s,
                                                           *cfg.tokens_per_s < 10 ? 1 : 0))),
                     true)
               : Cell::Text("—", true),
           Cell::Text(MachineCell(cfg, ctx)), Cell::Text(ctx.T(Segments().UiKey(cfg.segment)))});
  }
  t.Note(ctx.TF("table.fit.note", {{"ctxgb", ctx.fmt->Number(as.cuda_context_gb, 2)},
                                   {"desktop", ctx.T("machine.desktop.name")},
                                   {"pcie", ctx.T("machine.server-pcie-4.name")},
                                   {"hgx", ctx.T("machine.server-hgx-8.name")}}));
  return t.Render();
}

}  // namespace

DirectiveSpec GpuFitDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-fit", Render);
  d.args = MemoryArgs({Arg::Integer("limit", 1, 1000).Default("20"), Arg::Segment()});
  // The speeds come from the lines fitted on validation.json (engines.json: which runs are
  // the reference).
  d.reads = {"data:gpus",        "data:machines",   "computed:current-prices",
             "data:assumptions", "data:validation", "data:engines"};
  return d;
}

}  // namespace gg
