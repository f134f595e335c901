// Serving (calc/serving.h): users held by the KV budget, per-user and total decode speed
// below and past the knee, time to the first token; arithmetic by hand in the comments.
#include <catch2/catch.hpp>

#include <cmath>

#include "calc/fit.h"
#include "calc/serving.h"
#include "calc_fixture.h"

namespace gg::calc {

TEST_CASE("Serving a dense model: memory-bound, then compute-bound past the knee",
          "[calc][serving]") {
  const Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  a.decode_dense = {1.25, 0.0015, 10, 0};  // 1.25 × bytes ÷ bandwidth + 1.5 ms
  a.prefill_quantized = {0.5, 10, 0};      // 50 % of the FP16 peak
  const LlmModel& llama8 = *d.FindModel("llama-3.1-8b");
  const Gpu& rtx4090 = *d.FindGpu("rtx-4090");  // 1,008 GB/s, 165.2 FP16 TFLOPS
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.context = 4096;
  // Llama 3.1 8B at 4,096 tokens: 32 layers × 2 × 8 heads × 128 × 2 B × 4,096 = 0.537 GB of
  // KV per sequence; active weights 8.03e9 × 4.85 ÷ 8 − the host embeddings 128,256 × 4,096 ×
  // 4.85 ÷ 8 = 4.868e9 − 0.318e9 = 4.550e9 B.
  const double kv = 32.0 * 2 * 8 * 128 * 2 * 4096;
  const double weights = 8.03e9 * 4.85 / 8 - 128256.0 * 4096 * 4.85 / 8;
  const double bw = 1008e9;
  // Prefill: 0.5 × 165.2e12 ÷ (2 × 8.03e9) = 5,143.2 tokens/s.
  const double prefill = 0.5 * 165.2e12 / (2 * 8.03e9);
  REQUIRE(prefill == Approx(5143.2).epsilon(1e-4));

  ServingRequest s;
  s.users = 1;
  s.prompt_tokens = 2048;
  auto one = Serve(rtx4090, 1, llama8, r, a, s);
  REQUIRE(one);
  // One user: 1 ÷ (1.25 × (4.550e9 + 0.537e9) ÷ 1,008e9 + 1.5 ms) = 1 ÷ 7.809 ms = 128.1 tok/s,
  // the fit answer's speed.
  const double step1 = 1.25 * (weights + kv) / bw + 0.0015;
  CHECK(one->per_user_tokens_per_s == Approx(1 / step1));
  CHECK(one->per_user_tokens_per_s == Approx(128.1).epsilon(1e-3));
  CHECK(one->aggregate_tokens_per_s == Approx(one->per_user_tokens_per_s));
  CHECK_FALSE(one->compute_bound);
  CHECK(one->per_user_tokens_per_s ==
        Approx(DecodeTokensPerSecond(rtx4090, llama8, weights + kv, 1, a)));
  // Time to first token: 2,048 ÷ 5,143.2 = 0.398 s.
  REQUIRE(one->time_to_first_token_s);
  CHECK(*one->time_to_first_token_s == Approx(2048 / prefill));
  CHECK(one->prompt_tokens == 2048);

  // The knee: the smallest B with B ÷ prefill ≥ 1.25 × (weights + B × kv) ÷ bw + 1.5 ms,
  // i.e. B ≥ (1.25 × weights ÷ bw + 1.5 ms) ÷ (1 ÷ prefill − 1.25 × kv ÷ bw)
  //        = 7.143 ms ÷ (0.1944 ms − 0.6659 ms) < 0: the KV cache alone outgrows compute, so
  // at 4,096 tokens a step never becomes compute-bound on this card.
  CHECK_FALSE(one->knee_users);
  // At a short context the weights dominate: 256 tokens, kv = 33.55 MB per sequence.
  r.context = 256;
  const double kv256 = kv / 16;
  auto short_ctx = Serve(rtx4090, 1, llama8, r, a, s);
  REQUIRE(short_ctx);
  const double knee = std::ceil((1.25 * weights / bw + 0.0015) / (1 / prefill - 1.25 * kv256 / bw));
  REQUIRE(short_ctx->knee_users);
  CHECK(static_cast<double>(*short_ctx->knee_users) == knee);  // 7.143 ms ÷ 0.1528 ms → 47
  CHECK(*short_ctx->knee_users == 47);
  // 8 users, below the knee: step = 1.25 × (weights + 8 kv) ÷ bw + 1.5 ms; total 8 ÷ step.
  s.users = 8;
  auto eight = Serve(rtx4090, 1, llama8, r, a, s);
  const double step8 = 1.25 * (weights + 8 * kv256) / bw + 0.0015;
  CHECK(eight->aggregate_tokens_per_s == Approx(8 / step8));
  CHECK(eight->per_user_tokens_per_s == Approx(1 / step8));
  CHECK_FALSE(eight->compute_bound);
  // 200 users, past it: the step is 200 ÷ prefill, the total is the prefill rate.
  s.users = 200;
  auto many = Serve(rtx4090, 1, llama8, r, a, s);
  CHECK(many->compute_bound);
  CHECK(many->aggregate_tokens_per_s == Approx(prefill));
  CHECK(many->per_user_tokens_per_s == Approx(prefill / 200));
  // An engine twice as fast at decode halves the memory time.
  s.users = 1;
  s.decode_factor = 2;
  auto fast = Serve(rtx4090, 1, llama8, r, a, s);
  CHECK(fast->per_user_tokens_per_s == Approx(2 / (1.25 * (weights + kv256) / bw + 0.0015)));
}

TEST_CASE("Serving: sequences the memory holds, and cards in a pipeline", "[calc][serving]") {
  const Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  a.decode_dense = {1.25, 0.0015, 10, 0};
  const LlmModel& llama70 = *d.FindModel("llama-3.1-70b");
  const Gpu& rtx3090 = *d.FindGpu("rtx-3090");
  MemoryRequest r;
  r.precision = Precision::kQ4_K_M;
  r.context = 8192;
  ServingRequest s;
  // One 24 GB card cannot hold the 70B model: no sequence fits.
  CHECK(Serve(rtx3090, 1, llama70, r, a, s)->max_users == 0);
  // Two cards: max_users is the largest batch whose per-card bytes fit.
  auto two = Serve(rtx3090, 2, llama70, r, a, s);
  REQUIRE(two);
  REQUIRE(two->max_users >= 1);
  auto bytes_at = [&](int64_t batch) {
    MemoryRequest q = r;
    q.batch = batch;
    return PerGpuBytes(EstimateMemory(llama70, q, a), 2, a);
  };
  CHECK(bytes_at(two->max_users) <= UsableGpuBytes(rtx3090, a));
  CHECK(bytes_at(two->max_users + 1) > UsableGpuBytes(rtx3090, a));
  // Layers split over 2 cards: the fixed time is paid on each, 1.25 × bytes ÷ bw + 2 × 1.5 ms.
  const MemoryBreakdown m = EstimateMemory(llama70, r, a);
  const double bytes = DecodeBytesPerStep(llama70, r, m, a);
  CHECK(two->per_user_tokens_per_s == Approx(1 / (1.25 * bytes / 936e9 + 0.003)));
  // No prefill line: no knee and no time to first token.
  CHECK_FALSE(two->knee_users);
  CHECK_FALSE(two->time_to_first_token_s);
  // Training requests are not served.
  r.mode = MemoryMode::kLora;
  CHECK_FALSE(Serve(rtx3090, 2, llama70, r, a, s));
}

TEST_CASE("Serving a mixture of experts: a batch touches more experts", "[calc][serving]") {
  const Dataset d = calc_test::TestDataset();
  Assumptions a = calc_test::TestAssumptions();
  a.decode_moe = {1.25, 0, 10, 0};
  const LlmModel& oss = *d.FindModel("gpt-oss-120b");  // 4 of 128 experts per token
  Gpu h100 = *d.FindGpu("h100-sxm");
  MemoryRequest r;
  r.precision = Precision::kMxfp4;
  r.context = 1024;
  ServingRequest s;
  s.users = 2;
  auto two = Serve(h100, 1, oss, r, a, s);
  REQUIRE(two);
  MemoryRequest q = r;
  q.batch = 1;
  const MemoryBreakdown m = EstimateMemory(oss, q, a);
  const double active = DecodeBytesPerStep(oss, q, m, a) - m.kv_cache_bytes;
  // All routed experts: (weights on the card − active) ÷ (1 − 4/128). Two tokens use
  // 1 − (124/128)² = 6.15 % of them instead of 4/128 = 3.13 %.
  const double routed = (m.weights_bytes - m.host_bytes - active) / (1 - 4.0 / 128);
  const double share2 = 1 - std::pow(124.0 / 128, 2);
  REQUIRE(share2 == Approx(0.06152).epsilon(1e-3));
  const double bytes2 = active + routed * (share2 - 4.0 / 128) + 2 * m.kv_cache_bytes;
  CHECK(two->step_seconds == Approx(1.25 * bytes2 / 3350e9));
  CHECK(two->aggregate_tokens_per_s == Approx(2 / (1.25 * bytes2 / 3350e9)));
}

}  // namespace gg::calc
