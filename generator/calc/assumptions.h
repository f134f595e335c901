// The constants every calculation uses, typed. Each field is filled from the entry of
// data/assumptions.json with the same id; nothing has a meaningful default in code, so every
// figure of the guide traces back to a sourced entry of the data.
#pragma once

#include <string>
#include <vector>

#include "base/diagnostics.h"
#include "model/model.h"

namespace gg::calc {

// Decode time per token: slope × bytes read ÷ bandwidth + fixed_seconds (kernel launches,
// sampling, synchronisation). Fitted on the measured decode cases of data/validation.json
// (calibration.h); without such cases slope = 1 / decode_bandwidth_efficiency, fixed 0.
struct DecodeLine {
  double slope = 1;
  double fixed_seconds = 0;
  int cases = 0;                  // measurements it was fitted on (0: the fallback)
  double rms_relative_error = 0;  // of tokens/s over those cases
};

// Prompt processing (prefill) is compute-bound: tokens/s = efficiency × peak dense FP16
// Tensor throughput ÷ (2 × active parameters). Fitted on the measured prefill cases of
// data/validation.json; without cases (cases 0) no prefill speed is given.
struct PrefillLine {
  double efficiency = 0;
  int cases = 0;
  double rms_relative_error = 0;
};

struct Assumptions {
  // --- Performance ---
  std::string baseline_gpu;  // GPU id whose relative performance is 1.0 in every workload

  // --- Cost of ownership (cost.h) ---
  double electricity_usd_per_kwh = 0;
  double utilisation = 0;              // fraction of the 8,760 hours of a year the GPU works, 0..1
  double ownership_years = 0;          // years of electricity counted in the cost of ownership
  double desktop_system_cost_usd = 0;  // rest of a desktop/workstation (CPU, board, PSU …)
  double desktop_system_watts = 0;     // its power draw while working, GPU excluded
  double server_cost_per_gpu_usd = 0;  // share of a server per data-centre GPU
  double server_system_watts_per_gpu = 0;
  std::string cloud_reference_offer;  // cloud offer id used for the break-even comparison

  // --- Prices (prices.h) ---
  int price_window_days = 0;  // observations this many days before the newest still count
  // A (GPU, condition) whose newest observation is older than this, counted back from the
  // newest observation of the whole data, is no longer on sale in that condition.
  int price_max_age_days = 0;
  // A current price whose newest observation is older than this, counted the same way, is
  // shown as stale and reported by a build warning.
  int price_stale_days = 0;

  // --- LLM memory and fit (memory.h, fit.h) ---
  double cuda_context_gb = 0;              // per GPU, added by fit
  double decode_bandwidth_efficiency = 0;  // achieved / peak bandwidth (uncalibrated fallback)
  int gpus_per_node = 0;                   // data-centre cards per server or baseboard
  int max_desktop_gpus = 0;                // consumer / workstation cards in one desktop
  double gpu_ram_headroom_fraction = 0;    // memory left free on each GPU, 0..1
  int llm_ubatch_tokens = 0;               // tokens per micro-batch (llama.cpp n_ubatch)
  // Not from assumptions.json: fitted by ResolveAssumptions on data.validation.
  DecodeLine decode_dense;
  DecodeLine decode_moe;
  PrefillLine prefill_16bit;      // weights in FP32, BF16 or FP16
  PrefillLine prefill_quantized;  // every other format (dequantised on the fly)
  // FP4 weights (MXFP4, NVFP4, MXFP4_MOE) on a card with FP4 matrix units (fp4_tflops), which
  // llama.cpp multiplies natively since its native-MXFP4 kernels for Blackwell (PR #17906,
  // December 2025): efficiency × peak dense FP4 throughput.
  PrefillLine prefill_fp4;

  // --- Training memory (memory.h) ---
  double weight_bytes_mixed = 0;         // bytes per trained parameter for the weights
  double gradient_bytes = 0;             // bytes per trained parameter for its gradient
  double optimizer_bytes_per_param = 0;  // Adam states (and master copy) per parameter
  int lora_rank = 0;
  int training_sequence_length = 0;
  int training_micro_batch = 0;

  // --- Bits per weight of quantised formats, scales included (memory.h) ---
  double bits_q8_0 = 0;
  double bits_q6_k = 0;
  double bits_q5_k_m = 0;
  double bits_q4_k_m = 0;
  double bits_gptq4 = 0;
  double bits_awq4 = 0;
  double bits_nf4 = 0;
};

// The ids above, in declaration order (for documentation and "did you mean").
std::vector<std::string> AssumptionIds();

// Fills every field from data.assumptions. Reports into *diags (never throws):
// - a missing id, at data/assumptions.json, with "did you mean" against the ids present in
//   the file that no field uses ("missing assumption 'utilisation'; did you mean 'utilization'?");
// - a value of the wrong kind (a number where a string is expected, or the reverse), a count
//   (price_window_days, gpus_per_node, lora_rank, training_*) that is not a positive whole
//   number, or a number outside its sane range (fractions in 0..1, bits and bytes > 0,
//   prices and watts >= 0), at the entry's loc;
//   (in these two cases the field stays 0 / "", so callers must stop on diags->HasErrors())
// - a baseline_gpu that is not a GPU id of data.gpus, or a cloud_reference_offer that is not
//   an offer id of data.cloud (with "did you mean"), at the entry's loc (the value is kept).
// Ids present in the file but unknown here are not reported: other modules may use them.
// Then the decode lines are fitted (CalibrateDecode, calibration.h).
Assumptions ResolveAssumptions(const Dataset& data, Diagnostics* diags);

}  // namespace gg::calc
