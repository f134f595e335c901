// gpu-chart media-speed kind=image|video precision=P gpus=A,B,… [pipelines=X,Y,…]: time per
// image (seconds) or per 5-second clip (minutes) on each card, in the lightest offload mode
// that fits (calc/media_fit.h); no bar where no mode fits. Every bar is an estimate (FLOPs ÷
// calibrated throughput), drawn as measured bars are: the chart's description says so.
#include <cmath>
#include <limits>

#include "base/text.h"
#include "charts/grouped_bars.h"
#include "directives/chart_files.h"
#include "directives/chart_helpers.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/media_helpers.h"

namespace gg {
namespace {

std::string SpeedChart(const Args& a, const PageContext& ctx) {
  const auto k = MediaConstantsOf(a, ctx);
  if (!k) return "";
  const std::string kind = a.Text("kind");
  const std::string precision = a.Text("precision");
  const auto pipelines = PipelinesOf(a, ctx, kind);
  if (!a.ok()) return "";
  const bool video = kind == "video";
  const double scale = video ? 60 : 1;  // minutes per clip, seconds per image

  charts::GroupedBarsSpec spec;
  spec.title = ctx.TF("media.chart.title." + kind, {{"size", MediaSizeLabel(kind, ctx)},
                                                    {"precision", MediaPrecisionName(precision)}});
  spec.value_axis_title = ctx.T("media.chart.axis." + kind);
  spec.format = Num(ctx, 1);
  for (const MediaPipeline* p : pipelines) spec.series.push_back(p->name);
  HtmlTable table(spec.title);
  std::vector<Cell> head = {Cell::Text(ctx.T("col.gpu"))};
  for (const MediaPipeline* p : pipelines) head.push_back(Cell::Text(p->name, true));
  table.Columns(head);
  for (const auto& id : a.Items("gpus")) {
    const Gpu& g = *ctx.data->FindGpu(id);
    spec.categories.push_back(g.name);
    std::vector<charts::BarValue> values;
    std::vector<Cell> row = {Cell::Html(GpuLink(g, ctx))};
    for (const MediaPipeline* p : pipelines) {
      const calc::MediaFit f = StandardFit(*p, precision, g, *k, ctx);
      values.push_back(
          {f.fits ? f.speed.total_seconds / scale : std::numeric_limits<double>::quiet_NaN(),
           false});
      row.push_back(Cell::Html(MediaFitCellHtml(*p, precision, g, f, ctx), true));
    }
    spec.values.push_back(values);
    table.Row(row);
  }
  spec.description = ctx.TF(
      "media.chart.desc", {{"n", ctx.fmt->Number(static_cast<double>(spec.categories.size()), 0)}});
  const std::string slug = "media-speed-" + kind + "-" + precision;
  auto r = charts::Render(spec, PageChartStyle(slug, ctx));
  auto rn = charts::Render(spec, NarrowChartStyle(slug, ctx));
  return PublishChart(slug, r, rn, spec.title + ". " + spec.description,
                      CaptionOr(a.call(), spec.title), table.Render(), ctx);
}

}  // namespace

DirectiveSpec ChartMediaSpeedDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-chart", SpeedChart);
  d.variant = "media-speed";
  d.args = {
      Arg::Choice("kind", {"image", "video"}).Required(),
      Arg::Choice("precision", {"bf16", "fp8", "q8_0", "q5_k", "q4_k", "nvfp4"}).Default("bf16"),
      Arg::Id("gpus", ArgType::kGpu).List("card"), Arg::Text("pipelines")};
  d.reads = {"data:gpus", "data:genmodels", "data:assumptions"};
  return d;
}

}  // namespace gg
