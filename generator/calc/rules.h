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
    // chunked ones their window plus the micro-batch, recurrent ones a fixed state.
    {"kv_cache", "per_layer_kind", "KvCacheBytes (calc/memory.h)"},
    // Cards tried per GPU kind: any count up to max_desktop_gpus in a desktop, 2, 4 or
    // gpus_per_node in a server, whole baseboards of SXM/OAM modules beyond one.
    {"gpu_count", "desktop_any_server_pow2_baseboards", "CandidateGpuCounts (calc/fit.h)"},
    // Several cards: the layers are split across them, one card works at a time, so the
    // decode speed is one card's, whatever the count (no bandwidth added, no scaling share).
    {"multi_gpu_decode", "layer_split", "AnswerOnGpu, DecodeTokensPerSecond (calc/fit.h)"},
    // Training memory and fit: BF16 mixed precision, so only cards with BF16 hold it.
    {"training_precision", "bf16_mixed", "AnswerOnGpu, SupportsBf16 (calc/fit.h)"},
    // Decode speed: a line fitted on measured runs (time per byte read + fixed time per token).
    {"decode_speed", "calibrated_bandwidth_line", "DecodeTokensPerSecond (calc/fit.h)"},
    // Prompt processing: a calibrated share of the card's 16-bit matrix throughput.
    {"prefill_speed", "calibrated_compute_share", "PrefillTokensPerSecond (calc/fit.h)"},
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
