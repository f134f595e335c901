#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

#include "calc/least_squares.h"
#include "calc/performance.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeBenchmark;
using calc_test::MakeGpu;
using Catch::Detail::Approx;

constexpr Workload kT = Workload::kTraining16;

Dataset Gpus(std::initializer_list<const char*> ids) {
  Dataset d;
  for (const char* id : ids)
    d.gpus.push_back(MakeGpu(id, Segment::kDatacenter, 40, 1000, 40, "ampere", 100, {}, 300));
  return d;
}

TEST_CASE("LeastSquares recovers exact coefficients and rejects singular systems",
          "[calc][performance]") {
  // y = 1 + 2·x1 − 3·x2 on five points.
  std::vector<std::vector<double>> rows;
  std::vector<double> y;
  const double pts[][2] = {{0, 0}, {1, 0}, {0, 1}, {2, 3}, {5, -1}};
  for (const auto& p : pts) {
    rows.push_back({1, p[0], p[1]});
    y.push_back(1 + 2 * p[0] - 3 * p[1]);
  }
  auto beta = LeastSquares(rows, y);
  REQUIRE(beta);
  CHECK((*beta)[0] == Approx(1));
  CHECK((*beta)[1] == Approx(2));
  CHECK((*beta)[2] == Approx(-3));
  // A constant regressor duplicates the intercept: singular.
  CHECK_FALSE(LeastSquares({{1, 5}, {1, 5}, {1, 5}}, {1, 2, 3}));
  CHECK_FALSE(LeastSquares({{1, 2}}, {1}));  // fewer points than coefficients
  CHECK_FALSE(LeastSquares({}, {}));
}

TEST_CASE("Measured performance chains benchmark ratios to the baseline", "[calc][performance]") {
  struct Case {
    const char* what;
    std::vector<Benchmark> benchmarks;
    const char* gpu;
    double expected;  // relative to "v100"
    int hops;
  };
  const Case cases[] = {
      // 12-layer Transformer on WMT14 en-de, A100 vs V100: 1.70× (NVIDIA figures as
      // de-biased in the 2020 guide; guide-facts.md §2).
      {"direct", {MakeBenchmark("a100", "v100", kT, 1.70)}, "a100", 1.70, 1},
      {"reversed entry", {MakeBenchmark("v100", "a100", kT, 1 / 1.70)}, "a100", 1.70, 1},
      {"two hops multiply",
       {MakeBenchmark("a100", "v100", kT, 1.70), MakeBenchmark("h100", "a100", kT, 2.0)},
       "h100",
       3.40,
       2},
      // SE-ResNeXt-101 1.43×, Mask R-CNN 1.47×, Transformer 1.70× (same source): several
      // direct entries combine by geometric mean.
      {"geometric mean of direct entries",
       {MakeBenchmark("a100", "v100", kT, 1.43), MakeBenchmark("a100", "v100", kT, 1.47),
        MakeBenchmark("v100", "a100", kT, 1 / 1.70)},
       "a100",
       std::cbrt(1.43 * 1.47 * 1.70),
       1},
      {"shortest path wins over a longer one",
       {MakeBenchmark("h100", "v100", kT, 3.0), MakeBenchmark("a100", "v100", kT, 2.0),
        MakeBenchmark("h100", "a100", kT, 2.0)},
       "h100",
       3.0,
       1},
      {"two parents at the same distance: geometric mean",
       {MakeBenchmark("a100", "v100", kT, 2.0), MakeBenchmark("l40", "v100", kT, 1.0),
        MakeBenchmark("h100", "a100", kT, 2.0), MakeBenchmark("h100", "l40", kT, 1.0)},
       "h100",
       2.0,
       2},  // sqrt(4 · 1)
      {"other workloads, unknown GPUs, self and bad ratios ignored",
       {MakeBenchmark("a100", "v100", kT, 1.70),
        MakeBenchmark("a100", "v100", Workload::kInference16, 9),
        MakeBenchmark("a100", "nope", kT, 9), MakeBenchmark("a100", "a100", kT, 9),
        MakeBenchmark("a100", "v100", kT, 0), MakeBenchmark("a100", "v100", kT, -2)},
       "a100",
       1.70,
       1},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    Dataset d = Gpus({"a100", "h100", "l40", "v100"});
    d.benchmarks = c.benchmarks;
    auto m = MeasuredPerformance(d, "v100", kT);
    CHECK(m.at("v100").relative == 1.0);
    CHECK(m.at("v100").hops == 0);
    REQUIRE(m.count(c.gpu));
    CHECK(m.at(c.gpu).relative == Approx(c.expected));
    CHECK(m.at(c.gpu).hops == c.hops);
    CHECK(m.at(c.gpu).source == PerfSource::kMeasured);
    // The order of the entries does not matter.
    std::vector<Benchmark> reversed(c.benchmarks.rbegin(), c.benchmarks.rend());
    d.benchmarks = reversed;
    CHECK(MeasuredPerformance(d, "v100", kT).at(c.gpu).relative == m.at(c.gpu).relative);
  }
  Dataset d = Gpus({"a100", "v100"});
  d.benchmarks = {MakeBenchmark("a100", "v100", kT, 1.7)};
  CHECK(MeasuredPerformance(d, "missing-baseline", kT).empty());
  CHECK(MeasuredPerformance(d, "a100", kT).at("v100").relative == Approx(1 / 1.7));
}

// Specs following an exact power law perf ∝ bandwidth^0.6 · tflops^0.4.
Dataset PowerLawDataset(int measured) {
  Dataset d;
  const double specs[][2] = {{900, 125}, {1555, 312}, {3350, 989}, {936, 71},   {1008, 165},
                             {504, 80},  {360, 25.5}, {768, 155},  {1792, 210}, {616, 54}};
  auto perf = [](double bw, double tf) { return std::pow(bw, 0.6) * std::pow(tf, 0.4); };
  for (int i = 0; i < 10; ++i) {
    d.gpus.push_back(MakeGpu("g" + std::to_string(i), Segment::kConsumer, 24, specs[i][0],
                             1 + i % 3, "ampere", specs[i][1], {}, 300));
    if (i > 0 && i < measured)
      d.benchmarks.push_back(MakeBenchmark(d.gpus.back().id, "g0", kT,
                                           perf(specs[i][0], specs[i][1]) / perf(900, 125)));
  }
  return d;
}

TEST_CASE("Estimates: fitted power law, chosen by leave-one-out error", "[calc][performance]") {
  Dataset d = PowerLawDataset(8);  // g0..g7 measured, g8 and g9 estimated
  Assumptions a;
  a.baseline_gpu = "g0";
  PerformanceTable t = ComputePerformance(d, a);
  const WorkloadPerformance* w = t.For(kT);
  REQUIRE(w);
  REQUIRE_FALSE(w->models.empty());
  const PerfModel& best = w->models.front();
  CHECK(best.id == "bandwidth+tensor");  // the exact model; +l2 ties at 0 and is not simpler
  CHECK(best.points == 8);
  CHECK(best.loo_mape < 1e-9);
  REQUIRE(best.coefficients.size() == 3);
  CHECK(best.coefficients[1] == Approx(0.6));
  CHECK(best.coefficients[2] == Approx(0.4));
  CHECK(best.loo.size() == 8);
  // Unmeasured GPUs are estimated with it, and flagged.
  const PerfValue g9 = w->values.at("g9");
  CHECK(g9.source == PerfSource::kEstimated);
  CHECK(g9.model == "bandwidth+tensor");
  CHECK(g9.relative == Approx(std::pow(616.0 / 900, 0.6) * std::pow(54.0 / 125, 0.4)));
  CHECK(w->values.at("g3").source == PerfSource::kMeasured);
}

TEST_CASE("Estimates fall back to the bandwidth ratio with few measurements",
          "[calc][performance]") {
  // Only V100 (the baseline) and nothing else measured: the guide's first-order estimate,
  // A100 / V100 = 1,555 / 900 GB/s = 1.73× (guide-facts.md §2).
  Dataset d;
  d.gpus = {MakeGpu("v100", Segment::kDatacenter, 32, 900, 6, "volta", 125, {}, 300),
            MakeGpu("a100", Segment::kDatacenter, 40, 1555, 40, "ampere", 312, {}, 400),
            MakeGpu("nobw", Segment::kDatacenter, 40, 0, 40, "ampere", 312, {}, 400)};
  Assumptions a;
  a.baseline_gpu = "v100";
  PerformanceTable t = ComputePerformance(d, a);
  for (Workload w : kAllWorkloads) {
    const WorkloadPerformance* p = t.For(w);
    REQUIRE(p);
    REQUIRE(p->models.size() == 1);
    CHECK(p->models[0].id == "bandwidth-ratio");
    CHECK(p->values.at("a100").relative == Approx(1.7278).epsilon(1e-4));
    CHECK(p->values.at("a100").source == PerfSource::kEstimated);
    CHECK(p->values.count("nobw") == 0);  // no bandwidth: no estimate at all
  }
  a.baseline_gpu = "unknown";
  PerformanceTable none = ComputePerformance(d, a);
  CHECK(none.workloads.size() == 3);
  CHECK(none.For(kT)->values.empty());
  CHECK_FALSE(none.Get("a100", kT));
}

TEST_CASE("Performance on the fixture: measured chains, estimates, LOO error",
          "[calc][performance]") {
  Dataset d = calc_test::TestDataset();
  PerformanceTable t = ComputePerformance(d, calc_test::TestAssumptions());
  // 8-bit inference: RTX 4090 ≈ 0.33 × H100 SXM (guide-facts.md §2), so H100 = 1 / 0.33.
  CHECK(t.Get("h100-sxm", Workload::kInference8)->relative == Approx(1 / 0.33));
  // A100 reached from the 4090 through the 3090 (2 hops): 0.58 × 1.81.
  auto a100 = t.Get("a100-40gb", kT);
  REQUIRE(a100);
  CHECK(a100->relative == Approx(0.58 * 1.81));
  CHECK(a100->hops == 2);
  // V100 at 3 hops from A100's only neighbour chain; ratio A100/V100 preserved: 1.70.
  CHECK(a100->relative / t.Get("v100", kT)->relative == Approx(1.70));
  // Never benchmarked in training16: estimated.
  CHECK(t.Get("l40s", kT)->source == PerfSource::kEstimated);
  CHECK(t.Get("rtx-5090", kT)->source == PerfSource::kEstimated);
  // Every GPU has a value in every workload.
  for (Workload w : kAllWorkloads) CHECK(t.For(w)->values.size() == d.gpus.size());

  const WorkloadPerformance* w = t.For(kT);
  REQUIRE_FALSE(w->models.empty());
  const PerfModel& best = w->models.front();
  CHECK(best.points == 11);
  UNSCOPED_INFO("training16 model " << best.id << ", LOO MAPE " << best.loo_mape);
  for (const LooPoint& p : best.loo)
    UNSCOPED_INFO(p.gpu << " measured " << p.measured << " predicted " << p.predicted);
  CHECK(best.loo_mape < 0.20);
  // The winner is at least as good as the bandwidth ratio it competes with.
  auto ratio = std::find_if(w->models.begin(), w->models.end(),
                            [](const PerfModel& m) { return m.id == "bandwidth-ratio"; });
  REQUIRE(ratio != w->models.end());
  CHECK(best.loo_mape <= ratio->loo_mape);
}

}  // namespace
}  // namespace gg::calc
