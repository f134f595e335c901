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
// generated / 2 tokens (0 when unstated). `assumptions` gets the case's micro-batch.
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
// Decode cases use assumptions.decode_dense / decode_moe as they are.
std::vector<ValidationResult> Validate(const Dataset& data, const Assumptions& assumptions);

// Fits assumptions->decode_dense and decode_moe on the decode cases run with llama.cpp, the
// engine whose conventions the model follows (llama.cpp, ik_llama.cpp, ollama): with x =
// bytes per step ÷ bandwidth and m the measured tokens/s of each case, minimises Σ ((slope·x +
// fixed)·m − 1)², the squared relative error of the time per token; fixed is held at 0 if the fit
// makes it negative. Fewer than 2 cases of a kind: slope = 1 / decode_bandwidth_efficiency, fixed
// 0. Also fits prefill_16bit, prefill_quantized and prefill_fp4 (FP4 weights on a card with
// fp4_tflops) on the llama.cpp prefill cases, each on the cases PrefillTokensPerSecond sends
// to it: efficiency = Σ q / Σ q² with q = peak rate ÷ measured, which minimises the squared
// relative error.
void CalibrateDecode(const Dataset& data, Assumptions* assumptions);

}  // namespace gg::calc
