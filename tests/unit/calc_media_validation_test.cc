// The media calculation against published measurements (data/genvalidation.json): prints each
// case with its error and the median |error| of memory and of speed (the targets: memory within
// ±10 %, speed median |error| ≤ 20 %; the figures are reported, not asserted), and checks that
// the stored denoise_efficiency and denoise_efficiency_hopper are the fits of the speed cases
// (median achieved ÷ peak on other cards and on Hopper cards), so neither can drift from its
// data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "base/files.h"
#include "calc/media.h"
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

calc::MediaRequest RequestOf(const MediaCase& c, const MediaPipeline& p) {
  calc::MediaRequest r;
  r.precision = c.precision;
  r.encoder_precision = c.encoder_precision.empty() ? "bf16" : c.encoder_precision;
  r.vae_precision = c.vae_precision.empty() ? "bf16" : c.vae_precision;
  r.width = c.width;
  r.height = c.height;
  r.frames = c.frames;
  r.batch = c.batch;
  r.steps = c.steps > 0 ? c.steps : p.default_steps;
  r.offload = calc::ParseMediaOffload(c.offload).value_or(calc::MediaOffload::kNone);
  r.tiled_vae = c.tiled_vae;
  return r;
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

}  // namespace

TEST_CASE("media validation: published peak memory and speed", "[calc][media][validation]") {
  const Dataset ds = LoadMediaData();
  Diagnostics d;
  calc::MediaConstants k = calc::ResolveMediaConstants(ds, &d);
  REQUIRE_FALSE(d.HasErrors());
  calc::MediaConstants one = k;
  one.denoise_efficiency = one.denoise_efficiency_hopper = 1;

  std::vector<double> memory_errors, speed_errors;
  std::vector<double> achieved[2];  // other cards, Hopper
  std::printf("\n%-42s %-12s %10s %10s %8s\n", "case", "kind", "measured", "computed", "error");
  for (const MediaCase& c : ds.media_validation) {
    const MediaPipeline* p = ds.FindPipeline(c.pipeline);
    REQUIRE(p);
    const calc::MediaRequest r = RequestOf(c, *p);
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
      achieved[g->tensor_cores == "hopper"].push_back(
          AchievedEfficiency(c, calc::EstimateMediaSpeed(*p, r, e, *g, one)));
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
  std::printf(
      "fitted denoise_efficiency %.3f on %zu cases (data: %.3f), "
      "denoise_efficiency_hopper %.3f on %zu cases (data: %.3f)\n",
      Median(achieved[0]), achieved[0].size(), k.denoise_efficiency, Median(achieved[1]),
      achieved[1].size(), k.denoise_efficiency_hopper);

  CHECK(memory_errors.size() >= 10);
  // The stored constants are the fits, to their two published decimals.
  CHECK(std::fabs(Median(achieved[0]) - k.denoise_efficiency) < 0.005);
  CHECK(std::fabs(Median(achieved[1]) - k.denoise_efficiency_hopper) < 0.005);
}
