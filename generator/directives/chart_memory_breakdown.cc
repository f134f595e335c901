// gpu-chart memory-breakdown model=ID [context=N]: where the memory goes, per precision and mode.
#include <algorithm>
#include <cmath>
#include "base/text.h"
#include "calc/memory.h"
#include "calc/systems.h"
#include "charts/stacked_bars.h"
#include "directives/calc_args.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"

namespace gg {
namespace {

std::string MemoryBreakdownChart(const Args& a, const PageContext& ctx) {
  int context = a.Int("context");
  const LlmModel& m = *a.ModelOf("model");
  const auto& as = ctx.computed->assumptions;
  charts::StackedBarsSpec spec;
  spec.title = ctx.TF("chart.memory.title", {{"model", m.name}});
  spec.description = ctx.TF("chart.memory.desc", {{"context", ctx.fmt->Number(context, 0)}});
  spec.value_axis_title = ctx.T("chart.memory.axis");
  spec.format = Num(ctx, 0);
  spec.segment_names = {ctx.T("chart.memory.weights"),     ctx.T("chart.memory.kv"),
                        ctx.T("chart.memory.activations"), ctx.T("chart.memory.gradients"),
                        ctx.T("chart.memory.optimizer"),   ctx.T("chart.memory.overhead")};
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.mode"))};
  for (const auto& s : spec.segment_names) head.push_back(Cell::Text(s + " (GB)", true));
  head.push_back(Cell::Text(ctx.T("col.total"), true));
  table.Columns(head);
  struct Bar {
    std::string label;
    calc::MemoryRequest req;
  };
  std::vector<Bar> bars;
  for (calc::Precision p : {calc::Precision::kBf16, calc::Precision::kFp8, calc::Precision::kQ8_0,
                            calc::Precision::kQ4_K_M}) {
    calc::MemoryRequest r;
    r.precision = p;
    r.context = context;
    bars.push_back({ctx.TF("chart.memory.inference", {{"precision", calc::PrecisionName(p)}}), r});
  }
  for (auto [mode, ckpt] :
       {std::pair{calc::MemoryMode::kFull, true}, std::pair{calc::MemoryMode::kLora, true},
        std::pair{calc::MemoryMode::kQlora, true}}) {
    calc::MemoryRequest r;
    r.mode = mode;
    r.gradient_checkpointing = ckpt;
    // Labelled as the training table labels the same request, so the two agree.
    std::string label = ctx.T(std::string("mode.") + calc::MemoryModeId(mode));
    if (ckpt) label += " + " + ctx.T("mode.checkpointing");
    bars.push_back({label, r});
  }
  double top = 0;
  for (const auto& b : bars) {
    auto mem = calc::EstimateMemory(m, b.req, as);
    // Weights on the GPUs: the host-resident embedding table is not stacked.
    std::vector<double> seg = {mem.weights_bytes - mem.host_bytes,
                               mem.kv_cache_bytes,
                               mem.activations_bytes,
                               mem.gradients_bytes,
                               mem.optimizer_bytes,
                               mem.overhead_bytes};
    for (double& v : seg) v = calc::ToGB(v);
    top = std::max(top, calc::ToGB(mem.total_bytes));
    spec.bars.push_back({b.label, seg});
    std::vector<Cell> row = {Cell::Text(b.label)};
    for (double v : seg) row.push_back(Cell::Text(ctx.fmt->Number(v, 1), true));
    row.push_back(Cell::Text(ctx.fmt->Number(calc::ToGB(mem.total_bytes), 1), true));
    table.Row(row);
  }
  for (const Gpu* g : RepresentativeCards(ctx, top * 1.15)) {
    const double gb = calc::ModelMemoryGb(*g);
    if (gb < top * 0.08) continue;
    spec.references.push_back({gb, g->name + " · " + ctx.fmt->WithUnit(gb, "GB", 0)});
  }
  std::string slug = "memory-" + m.id;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartMemoryBreakdownDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", MemoryBreakdownChart);
  d.variant = "memory-breakdown";
  d.args = {Arg::Id("model", ArgType::kModel).Required(),
            Arg::Integer("context", 1, 10'000'000).Default("8192")};
  d.reads = {"data:assumptions"};
  return d;
}

}  // namespace gg
