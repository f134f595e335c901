// gpu:media pipeline=ID [precision=P] [offload=M] [tiled=yes] [what=peak|weights|host|
// component] [role=text_encoder|denoiser|vae] [gpu=ID]: a figure of an image or video pipeline
// at the guide's standard size (calc/media_fit.h StandardMediaRequest):
//   peak       the peak GPU memory of the run in that mode (the default);
//   weights    every component's weights in their formats;
//   host       the system RAM the mode needs for the weights off the GPU;
//   component  the weights of the largest component with `role`;
//   seconds    the time per image or clip on gpu= in that mode;
//   mode       the lightest offload mode in which it fits gpu= (calc::FitMediaOnGpu).
#include <algorithm>

#include "base/suggest.h"
#include "base/text.h"
#include "directives/computed.h"
#include "directives/directive.h"
#include "directives/html.h"
#include "directives/media_helpers.h"

namespace gg {
namespace {

std::string Render(const Args& a, const PageContext& ctx) {
  const auto k = MediaConstantsOf(a, ctx);
  if (!k) return "";
  const std::string id = a.Text("pipeline");
  const MediaPipeline* p = ctx.data->FindPipeline(id);
  if (!p) {
    std::vector<std::string> ids;
    for (const auto& x : ctx.data->media) ids.push_back(x.id);
    a.Fail("unknown pipeline '" + id + "'", DidYouMean(id, ids));
    return "";
  }
  const std::string precision = a.Text("precision");
  calc::MediaRequest r = calc::StandardMediaRequest(*p, precision);
  r.offload = *calc::ParseMediaOffload(a.Text("offload"));
  r.tiled_vae = a.Yes("tiled");
  const std::string what = a.Text("what");
  const calc::MediaEstimate e = calc::EstimateMedia(*p, r, *k);
  const std::string base = "media_" + what + " pipeline=" + p->id + " precision=" + precision +
                           " offload=" + a.Text("offload") + (r.tiled_vae ? "+tiled" : "");
  if (what == "peak")
    return AnswerHtml(base, e.peak_bytes, HtmlEscape(ctx.fmt->Gigabytes(e.peak_bytes)));
  if (what == "weights")
    return AnswerHtml(base, e.weights_bytes, HtmlEscape(ctx.fmt->Gigabytes(e.weights_bytes)));
  if (what == "host")
    return AnswerHtml(base, e.host_bytes, HtmlEscape(ctx.fmt->Gigabytes(e.host_bytes)));
  if (what == "component") {
    const std::string role = a.Text("role");
    double bytes = 0;
    for (const auto& c : p->components)
      if (c.role == role)
        bytes = std::max(bytes, c.params_b * 1e9 *
                                    calc::MediaBitsPerWeight(role == "denoiser" ? r.precision
                                                             : role == "vae"    ? r.vae_precision
                                                                             : r.encoder_precision,
                                                             *k) /
                                    8);
    return AnswerHtml(base + " role=" + role, bytes, HtmlEscape(ctx.fmt->Gigabytes(bytes)));
  }
  const Gpu* g = a.GpuOf("gpu");
  if (!g) {
    a.Fail("what=" + what + " needs gpu=");
    return "";
  }
  const auto& as = ctx.computed->assumptions;
  if (what == "mode") {
    const calc::MediaFit f =
        calc::FitMediaOnGpu(*p, r, *g, *k, as.cuda_context_gb, as.gpu_ram_headroom_fraction);
    return HtmlEscape(f.fits ? MediaModeLabel(f.mode, ctx) : std::string("—"));
  }
  const calc::MediaSpeed s = calc::EstimateMediaSpeed(*p, r, e, *g, *k);
  return AnswerHtml(base + " gpu=" + g->id + " seconds", s.total_seconds,
                    HtmlEscape(MediaDuration(s.total_seconds, ctx)));
}

}  // namespace

DirectiveSpec MediaDirective() {
  DirectiveSpec d = DirectiveSpec::Inline("media", Render);
  d.args = {
      Arg::Text("pipeline").Required(),
      Arg::Choice("precision", {"bf16", "fp16", "fp8", "q8_0", "q5_k", "q4_k", "nvfp4", "nf4"})
          .Default("bf16"),
      Arg::Choice("offload", calc::MediaOffloadIds()).Default("none"),
      Arg::YesNo("tiled").Default("no"),
      Arg::Choice("what", {"peak", "weights", "host", "component", "seconds", "mode"})
          .Default("peak"),
      Arg::Choice("role", {"text_encoder", "denoiser", "vae"}).Default("denoiser"),
      Arg::Id("gpu", ArgType::kGpu)};
  d.reads = {"data:gpus", "data:genmodels", "data:assumptions"};
  return d;
}

}  // namespace gg
