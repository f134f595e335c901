#include "calc/media_fit.h"

#include <algorithm>
#include <cmath>

#include "calc/memory.h"
#include "calc/systems.h"

namespace gg::calc {

const std::vector<MediaMode>& MediaModeLadder() {
  static const std::vector<MediaMode> ladder = {
      {MediaOffload::kNone, false},  {MediaOffload::kPhases, false},
      {MediaOffload::kPhases, true}, {MediaOffload::kModel, false},
      {MediaOffload::kModel, true},  {MediaOffload::kSequential, true},
  };
  return ladder;
}

MediaFit FitMediaOnGpu(const MediaPipeline& p, const MediaRequest& r, const Gpu& g,
                       const MediaConstants& k, double cuda_context_gb,
                       double gpu_ram_headroom_fraction) {
  MediaFit f;
  // As the LLM answers count it (fit.h UsableGpuBytes): a card sold as "24 GB" holds 24 GiB.
  const double memory = ModelMemoryGb(g) * kBytesPerGiB;
  f.usable_bytes = memory * (1 - gpu_ram_headroom_fraction);
  for (const MediaMode& m : MediaModeLadder()) {
    MediaRequest q = r;
    q.offload = m.offload;
    q.tiled_vae = m.tiled_vae;
    f.mode = m;
    f.estimate = EstimateMedia(p, q, k);
    f.needed_bytes = f.estimate.peak_bytes + cuda_context_gb * 1e9;
    f.fits = f.estimate.peak_bytes > 0 && f.needed_bytes <= f.usable_bytes;
    if (f.fits) {
      f.speed = EstimateMediaSpeed(p, q, f.estimate, g, k);
      const MediaComponent* d = p.Find("denoiser");
      if (m.offload == MediaOffload::kSequential && d && k.offload_gbs > 0) {
        const double one = d->params_b * 1e9 * MediaBitsPerWeight(q.precision, k) / 8;
        f.kept_bytes = std::max(0.0, std::min(one, f.usable_bytes - f.needed_bytes));
        const double saved = static_cast<double>(std::max(q.steps, 1)) * f.estimate.passes *
                             f.kept_bytes / (k.offload_gbs * 1e9);
        f.speed.offload_seconds -= saved;
        f.speed.total_seconds -= saved;
        if (p.kind == "video" && p.fps > 0 && q.frames > 0)
          f.speed.seconds_per_video_second =
              f.speed.total_seconds / (static_cast<double>(q.frames) / p.fps);
      }
      break;
    }
  }
  return f;
}

int MediaClipFrames(const MediaPipeline& p, double seconds) {
  if (p.kind != "video" || p.fps <= 0 || !(seconds > 0)) return 1;
  const MediaComponent* v = p.Find("vae");
  const int t = v ? std::max(v->temporal_compression, 1) : 1;
  const int raw = static_cast<int>(std::ceil(p.fps * seconds - 1e-9));
  return (raw + t - 1) / t * t + 1;
}

MediaRequest StandardMediaRequest(const MediaPipeline& p, const std::string& precision) {
  MediaRequest r;
  r.precision = precision;
  r.encoder_precision = precision == "bf16" || precision == "fp16" ? precision : "fp8";
  r.vae_precision = "bf16";
  if (p.kind == "video") {
    r.width = kMediaVideoWidth;
    r.height = kMediaVideoHeight;
    r.frames = MediaClipFrames(p, kMediaVideoSeconds);
  } else {
    r.width = kMediaImageSide;
    r.height = kMediaImageSide;
    r.frames = 1;
  }
  r.steps = p.default_steps > 0 ? p.default_steps : 1;
  r.batch = 1;
  return r;
}

}  // namespace gg::calc
