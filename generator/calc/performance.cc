#include "calc/performance.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "calc/least_squares.h"
#include "calc/systems.h"

namespace gg::calc {

const char* PerfSourceId(PerfSource s) {
  return s == PerfSource::kMeasured ? "measured" : "estimated";
}

const char* PerfFeatureId(PerfFeature f) {
  switch (f) {
    case PerfFeature::kLogBandwidth:
      return "log_bandwidth_gbs";
    case PerfFeature::kLogMatrixTflops:
      return "log_matrix_tflops";
    case PerfFeature::kLogL2:
      return "log_l2_mb";
  }
  return "";
}

std::map<std::string, PerfValue> MeasuredPerformance(const Dataset& data,
                                                     const std::string& baseline, Workload w) {
  std::set<std::string> known;
  for (const Gpu& g : data.gpus) known.insert(g.id);
  if (!known.count(baseline)) return {};

  // Direct entries per unordered pair (a < b), as log(perf(b) / perf(a)).
  std::map<std::pair<std::string, std::string>, std::vector<double>> pairs;
  for (const Benchmark& b : data.benchmarks) {
    if (b.workload != w || !(b.speedup > 0) || b.gpu == b.reference) continue;
    if (!known.count(b.gpu) || !known.count(b.reference)) continue;
    const double l = std::log(b.speedup);  // log(perf(gpu) / perf(reference))
    if (b.reference < b.gpu)
      pairs[{b.reference, b.gpu}].push_back(l);
    else
      pairs[{b.gpu, b.reference}].push_back(-l);
  }
  // Neighbours of each GPU with log(perf(neighbour) / perf(gpu)), geometric mean of entries.
  std::map<std::string, std::vector<std::pair<std::string, double>>> adjacent;
  for (const auto& [key, logs] : pairs) {
    double sum = 0;
    for (double l : logs) sum += l;
    const double mean = sum / static_cast<double>(logs.size());
    adjacent[key.first].emplace_back(key.second, mean);
    adjacent[key.second].emplace_back(key.first, -mean);
  }

  std::map<std::string, PerfValue> out;
  std::map<std::string, double> log_perf{{baseline, 0.0}};
  out[baseline] = PerfValue{1.0, PerfSource::kMeasured, 0, ""};
  std::vector<std::string> frontier{baseline};
  for (int hops = 1; !frontier.empty(); ++hops) {
    std::map<std::string, std::vector<double>> reached;  // estimates through each parent
    for (const std::string& node : frontier) {           // sorted: deterministic summation order
      for (const auto& [next, l] : adjacent[node])
        if (!log_perf.count(next)) reached[next].push_back(log_perf[node] + l);
    }
    frontier.clear();
    for (const auto& [id, estimates] : reached) {
      double sum = 0;
      for (double e : estimates) sum += e;
      const double lp = sum / static_cast<double>(estimates.size());
      log_perf[id] = lp;
      out[id] = PerfValue{std::exp(lp), PerfSource::kMeasured, hops, ""};
      frontier.push_back(id);
    }
  }
  return out;
}

std::optional<double> PerfFeatureValue(const Gpu& gpu, Workload w, PerfFeature f) {
  double v = 0;
  switch (f) {
    case PerfFeature::kLogBandwidth:
      v = gpu.bandwidth_gbs;
      break;
    case PerfFeature::kLogMatrixTflops:
      v = w == Workload::kInference8 && gpu.fp8_tflops && *gpu.fp8_tflops > 0 ? *gpu.fp8_tflops
                                                                              : gpu.fp16_tflops;
      break;
    case PerfFeature::kLogL2:
      v = gpu.l2_mb;
      break;
  }
  if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
  return std::log(v);
}

namespace {

// Regressor row [1, features…] of a GPU; nullopt when a feature is missing.
std::optional<std::vector<double>> Row(const std::vector<PerfFeature>& features, const Gpu& gpu,
                                       Workload w) {
  std::vector<double> row{1.0};
  for (PerfFeature f : features) {
    auto v = PerfFeatureValue(gpu, w, f);
    if (!v) return std::nullopt;
    row.push_back(*v);
  }
  return row;
}

double Dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) s += a[i] * b[i];
  return s;
}

struct Point {
  std::string gpu;
  std::vector<double> row;
  double measured;
};

// Fits `model` (features set) on the points and fills coefficients, loo and loo_mape.
// False when a fit is impossible.
bool Evaluate(const std::vector<Point>& points, PerfModel* model) {
  model->points = static_cast<int>(points.size());
  if (points.empty()) return false;
  if (model->fitted) {
    const size_t k = model->features.size() + 1;
    if (points.size() < k + 2) return false;
    auto fit = [&](size_t skip) -> std::optional<std::vector<double>> {
      std::vector<std::vector<double>> rows;
      std::vector<double> y;
      for (size_t i = 0; i < points.size(); ++i) {
        if (i == skip) continue;
        rows.push_back(points[i].row);
        y.push_back(std::log(points[i].measured));
      }
      return LeastSquares(rows, y);
    };
    auto all = fit(points.size());
    if (!all) return false;
    model->coefficients = *all;
    for (size_t i = 0; i < points.size(); ++i) {
      auto beta = fit(i);
      if (!beta) return false;
      model->loo.push_back(
          {points[i].gpu, points[i].measured, std::exp(Dot(*beta, points[i].row))});
    }
  } else {
    for (const Point& p : points)
      model->loo.push_back({p.gpu, p.measured, std::exp(Dot(model->coefficients, p.row))});
  }
  double sum = 0;
  for (const LooPoint& l : model->loo) sum += std::fabs(l.predicted - l.measured) / l.measured;
  model->loo_mape = sum / static_cast<double>(model->loo.size());
  return true;
}

}  // namespace

std::optional<double> PredictPerf(const PerfModel& model, const Gpu& gpu, Workload w) {
  auto row = Row(model.features, gpu, w);
  if (!row || row->size() != model.coefficients.size()) return std::nullopt;
  return std::exp(Dot(model.coefficients, *row));
}

std::vector<PerfModel> FitPerfModels(const std::vector<Gpu>& gpus,
                                     const std::map<std::string, PerfValue>& measured,
                                     const Gpu& baseline, Workload w) {
  using F = PerfFeature;
  std::vector<PerfModel> candidates;
  if (auto base_bw = PerfFeatureValue(baseline, w, F::kLogBandwidth)) {
    PerfModel ratio;
    ratio.id = "bandwidth-ratio";
    ratio.features = {F::kLogBandwidth};
    ratio.coefficients = {-*base_bw, 1.0};
    ratio.fitted = false;
    candidates.push_back(ratio);
  }
  candidates.push_back(PerfModel{"bandwidth", {F::kLogBandwidth}, {}, true, 0, {}, 0});
  candidates.push_back(
      PerfModel{"bandwidth+tensor", {F::kLogBandwidth, F::kLogMatrixTflops}, {}, true, 0, {}, 0});
  candidates.push_back(PerfModel{"bandwidth+tensor+l2",
                                 {F::kLogBandwidth, F::kLogMatrixTflops, F::kLogL2},
                                 {},
                                 true,
                                 0,
                                 {},
                                 0});

  std::vector<const Gpu*> sorted;
  for (const Gpu& g : gpus)
    if (measured.count(g.id)) sorted.push_back(&g);
  std::sort(sorted.begin(), sorted.end(), [](const Gpu* a, const Gpu* b) { return a->id < b->id; });

  std::vector<PerfModel> usable;
  for (PerfModel& m : candidates) {
    std::vector<Point> points;
    for (const Gpu* g : sorted) {
      const double value = measured.at(g->id).relative;
      if (!(value > 0)) continue;
      if (auto row = Row(m.features, *g, w)) points.push_back({g->id, *row, value});
    }
    if (Evaluate(points, &m)) usable.push_back(std::move(m));
  }
  // Errors equal to 1e-9 (rounding noise of exact fits) tie, and ties keep the simpler
  // model: candidates are in order of increasing complexity and the sort is stable.
  auto key = [](const PerfModel& m) { return std::llround(m.loo_mape * 1e9); };
  std::stable_sort(usable.begin(), usable.end(),
                   [&](const PerfModel& a, const PerfModel& b) { return key(a) < key(b); });
  return usable;
}

const WorkloadPerformance* PerformanceTable::For(Workload w) const {
  for (const WorkloadPerformance& p : workloads)
    if (p.workload == w) return &p;
  return nullptr;
}

std::optional<PerfValue> PerformanceTable::Get(const std::string& gpu, Workload w) const {
  const WorkloadPerformance* p = For(w);
  if (p == nullptr) return std::nullopt;
  auto it = p->values.find(gpu);
  if (it == p->values.end()) return std::nullopt;
  return it->second;
}

PerformanceTable ComputePerformance(const Dataset& data, const Assumptions& assumptions) {
  PerformanceTable table;
  table.baseline = assumptions.baseline_gpu;
  const Gpu* baseline = data.FindGpu(assumptions.baseline_gpu);
  for (Workload w : kAllWorkloads) {
    WorkloadPerformance wp;
    wp.workload = w;
    if (baseline != nullptr) {
      wp.values = MeasuredPerformance(data, baseline->id, w);
      wp.models = FitPerfModels(data.gpus, wp.values, *baseline, w);
      for (const Gpu& g : data.gpus) {
        if (wp.values.count(g.id)) continue;
        if (!RankedFor(g, w)) continue;  // systems that do not train with CUDA
        for (const PerfModel& m : wp.models) {
          if (auto v = PredictPerf(m, g, w)) {
            wp.values[g.id] = PerfValue{*v, PerfSource::kEstimated, 0, m.id};
            break;
          }
        }
      }
    }
    table.workloads.push_back(std::move(wp));
  }
  return table;
}

}  // namespace gg::calc
