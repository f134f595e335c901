#include "directives/media_helpers.h"

#include <cmath>

#include "base/suggest.h"
#include "base/text.h"
#include "directives/computed.h"
#include "directives/html.h"

namespace gg {

std::optional<calc::MediaConstants> MediaConstantsOf(const Args& a, const PageContext& ctx) {
  Diagnostics d;
  calc::MediaConstants k = calc::ResolveMediaConstants(*ctx.data, &d);
  if (d.HasErrors() || ctx.data->media.empty()) {
    a.Fail("data/genmodels.json has no pipelines or misses media constants",
           "run gpuguide check for the details");
    return std::nullopt;
  }
  return k;
}

std::vector<const MediaPipeline*> PipelinesOf(const Args& a, const PageContext& ctx,
                                              const std::string& kind) {
  std::vector<const MediaPipeline*> out;
  const auto written = a.Has("pipelines") ? a.Items("pipelines") : std::vector<std::string>{};
  if (written.empty()) {
    for (const auto& p : ctx.data->media)
      if (kind.empty() || p.kind == kind) out.push_back(&p);
    return out;
  }
  std::vector<std::string> ids;
  for (const auto& p : ctx.data->media) ids.push_back(p.id);
  for (const auto& id : written) {
    const MediaPipeline* p = ctx.data->FindPipeline(id);
    if (!p)
      a.Fail("unknown pipeline '" + id + "' in 'pipelines'", DidYouMean(id, ids));
    else if (!kind.empty() && p->kind != kind)
      a.Fail("pipeline '" + id + "' makes " + p->kind + "s, not " + kind + "s");
    else
      out.push_back(p);
  }
  return out;
}

calc::MediaFit StandardFit(const MediaPipeline& p, const std::string& precision, const Gpu& g,
                           const calc::MediaConstants& k, const PageContext& ctx) {
  const auto& as = ctx.computed->assumptions;
  return calc::FitMediaOnGpu(p, calc::StandardMediaRequest(p, precision), g, k, as.cuda_context_gb,
                             as.gpu_ram_headroom_fraction);
}

std::string MediaModeLabel(const calc::MediaMode& m, const PageContext& ctx) {
  const std::string mode = ctx.T(std::string("media.fit.mode.") + calc::MediaOffloadId(m.offload));
  return m.tiled_vae ? ctx.TF("media.fit.mode.tiled", {{"mode", mode}}) : mode;
}

std::string MediaDuration(double seconds, const PageContext& ctx) {
  if (seconds < 120)
    return ctx.TF("media.fit.seconds", {{"v", ctx.fmt->Number(seconds, seconds < 10 ? 1 : 0)}});
  const double minutes = seconds / 60;
  return ctx.TF("media.fit.minutes", {{"v", ctx.fmt->Number(minutes, minutes < 10 ? 1 : 0)}});
}

std::string MediaFitCellHtml(const MediaPipeline& p, const std::string& precision, const Gpu& g,
                             const calc::MediaFit& f, const PageContext& ctx) {
  if (!f.fits) return "—";
  const std::string question = "media_seconds pipeline=" + p.id + " gpu=" + g.id +
                               " precision=" + precision +
                               " mode=" + calc::MediaOffloadId(f.mode.offload) +
                               (f.mode.tiled_vae ? "+tiled" : "") + " standard";
  return HtmlEscape(MediaModeLabel(f.mode, ctx)) + " · " +
         AnswerHtml(question, f.speed.total_seconds,
                    HtmlEscape(MediaDuration(f.speed.total_seconds, ctx)));
}

std::string MediaSizeLabel(const std::string& kind, const PageContext& ctx) {
  if (kind == "video")
    return ctx.TF("media.size.video", {{"w", std::to_string(calc::kMediaVideoWidth)},
                                       {"h", std::to_string(calc::kMediaVideoHeight)},
                                       {"s", ctx.fmt->Number(calc::kMediaVideoSeconds, 0)}});
  return ctx.TF("media.size.image", {{"w", std::to_string(calc::kMediaImageSide)},
                                     {"h", std::to_string(calc::kMediaImageSide)}});
}

std::string MediaPrecisionName(const std::string& precision) {
  if (precision == "q8_0") return "GGUF Q8_0";
  if (precision == "q5_k") return "GGUF Q5_K";
  if (precision == "q4_k") return "GGUF Q4_K";
  if (precision == "nvfp4") return "NVFP4";
  if (precision == "nf4") return "NF4";
  std::string s = precision;
  for (char& c : s)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return s;
}

}  // namespace gg
