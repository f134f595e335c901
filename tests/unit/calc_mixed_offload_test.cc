// calc/mixed_offload.h: a mixed set of cards with weights in system RAM (issue 31), by hand.
#include <catch2/catch.hpp>

#include "calc/mixed_offload.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

Gpu Card(const std::string& id, double memory_gb, double bandwidth_gbs) {
  Gpu g;
  g.id = id;
  g.segment = Segment::kConsumer;
  g.vendor = "nvidia";
  g.form_factor = "pcie";
  g.memory_gb = memory_gb;
  g.bandwidth_gbs = bandwidth_gbs;
  return g;
}

TEST_CASE("Mixed offload: the fewest layers leave the set, the rest splits by free memory",
          "[calc][mixed_offload]") {
  Assumptions a;
  a.gpu_ram_headroom_fraction = 0;
  a.cuda_context_gb = 0;
  a.decode_dense.slope = 1;
  a.decode_dense.fixed_seconds = 0.004;
  const Gpu big = Card("rtx-4090", 24, 1000);   // 24 GiB = 25.77 GB free
  const Gpu small = Card("rtx-3060", 12, 500);  // 12 GiB = 12.88 GB free
  LlmModel dense;
  dense.layers = 10;
  MemoryBreakdown mem;
  mem.total_bytes = 60e9;  // 6 GB a layer, no overhead
  struct Case {
    std::vector<const Gpu*> gpus;
    double total_bytes, ram_gbs;
    int layers_on_cpu;
    double ram_bytes;
    std::vector<double> card_bytes;
    double seconds;  // one decode step
  };
  const Case cases[] = {
      // 60 − 38.65 = 21.35 GB too many: ceil(21.35 ÷ 6) = 4 layers, 24 GB in RAM; 36 GB split
      // 2/3 and 1/3. Step: 24e9 ÷ 1,000 GB/s + 4 ms, 12e9 ÷ 500 GB/s + 4 ms, 24e9 ÷ 100 GB/s.
      {{&big, &small}, 60e9, 100, 4, 24e9, {24e9, 12e9}, 0.028 + 0.028 + 0.24},
      // The same at 50 GB/s: the RAM part doubles.
      {{&big, &small}, 60e9, 50, 4, 24e9, {24e9, 12e9}, 0.028 + 0.028 + 0.48},
      // One card is AnswerWithOffload's case: 30 GB, 3 GB a layer, 6 layers in RAM;
      // 12e9 ÷ 1,000 GB/s + 4 ms + 18e9 ÷ 100 GB/s = 196 ms.
      {{&small}, 30e9, 100, 6, 18e9, {12e9}, 0.196},
  };
  for (const Case& c : cases) {
    INFO(c.gpus.size() << " cards, " << c.total_bytes << " B at " << c.ram_gbs << " GB/s");
    MemoryBreakdown m = mem;
    m.total_bytes = c.total_bytes;
    Gpu one = small;
    one.bandwidth_gbs = 1000;
    std::vector<const Gpu*> gpus = c.gpus;
    if (gpus.size() == 1) gpus = {&one};
    MixedAnswer answer;
    const auto r = AnswerOnMixedWithOffload(gpus, dense, m, c.total_bytes, 1, Offload::kLayers,
                                            c.ram_gbs, Precision::kBf16, a, &answer);
    REQUIRE(r);
    CHECK(r->layers_on_cpu == c.layers_on_cpu);
    CHECK(r->ram_bytes == Approx(c.ram_bytes));
    CHECK(r->step_ram_bytes == Approx(c.ram_bytes));
    CHECK(r->step_gpu_bytes == Approx(c.total_bytes - c.ram_bytes));
    CHECK(answer.fits);
    REQUIRE(answer.card_bytes.size() == c.card_bytes.size());
    for (size_t i = 0; i < c.card_bytes.size(); ++i)
      CHECK(answer.card_bytes[i] == Approx(c.card_bytes[i]));
    REQUIRE(answer.tokens_per_s);
    CHECK(*answer.tokens_per_s == Approx(1 / c.seconds));
  }
}

TEST_CASE("Mixed offload: nothing moves when nothing needs to or can", "[calc][mixed_offload]") {
  Assumptions a;
  a.gpu_ram_headroom_fraction = 0;
  a.cuda_context_gb = 0;
  const Gpu big = Card("rtx-4090", 24, 1000), small = Card("rtx-3060", 12, 500);
  LlmModel dense;
  dense.layers = 10;
  MemoryBreakdown mem;
  mem.total_bytes = 60e9;
  MixedAnswer answer;
  answer.fits = false;
  // No offload asked; a model the set holds whole (30 GB < 38.65 GB); experts of a dense model.
  CHECK_FALSE(AnswerOnMixedWithOffload({&big, &small}, dense, mem, 60e9, 1, Offload::kNone, 100,
                                       Precision::kBf16, a, &answer));
  MemoryBreakdown held = mem;
  held.total_bytes = 30e9;
  CHECK_FALSE(AnswerOnMixedWithOffload({&big, &small}, dense, held, 30e9, 1, Offload::kLayers, 100,
                                       Precision::kBf16, a, &answer));
  CHECK_FALSE(AnswerOnMixedWithOffload({&big, &small}, dense, mem, 60e9, 1, Offload::kExperts, 100,
                                       Precision::kBf16, a, &answer));
  CHECK_FALSE(answer.fits);  // untouched
  // Without a RAM bandwidth the memory is answered, not the speed.
  const auto slow = AnswerOnMixedWithOffload({&big, &small}, dense, mem, 60e9, 1, Offload::kLayers,
                                             0, Precision::kBf16, a, &answer);
  REQUIRE(slow);
  CHECK(answer.fits);
  CHECK_FALSE(answer.tokens_per_s);
}

}  // namespace
}  // namespace gg::calc
