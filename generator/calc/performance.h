// Relative performance of every GPU per workload, normalised to the baseline GPU (= 1.0).
//
// Measured values come from benchmarks.json: each entry says "gpu ran `speedup` times as
// fast as reference" for one workload. Entries form an undirected graph over GPU ids; the
// several direct entries between one pair are combined by their geometric mean. Each GPU
// reachable from the baseline gets the value of its shortest chain (fewest benchmark links,
// breadth-first); when it is reached at that distance through several neighbours, its value
// is the geometric mean of the estimates through each of them. The result is independent of
// the order of the entries.
//
// Estimated values cover the GPUs no chain reaches. The model is a power law in the specs,
// fitted per workload by least squares on the measured GPUs (log-space):
//
//   log(perf) = β0 + β1·log(bandwidth_gbs) [+ β2·log(matrix_tflops) [+ β3·log(l2_mb)]]
//
// where matrix_tflops is fp16_tflops for inference16/training16, and for inference8 the
// FP8 throughput where the GPU has native FP8 (fp8_tflops), else fp16_tflops (without FP8,
// 8-bit inference runs about as fast as 16-bit). Bandwidth first because it is the best
// single predictor between Tensor-Core GPUs; matrix throughput carries the Tensor-Core
// generation and FP8; L2 the cache hierarchy. The candidates, simplest first:
//   "bandwidth-ratio"      perf = bandwidth / baseline bandwidth (nothing fitted; always tried)
//   "bandwidth"            β0, β1 fitted
//   "bandwidth+tensor"     β0, β1, β2 fitted
//   "bandwidth+tensor+l2"  β0 … β3 fitted
// A fitted candidate needs at least (coefficients + 2) measured GPUs with those specs and a
// non-singular fit in every leave-one-out round. Each usable candidate is scored by its
// leave-one-out error (every measured GPU predicted by a fit on the others); the lowest
// mean absolute percentage error wins, ties (to 1e-9) to the simpler model. With too few
// measured GPUs only "bandwidth-ratio" remains: the first-order estimate of the guide (A100
// vs V100 bandwidth 1,555 / 900 → 1.73×). A GPU lacking a spec a model needs (spec ≤ 0) is
// estimated with the best model whose specs it has; with none it gets no value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "model/model.h"

namespace gg::calc {

enum class PerfSource { kMeasured, kEstimated };
const char* PerfSourceId(PerfSource s);  // "measured" | "estimated"

struct PerfValue {
  double relative = 0;  // performance ÷ the baseline's, same workload
  PerfSource source = PerfSource::kMeasured;
  int hops = 0;       // measured: benchmark links to the baseline (0 for the baseline)
  std::string model;  // estimated: id of the model that produced it
};

// Measured values of one workload by the chaining rule above, keyed by GPU id; the baseline
// is 1.0 with 0 hops. Entries naming a GPU absent from data.gpus, comparing a GPU with
// itself, or with speedup not > 0 are ignored (validate reports them). Empty when the
// baseline is not a GPU of data.gpus.
std::map<std::string, PerfValue> MeasuredPerformance(const Dataset& data,
                                                     const std::string& baseline, Workload w);

enum class PerfFeature { kLogBandwidth, kLogMatrixTflops, kLogL2 };
const char* PerfFeatureId(PerfFeature f);  // "log_bandwidth_gbs" …

// The regressor of a GPU for a workload (natural log of the spec named above); nullopt
// when the spec is not > 0.
std::optional<double> PerfFeatureValue(const Gpu& gpu, Workload w, PerfFeature f);

struct LooPoint {
  std::string gpu;
  double measured = 0;
  double predicted = 0;  // by the model fitted without this GPU
};

struct PerfModel {
  std::string id;                     // see the list above
  std::vector<PerfFeature> features;  // regressors after the intercept
  std::vector<double> coefficients;   // β0 then one per feature, fitted on all points
  bool fitted = true;                 // false for "bandwidth-ratio" (fixed coefficients)
  int points = 0;                     // measured GPUs used
  std::vector<LooPoint> loo;          // sorted by GPU id
  double loo_mape = 0;                // mean |predicted − measured| / measured over loo
};

// The model's relative performance for a GPU; nullopt when the GPU lacks a feature.
std::optional<double> PredictPerf(const PerfModel& model, const Gpu& gpu, Workload w);

// The usable candidates fitted on the measured GPUs of one workload (measured: id → value,
// ids absent from gpus are ignored), best first. baseline supplies the bandwidth of the
// ratio model; it is not tried when the baseline bandwidth is not > 0.
std::vector<PerfModel> FitPerfModels(const std::vector<Gpu>& gpus,
                                     const std::map<std::string, PerfValue>& measured,
                                     const Gpu& baseline, Workload w);

struct WorkloadPerformance {
  Workload workload = Workload::kTraining16;
  std::map<std::string, PerfValue> values;  // every GPU with a value, by id
  std::vector<PerfModel> models;            // usable candidates, best first
};

struct PerformanceTable {
  std::string baseline;
  std::vector<WorkloadPerformance> workloads;  // one per kAllWorkloads, in that order

  // nullptr only for a table not made by ComputePerformance.
  const WorkloadPerformance* For(Workload w) const;
  // The value of gpu in workload w; nullopt when it has none.
  std::optional<PerfValue> Get(const std::string& gpu, Workload w) const;
};

// Measured values where a chain exists, estimates elsewhere, for every workload. When
// assumptions.baseline_gpu is not a GPU of data.gpus, every workload is empty (no values,
// no models); ResolveAssumptions has reported it.
PerformanceTable ComputePerformance(const Dataset& data, const Assumptions& assumptions);

}  // namespace gg::calc
