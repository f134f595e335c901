// The media calculation against published measurements (data/genvalidation.json): prints each
// case with its error and the median |error| of memory and of speed (the targets: memory within
// ±10 %, speed median |error| ≤ 20 %; the figures are reported, not asserted), and checks that
// the stored denoise_efficiency, denoise_efficiency_hopper and denoise_efficiency_unet are the
// fits of the speed cases (median achieved ÷ peak of a transformer denoiser on other cards and on
// Hopper cards, and of a U-Net denoiser), so none can drift from its data. It also prints a
// leave-one-source-out check: each speed case computed with its group's efficiency fitted on the
// cases of the other sources only.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "base/files.h"
#include "calc/media.h"
#include "calc/media_validation.h"
#include "data/load_dataset.h"

using namespace gg;

namespace {

Dataset LoadMediaData() {
  Dataset ds;
  Diagnostics d;
  for (const char* name : {"data/gpus.json", "data/genmodels.json", "data/genvalidation.json"}) {
    std::string text;
    REQUIRE(ReadWholeFile(std::string(GG_SOURCE_DIR) + "/" + name, &text));
    LoadDataFile(name, text, &ds, &d);
  }
  INFO(d.Render());
  REQUIRE_FALSE(d.HasErrors());
  return ds;
}

double Median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Seconds the case measured (a whole run, or one step).
double MeasuredSeconds(const MediaCase& c) {
  return c.unit == "it/s" ? 1 / c.measured : c.measured;
}

// The efficiency at which the calculation would give the measured time exactly.
double AchievedEfficiency(const MediaCase& c, const calc::MediaSpeed& at_one) {
  if (c.kind == "step_seconds") return at_one.seconds_per_step / MeasuredSeconds(c);
  return at_one.denoise_seconds / (MeasuredSeconds(c) - at_one.offload_seconds);
}

// The time the calculation gives at efficiency `eff` (from the figures at efficiency 1).
double SecondsAt(const MediaCase& c, const calc::MediaSpeed& at_one, double eff) {
  if (c.kind == "step_seconds") return at_one.seconds_per_step / eff;
  return at_one.denoise_seconds / eff + at_one.offload_seconds;
}

// A case's source: the address its source text starts with (one publication, whatever the
// section or commit).
std::string SourceOf(const MediaCase& c) {
  const std::string& s = c.prov.source;
  const size_t http = s.find("https://");
  if (http == std::string::npos) return s;
  return s.substr(http, s.find(' ', http) - http);
}

// The efficiency group of a speed case: 0 a transformer on another card, 1 on Hopper, 2 a U-Net.
int GroupOf(const MediaPipeline& p, const Gpu& g) {
  const MediaComponent* d = p.Find("denoiser");
  if (d && d->architecture == "unet") return 2;
  return g.tensor_cores == "hopper" ? 1 : 0;
}

struct SpeedPoint {
  const MediaCase* c;
  std::string source;
  double achieved;
  calc::MediaSpeed at_one;
};

}  // namespace

TEST_CASE("media validation: published peak memory and speed", "[calc][media][validation]") {
  const Dataset ds = LoadMediaData();
  Diagnostics d;
  calc::MediaConstants k = calc::ResolveMediaConstants(ds, &d);
  REQUIRE_FALSE(d.HasErrors());
  calc::MediaConstants one = k;
  one.denoise_efficiency = one.denoise_efficiency_hopper = one.denoise_efficiency_unet = 1;

  std::vector<double> memory_errors, speed_errors;
  std::vector<SpeedPoint> points[3];  // by GroupOf
  std::printf("\n%-42s %-12s %10s %10s %8s\n", "case", "kind", "measured", "computed", "error");
  for (const MediaCase& c : ds.media_validation) {
    const MediaPipeline* p = ds.FindPipeline(c.pipeline);
    REQUIRE(p);
    const calc::MediaRequest r = calc::MediaCaseRequest(c, *p);
    const calc::MediaEstimate e = calc::EstimateMedia(*p, r, k);
    double measured = 0, computed = 0;
    if (c.kind == "peak_memory") {
      measured = c.measured * (c.unit == "GiB" ? 1073741824.0 : 1e9) / 1e9;
      for (const auto& ph : e.phases)
        if (c.phases.empty() ||
            std::find(c.phases.begin(), c.phases.end(), ph.id) != c.phases.end())
          computed = std::max(computed, ph.total_bytes / 1e9);
      memory_errors.push_back(std::fabs(computed / measured - 1));
    } else {
      const Gpu* g = ds.FindGpu(c.gpu);
      REQUIRE(g);
      const calc::MediaSpeed s = calc::EstimateMediaSpeed(*p, r, e, *g, k);
      measured = MeasuredSeconds(c);
      computed = c.kind == "step_seconds" ? s.seconds_per_step : s.total_seconds;
      speed_errors.push_back(std::fabs(computed / measured - 1));
      const calc::MediaSpeed at_one = calc::EstimateMediaSpeed(*p, r, e, *g, one);
      points[GroupOf(*p, *g)].push_back({&c, SourceOf(c), AchievedEfficiency(c, at_one), at_one});
    }
    CHECK(computed > 0);
    std::printf("%-42s %-12s %10.3f %10.3f %+7.1f%%\n", c.id.c_str(), c.kind.c_str(), measured,
                computed, 100 * (computed / measured - 1));
  }
  std::printf(
      "memory: %zu cases, median |error| %.1f %% (target: within 10 %%), %zu within 10 %%\n",
      memory_errors.size(), 100 * Median(memory_errors),
      static_cast<size_t>(std::count_if(memory_errors.begin(), memory_errors.end(),
                                        [](double x) { return x <= 0.10; })));
  std::printf("speed: %zu cases, median |error| %.1f %% (target: 20 %%)\n", speed_errors.size(),
              100 * Median(speed_errors));
  std::vector<double> achieved[3];
  for (int i = 0; i < 3; ++i)
    for (const auto& pt : points[i]) achieved[i].push_back(pt.achieved);
  // Leave-one-out: each speed case computed with the efficiency fitted on the others of its
  // group (the denoising part of the time).
  std::vector<double> loo;
  for (const auto& group : achieved)
    for (size_t i = 0; i < group.size() && group.size() > 1; ++i) {
      std::vector<double> others = group;
      others.erase(others.begin() + static_cast<long>(i));
      loo.push_back(std::fabs(group[i] / Median(others) - 1));
    }
  std::printf("speed, leave-one-out: median |error| %.1f %%\n", 100 * Median(loo));
  // Leave-one-source-out: each speed case computed with its group's efficiency fitted on the
  // cases of every other source, so that no publication validates its own fit.
  std::vector<double> loso;
  size_t unchecked = 0;
  for (const auto& group : points)
    for (const auto& pt : group) {
      std::vector<double> others;
      for (const auto& o : group)
        if (o.source != pt.source) others.push_back(o.achieved);
      if (others.empty()) {
        ++unchecked;
        continue;
      }
      loso.push_back(
          std::fabs(SecondsAt(*pt.c, pt.at_one, Median(others)) / MeasuredSeconds(*pt.c) - 1));
    }
  std::printf(
      "speed, leave-one-source-out: median |error| %.1f %% over %zu cases (%zu with no other "
      "source in their group)\n",
      100 * Median(loso), loso.size(), unchecked);
  std::printf(
      "fitted denoise_efficiency %.3f on %zu cases (data: %.3f), "
      "denoise_efficiency_hopper %.3f on %zu cases (data: %.3f), "
      "denoise_efficiency_unet %.3f on %zu cases (data: %.3f)\n",
      Median(achieved[0]), achieved[0].size(), k.denoise_efficiency, Median(achieved[1]),
      achieved[1].size(), k.denoise_efficiency_hopper, Median(achieved[2]), achieved[2].size(),
      k.denoise_efficiency_unet);

  CHECK(memory_errors.size() >= 10);
  // The guide's table (calc/media_validation.h) computes the same errors.
  const calc::MediaValidation v = calc::ValidateMedia(ds, k);
  CHECK(v.memory.cases.size() == memory_errors.size());
  CHECK(v.speed.cases.size() == speed_errors.size());
  CHECK(v.memory.median_abs_error == Approx(Median(memory_errors)));
  CHECK(v.speed.median_abs_error == Approx(Median(speed_errors)));
  CHECK(v.speed.loso_cases == static_cast<int>(loso.size()));
  CHECK(v.speed.loso_median_abs_error == Approx(Median(loso)));
  // The stored constants are the fits, to their two published decimals.
  CHECK(std::fabs(Median(achieved[0]) - k.denoise_efficiency) < 0.005);
  CHECK(std::fabs(Median(achieved[1]) - k.denoise_efficiency_hopper) < 0.005);
  CHECK(std::fabs(Median(achieved[2]) - k.denoise_efficiency_unet) < 0.005);
}
