// The rules the calculations apply today, one per feature, by id. Prose that describes how a
// calculation works (the methodology's "Known limitations") names the rule it describes with
// `gpu:rule feature=ID is=RULE`; the build fails on that sentence when the rule below is no
// longer the one named, so the text is rewritten when the calculation changes.
//
// Whoever changes what a function listed here does changes its rule id here in the same
// commit; tests/unit/calc_rules_test.cc checks each rule against the functions' answers, so
// a rule id cannot stay behind the code either.
//
// Pure and header-only (compiled for the browser too).
#pragma once

#include <string_view>

namespace gg::calc {

struct CalcRule {
  std::string_view feature;  // what is computed
  std::string_view rule;     // how, today
  std::string_view where;    // the function that applies it
};

inline constexpr CalcRule kCalcRules[] = {
    // KV cache: each layer by its kind, full layers keep the whole context, sliding and
    // chunked ones their window plus the micro-batch, recurrent ones a fixed state; a layer
    // that reuses an earlier layer's cache nothing, a compressed layer (DeepSeek-V4) its window
    // plus one entry per ratio tokens.
    {"kv_cache", "per_layer_kind", "KvCacheBytes (calc/memory.h)"},
    // Cards per GPU kind: the counts tried (any up to max_desktop_gpus for consumer and
    // workstation cards, 2, 4 or gpus_per_node for data-centre cards, whole baseboards of
    // modules) that the card's machine holds by form factor, slots, PSU, circuit and cables.
    {"gpu_count", "machine_holds_build", "AnswerOnGpu (calc/fit.h), Place (calc/placement.h)"},
    // Several cards: the layers are split across them, one card works at a time, so no
    // bandwidth is added; each card pays the line's fixed time per token (a pipeline).
    {"multi_gpu_decode", "layer_split_fixed_time_per_card",
     "AnswerOnGpu, DecodeTokensPerSecond (calc/fit.h)"},
    // Training memory and fit: BF16 mixed precision, so only cards with BF16 hold it.
    {"training_precision", "bf16_mixed", "AnswerOnGpu, SupportsBf16 (calc/fit.h)"},
    // Decode speed: a line fitted on measured runs (time per byte read + fixed time per token),
    // per platform class (discrete, data centre, unified memory) where it has runs.
    {"decode_speed", "calibrated_bandwidth_line_per_platform",
     "DecodeTokensPerSecond, DecodeLineFor (calc/fit.h)"},
    // Prompt processing: a calibrated share of the card's 16-bit matrix throughput, times a
    // factor per platform class.
    {"prefill_speed", "calibrated_compute_share_per_platform",
     "PrefillTokensPerSecond (calc/fit.h)"},
    // Other engines and back ends: a speed factor fitted on their runs, from two runs on.
    {"engine_speed", "fitted_factor_from_two_runs",
     "EngineOn, EngineDecodeFactor (calc/engines.h)"},
    // Several users: sequences from the KV budget, a decode step the longer of reading
    // (weights + every sequence's KV) and computing (batch ÷ prefill rate).
    {"serving", "kv_budget_memory_or_compute_bound", "Serve (calc/serving.h)"},
    // Electricity: rated board power at an assumed utilisation; nothing measured.
    {"electricity", "rated_power_times_utilisation", "calc/cost.h"},
    // Cost of ownership: what is paid, with no resale value at the end.
    {"ownership_cost", "no_resale", "calc/cost.h"},
};

// The rule applied today for `feature`, or "" when no calculation has that feature.
constexpr std::string_view CurrentRule(std::string_view feature) {
  for (const CalcRule& r : kCalcRules)
    if (r.feature == feature) return r.rule;
  return {};
}

}  // namespace gg::calc
