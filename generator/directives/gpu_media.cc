// gpu-media-fit kind=image|video precision=P gpus=A,B,… [pipelines=X,Y,…]: which cards run
// which pipelines at the guide's standard size (1024 × 1024, or 1280 × 720 for 5 s), in the
// lightest offload mode that fits, with the time per image or clip (calc/media_fit.h).
// gpu-media-runs gpu=ID: the same for one card and every pipeline, at BF16, FP8 and GGUF
// Q4_K (the GPU page's "what it runs").
#include "base/text.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/media_helpers.h"

namespace gg {
namespace {

const std::vector<std::string>& TablePrecisions() {
  static const std::vector<std::string> ids = {"bf16", "fp8", "q8_0", "q5_k", "q4_k", "nvfp4"};
  return ids;
}

std::string FitTable(const Args& a, const PageContext& ctx) {
  const auto k = MediaConstantsOf(a, ctx);
  if (!k) return "";
  const std::string kind = a.Text("kind");
  const std::string precision = a.Text("precision");
  const auto pipelines = PipelinesOf(a, ctx, kind);
  if (!a.ok()) return "";
  HtmlTable t(CaptionOr(a.call(), ctx.TF("media.fit.caption." + kind,
                                         {{"size", MediaSizeLabel(kind, ctx)},
                                          {"precision", MediaPrecisionName(precision)}})));
  std::vector<Cell> head = {Cell::Text(ctx.T("col.gpu"))};
  for (const MediaPipeline* p : pipelines) head.push_back(Cell::Text(p->name, true));
  t.Columns(head);
  for (const auto& id : a.Items("gpus")) {
    const Gpu& g = *ctx.data->FindGpu(id);
    std::vector<Cell> row = {Cell::Html(GpuLink(g, ctx))};
    for (const MediaPipeline* p : pipelines)
      row.push_back(Cell::Html(
          MediaFitCellHtml(*p, precision, g, StandardFit(*p, precision, g, *k, ctx), ctx), true));
    t.Row(row);
  }
  t.Note(ctx.T("media.fit.note." + kind));
  return t.Render();
}

std::string Runs(const Args& a, const PageContext& ctx) {
  const Gpu& g = *a.GpuOf("gpu");
  if (ctx.data->media.empty()) return "";
  const auto k = MediaConstantsOf(a, ctx);
  if (!k) return "";
  const std::vector<std::string> precisions = {"bf16", "fp8", "q4_k"};
  std::string h;
  for (const std::string kind : {"image", "video"}) {
    HtmlTable t(ctx.TF("gpu.media.caption." + kind, {{"size", MediaSizeLabel(kind, ctx)}}));
    std::vector<Cell> head = {Cell::Text(ctx.T("media.fit.col.pipeline"))};
    for (const auto& pr : precisions) head.push_back(Cell::Text(MediaPrecisionName(pr), true));
    t.Columns(head);
    int runs = 0;
    for (const auto& p : ctx.data->media) {
      if (p.kind != kind) continue;
      std::vector<Cell> row = {Cell::Text(p.name)};
      bool any = false;
      for (const auto& pr : precisions) {
        const calc::MediaFit f = StandardFit(p, pr, g, *k, ctx);
        any = any || f.fits;
        row.push_back(Cell::Html(MediaFitCellHtml(p, pr, g, f, ctx), true));
      }
      if (any) {
        t.Row(row);
        ++runs;
      }
    }
    h += runs ? t.Render()
              : "<p>" +
                    HtmlEscape(
                        ctx.TF("gpu.media.none." + kind, {{"size", MediaSizeLabel(kind, ctx)}})) +
                    "</p>\n";
  }
  return h + "<p>" + HtmlEscape(ctx.T("gpu.media.note")) + "</p>\n";
}

}  // namespace

DirectiveSpec GpuMediaFitDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-media-fit", FitTable);
  d.args = {Arg::Choice("kind", {"image", "video"}).Required(),
            Arg::Choice("precision", TablePrecisions()).Default("bf16"),
            Arg::Id("gpus", ArgType::kGpu).List("card"), Arg::Text("pipelines")};
  d.reads = {"data:gpus", "data:genmodels", "data:assumptions"};
  return d;
}

DirectiveSpec GpuMediaRunsDirective() {
  DirectiveSpec d = DirectiveSpec::Block("gpu-media-runs", Runs);
  d.args = {Arg::Id("gpu", ArgType::kGpu).Required()};
  d.reads = {"data:gpus", "data:genmodels", "data:assumptions"};
  return d;
}

}  // namespace gg
