// The memory and speed model checked against published measurements (data/validation.json):
// each case recomputed with the engine's settings, its relative error, and the decode lines
// fitted by least squares on the measured tokens per second.
//
// Pure: no I/O. Cases naming an unknown model or GPU are skipped (the loader reports them).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calc/assumptions.h"
#include "calc/memory.h"
#include "model/model.h"

namespace gg::calc {

// The request a validation case describes: its weights format (default the model's native
// one; GGUF "f16" = fp16), KV format (default fp16), context, batch, FlashAttention (default
// on); for decode cases the context is the average KV fill while generating, prompt +
// generated / 2 tokens (0 when unstated). `assumptions` gets the case's micro-batch. A format
// without an id but with bits_per_weight counts as Q4_K_M with bits_q4_k_m = bits_per_weight.
struct CaseSetup {
  MemoryRequest request;
  Assumptions assumptions;
};
std::optional<CaseSetup> SetupOf(const ValidationCase& c, const LlmModel& model,
                                 const Assumptions& assumptions);

// One case recomputed. `computed` is in the case's unit (GiB, MiB, GB, MB, tok/s, tokens);
// for kind fits, computed_fits says whether the configuration fits by fit.h's rule.
struct ValidationResult {
  const ValidationCase* c = nullptr;
  std::optional<double> computed;
  std::optional<double> relative_error;  // (computed − measured) / measured
  std::optional<bool> computed_fits;     // kind fits
  bool agrees = false;                   // fits: computed_fits matches the outcome
};

// Every case of data.validation whose model (and GPU, where needed) exists, in file order.
// Decode and prefill cases are predicted by PredictSpeed with the assumptions as they are.
std::vector<ValidationResult> Validate(const Dataset& data, const Assumptions& assumptions);

// A decode or prefill case's predicted tokens/s: the reference prediction (fit.h: the platform's
// decode line with the pipeline's fixed time per card, or the prefill line × the platform's
// factor) × the factor of the run's engine and back end (engines.h) when one was fitted.
// nullopt when the case's model or GPU is unknown or the model gives no figure.
std::optional<double> PredictSpeed(const Dataset& data, const ValidationCase& c,
                                   const Assumptions& assumptions);

// Fits the speed model on the decode and prefill cases of data.validation, skipping those
// whose source is `skip_source` (leave-one-source-out; "" skips none):
// - decode: with x = bytes per step ÷ bandwidth, n the cards the layers are split over and m
//   the measured tokens/s of each reference run (engines.h: llama.cpp on the card's default
//   back end), minimises Σ ((slope·x + fixed·n)·m − 1)², the squared relative error of the
//   time per token; fixed is held at 0 if the fit makes it negative. The pooled lines
//   (decode_dense, decode_moe) take every platform's runs; fewer than 2: slope =
//   1 / decode_bandwidth_efficiency, fixed 0. Each platform's line (decode_*_on) takes its own
//   runs: slope and fixed when it has ≥ 3 runs whose x spans a factor ≥ 1.5, else the slope
//   alone with the pooled line's fixed time (own_fixed false); none: cases 0.
// - prefill: prefill_16bit, prefill_quantized and prefill_fp4 (FP4 weights on a card with
//   fp4_tflops) each on the reference runs PrefillTokensPerSecond sends to it, jointly with a
//   factor per PrefillClassOf (kPrefillReferenceClass 1) and one for mixture-of-experts
//   models (prefill_moe; dense 1, fitted only when there are dense runs too): predicted =
//   efficiency × factors × peak rate, fitted by least squares on log(measured ÷ predicted)
//   (alternating means), so that the median run of a class is neither too fast nor too slow;
// - engine_factors: per RunEngineKey of the other runs, the geometric mean of measured ÷
//   reference prediction, for decode and prefill apart.
// Cases with not_fitted set are skipped (they stay in the validation table).
void CalibrateSpeed(const Dataset& data, const std::string& skip_source, Assumptions* assumptions);
// CalibrateSpeed(data, "", assumptions).
void CalibrateDecode(const Dataset& data, Assumptions* assumptions);

// Leave-one-source-out: for each source of a decode or prefill case, the speed model is
// refitted without that source's cases (from `assumptions` as resolved, lines refitted) and
// predicts them. One result per such case, in file order.
std::vector<ValidationResult> LeaveOneSourceOut(const Dataset& data,
                                                const Assumptions& assumptions);

// Median and worst of |relative error| and the median signed error over the results of one
// kind ("decode", "prefill"), optionally of one platform and of dense or MoE models.
struct ErrorSummary {
  int n = 0;
  double median_abs = 0;
  double median_signed = 0;  // the bias: > 0 predicts too fast
  double worst_abs = 0;
};
ErrorSummary SummarizeErrors(const Dataset& data, const std::vector<ValidationResult>& results,
                             const std::string& kind, std::optional<Platform> platform = {},
                             std::optional<bool> moe = {});

}  // namespace gg::calc
