#include "calc/media_validation.h"

#include <algorithm>
#include <cmath>
#include <string>

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

// The address a case's source text starts with (one publication, whatever section or commit).
std::string SourceOf(const MediaCase& c) {
  const std::string& s = c.prov.source;
  const size_t http = s.find("https://");
  if (http == std::string::npos) return s;
  return s.substr(http, s.find(' ', http) - http);
}

// A speed case as the leave-one-source-out check needs it.
struct SpeedPoint {
  std::string source;
  MediaEfficiencyClass cls;
  bool per_step;
  double measured;      // seconds
  MediaSpeed at_one;    // every efficiency 1
  double achieved = 0;  // the efficiency that gives the measured time
};

void LeaveOneSourceOut(const std::vector<SpeedPoint>& points, MediaValidationKind* kind) {
  std::vector<double> errors;
  for (const auto& pt : points) {
    std::vector<double> others;
    for (const auto& o : points)
      if (o.cls == pt.cls && o.source != pt.source) others.push_back(o.achieved);
    if (others.empty()) continue;
    const double eff = Median(others);
    const double computed = pt.per_step
                                ? pt.at_one.seconds_per_step / eff
                                : pt.at_one.denoise_seconds / eff + pt.at_one.offload_seconds;
    errors.push_back(std::fabs(computed / pt.measured - 1));
  }
  kind->loso_cases = static_cast<int>(errors.size());
  kind->loso_median_abs_error = Median(errors);
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
  MediaConstants one = k;
  one.denoise_efficiency = one.denoise_efficiency_hopper = one.denoise_efficiency_unet = 1;
  std::vector<SpeedPoint> points;
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
      SpeedPoint pt{SourceOf(c),  MediaEfficiencyClassOf(*p, *g),        c.kind == "step_seconds",
                    res.measured, EstimateMediaSpeed(*p, r, e, *g, one), 0};
      pt.achieved = pt.per_step
                        ? pt.at_one.seconds_per_step / pt.measured
                        : pt.at_one.denoise_seconds / (pt.measured - pt.at_one.offload_seconds);
      if (res.computed > 0 && pt.achieved > 0) points.push_back(pt);
    }
    if (!(res.computed > 0)) continue;
    res.error = res.computed / res.measured - 1;
    (c.kind == "peak_memory" ? v.memory : v.speed).cases.push_back(res);
  }
  Summarise(&v.memory);
  Summarise(&v.speed);
  LeaveOneSourceOut(points, &v.speed);
  return v;
}

}  // namespace gg::calc
