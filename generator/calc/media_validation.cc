#include "calc/media_validation.h"

#include <algorithm>
#include <cmath>

namespace gg::calc {
namespace {

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

void Summarise(MediaValidationKind* kind) {
  std::vector<double> abs;
  for (const auto& r : kind->cases) {
    abs.push_back(std::fabs(r.error));
    kind->worst_abs_error = std::max(kind->worst_abs_error, std::fabs(r.error));
    if (std::fabs(r.error) <= 0.10) ++kind->within_10;
  }
  kind->median_abs_error = Median(abs);
}

}  // namespace

MediaRequest MediaCaseRequest(const MediaCase& c, const MediaPipeline& p) {
  MediaRequest r;
  r.precision = c.precision;
  r.encoder_precision = c.encoder_precision.empty() ? "bf16" : c.encoder_precision;
  r.vae_precision = c.vae_precision.empty() ? "bf16" : c.vae_precision;
  r.width = c.width;
  r.height = c.height;
  r.frames = c.frames;
  r.batch = c.batch;
  r.steps = c.steps > 0 ? c.steps : p.default_steps;
  r.offload = ParseMediaOffload(c.offload).value_or(MediaOffload::kNone);
  r.tiled_vae = c.tiled_vae;
  return r;
}

MediaValidation ValidateMedia(const Dataset& data, const MediaConstants& k) {
  MediaValidation v;
  for (const MediaCase& c : data.media_validation) {
    const MediaPipeline* p = data.FindPipeline(c.pipeline);
    if (!p || !(c.measured > 0)) continue;
    const MediaRequest r = MediaCaseRequest(c, *p);
    const MediaEstimate e = EstimateMedia(*p, r, k);
    MediaCaseResult res;
    res.c = &c;
    if (c.kind == "peak_memory") {
      res.measured = c.measured * (c.unit == "GiB" ? 1073741824.0 : 1e9) / 1e9;
      for (const auto& ph : e.phases)
        if (c.phases.empty() ||
            std::find(c.phases.begin(), c.phases.end(), ph.id) != c.phases.end())
          res.computed = std::max(res.computed, ph.total_bytes / 1e9);
    } else {
      const Gpu* g = data.FindGpu(c.gpu);
      if (!g) continue;
      const MediaSpeed s = EstimateMediaSpeed(*p, r, e, *g, k);
      res.measured = c.unit == "it/s" ? 1 / c.measured : c.measured;
      res.computed = c.kind == "step_seconds" ? s.seconds_per_step : s.total_seconds;
    }
    if (!(res.computed > 0)) continue;
    res.error = res.computed / res.measured - 1;
    (c.kind == "peak_memory" ? v.memory : v.speed).cases.push_back(res);
  }
  Summarise(&v.memory);
  Summarise(&v.speed);
  return v;
}

}  // namespace gg::calc
