// Serving several users from one configuration (n cards of one kind holding an LLM, layers
// split): how many sequences of a context its memory holds, the decode speed each user and
// all users together get, and the time to the first token of a prompt.
//
// The model, from fit.h's lines:
// - one decode step of a batch of B sequences reads the weights once and the KV cache of every
//   sequence: memory time(B) = DecodeSecondsOnCard(bytes(B)) + (cards − 1) × fixed time, with
//   bytes(B) = active weights + B × one sequence's KV cache; for a mixture of experts the
//   routed experts that at least one of the B tokens uses, expected share 1 − (1 − k/E)^B of
//   them (k active of E experts, chosen independently), instead of k/E;
// - it also multiplies B tokens through the active weights, which takes compute time(B) =
//   B ÷ prefill tokens/s (PrefillTokensPerSecond: the card's measured matrix throughput);
// - a step takes the longer of the two. Below the knee (the smallest B where compute time ≥
//   memory time; from the card's FLOPs against its bandwidth) adding users costs almost
//   nothing and the total grows with B; past it the total stays at the compute rate.
// An engine's factors (engines.h) divide the times. Prefill of one prompt runs at the
// prefill rate: time to first token = prompt tokens ÷ prefill tokens/s (one user, the cards
// idle otherwise; longer prompts are slower per token through attention, not modelled).
//
// Pure: no I/O.
#pragma once

#include <cstdint>
#include <optional>

#include "calc/assumptions.h"
#include "calc/memory.h"
#include "model/model.h"

namespace gg::calc {

struct ServingRequest {
  int64_t users = 1;          // sequences decoded together (< 1 counts as 1)
  int64_t prompt_tokens = 0;  // prompt of the time to first token; 0 = the request's context
  double decode_factor = 1;   // engine factors (engines.h), > 0
  double prefill_factor = 1;
};

struct ServingAnswer {
  int64_t users = 1;
  // Sequences of the request's context that `cards` cards hold (PerGpuBytes ≤ UsableGpuBytes
  // with the batch raised), at most kMaxServingUsers; 0 when not even one fits.
  int64_t max_users = 0;
  // Smallest batch whose step is compute-bound (≤ kMaxServingUsers); nullopt without a
  // prefill figure, or when none up to kMaxServingUsers is.
  std::optional<int64_t> knee_users;
  double step_seconds = 0;            // one decode step of `users` sequences
  double per_user_tokens_per_s = 0;   // 1 ÷ step_seconds
  double aggregate_tokens_per_s = 0;  // users ÷ step_seconds
  bool compute_bound = false;         // the step is compute time
  std::optional<double> prefill_tokens_per_s;
  std::optional<double> time_to_first_token_s;
  int64_t prompt_tokens = 0;  // the prompt the time to first token is for
};

inline constexpr int64_t kMaxServingUsers = 65536;

// `request` is what the cards run (precision after RunnablePrecision, its context; its batch
// is replaced by the users); nullopt for a request that is not inference or a card with no
// bandwidth.
std::optional<ServingAnswer> Serve(const Gpu& gpu, int cards, const LlmModel& model,
                                   const MemoryRequest& request, const Assumptions& assumptions,
                                   const ServingRequest& serving);

}  // namespace gg::calc
