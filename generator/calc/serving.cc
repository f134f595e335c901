#include "calc/serving.h"

#include <algorithm>
#include <cmath>

#include "calc/fit.h"

namespace gg::calc {

namespace {

// What one decode step reads besides the KV cache, and how it grows with the batch.
struct StepBytes {
  double active = 0;        // weights one token passes through (on the cards)
  double routed_all = 0;    // all routed experts' bytes (MoE), 0 for a dense model
  double expert_share = 0;  // k / E
  double kv_per_sequence = 0;

  double At(int64_t batch) const {
    const double b = static_cast<double>(batch);
    double weights = active;
    if (routed_all > 0 && expert_share > 0 && expert_share < 1)
      weights += routed_all * ((1 - std::pow(1 - expert_share, b)) - expert_share);
    return weights + b * kv_per_sequence;
  }
};

}  // namespace

std::optional<ServingAnswer> Serve(const Gpu& gpu, int cards, const LlmModel& model,
                                   const MemoryRequest& request, const Assumptions& a,
                                   const ServingRequest& s) {
  if (request.mode != MemoryMode::kInference || !(gpu.bandwidth_gbs > 0)) return std::nullopt;
  cards = std::max(cards, 1);
  ServingAnswer r;
  r.users = std::max<int64_t>(s.users, 1);
  const double decode_factor = s.decode_factor > 0 ? s.decode_factor : 1;
  const double prefill_factor = s.prefill_factor > 0 ? s.prefill_factor : 1;

  MemoryRequest one = request;
  one.batch = 1;
  const MemoryBreakdown m1 = EstimateMemory(model, one, a);
  StepBytes bytes;
  bytes.kv_per_sequence = m1.kv_cache_bytes;
  bytes.active = DecodeBytesPerStep(model, one, m1, a) - m1.kv_cache_bytes;
  if (model.experts && model.experts->total > 0 && model.experts->active < model.experts->total) {
    bytes.expert_share =
        static_cast<double>(model.experts->active) / static_cast<double>(model.experts->total);
    const double on_cards = m1.weights_bytes - m1.host_bytes;
    bytes.routed_all = std::max(on_cards - bytes.active, 0.0) / (1 - bytes.expert_share);
  }

  // Sequences the memory holds: the largest batch that fits, by bisection.
  const double usable = UsableGpuBytes(gpu, a);
  auto fits = [&](int64_t batch) {
    MemoryRequest q = request;
    q.batch = batch;
    return PerGpuBytes(EstimateMemory(model, q, a), cards, a) <= usable;
  };
  if (fits(1)) {
    int64_t lo = 1, hi = kMaxServingUsers;
    if (fits(hi)) {
      lo = hi;
    } else {
      while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (fits(mid) ? lo : hi) = mid;
      }
    }
    r.max_users = lo;
  }

  const double fixed = DecodeLineFor(gpu, model, a).fixed_seconds;
  auto memory_time = [&](int64_t batch) {
    return (DecodeSecondsOnCard(gpu, model, bytes.At(batch), a) + (cards - 1) * fixed) /
           decode_factor;
  };
  r.prefill_tokens_per_s.reset();
  if (auto prefill = PrefillTokensPerSecond(gpu, model, request.precision, a);
      prefill && *prefill > 0)
    r.prefill_tokens_per_s = *prefill * prefill_factor;
  auto compute_time = [&](int64_t batch) {
    return r.prefill_tokens_per_s ? static_cast<double>(batch) / *r.prefill_tokens_per_s : 0.0;
  };
  if (r.prefill_tokens_per_s) {
    // compute − memory time grows with the batch (the compute term is linear, the memory
    // term grows by one sequence's KV cache and fewer new experts per step): doubling, then
    // bisection.
    auto bound = [&](int64_t b) { return compute_time(b) >= memory_time(b); };
    int64_t hi = 1;
    while (hi < kMaxServingUsers && !bound(hi)) hi *= 2;
    hi = std::min(hi, kMaxServingUsers);
    if (bound(hi)) {
      int64_t lo = hi / 2;  // not bound (or 0)
      while (hi - lo > 1) {
        const int64_t mid = lo + (hi - lo) / 2;
        (bound(mid) ? hi : lo) = mid;
      }
      r.knee_users = hi;
    }
  }
  const double mem = memory_time(r.users), compute = compute_time(r.users);
  r.compute_bound = compute > mem;
  r.step_seconds = std::max(mem, compute);
  if (r.step_seconds > 0) {
    r.per_user_tokens_per_s = 1 / r.step_seconds;
    r.aggregate_tokens_per_s = static_cast<double>(r.users) / r.step_seconds;
  }
  r.prompt_tokens = s.prompt_tokens > 0 ? s.prompt_tokens : request.context.value_or(0);
  if (r.prefill_tokens_per_s && r.prompt_tokens > 0)
    r.time_to_first_token_s = static_cast<double>(r.prompt_tokens) / *r.prefill_tokens_per_s;
  return r;
}

}  // namespace gg::calc
