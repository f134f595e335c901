// Unified-memory systems next to cards (calc/systems.h), table-driven: one unit, the memory the
// platform lets the GPU hold, the whole machine's price and power, training only with CUDA.
#include <catch2/catch.hpp>

#include "calc/cost.h"
#include "calc/fit.h"
#include "calc/systems.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeGpu;
using Catch::Detail::Approx;

Gpu MakeSystem(const std::string& id, const std::string& vendor, double memory_gb, double usable_gb,
               double bandwidth_gbs, double tdp_w) {
  Gpu g = MakeGpu(id, Segment::kConsumer, memory_gb, bandwidth_gbs, 32, "none", 30, {}, tdp_w);
  g.vendor = vendor;
  g.form_factor = "system";
  g.usable_memory_gb = usable_gb;
  return g;
}

TEST_CASE("A system counts once and holds its usable memory", "[calc][systems]") {
  const Assumptions a = calc_test::TestAssumptions();  // 4 cards per desktop, 8 per node
  const Gpu mac = MakeSystem("mac", "apple", 128, 96, 546, 200);
  const Gpu card = MakeGpu("card", Segment::kConsumer, 24, 1008, 72, "ada", 165, {}, 450);
  struct Case {
    const Gpu* gpu;
    int max;
    std::vector<int> counts;
    double model_gb;
  };
  const Case cases[] = {
      {&mac, 64, {1}, 96},  // never 2 × a machine: they are networked, not a layer split
      {&mac, 1, {1}, 96},
      {&card, 64, {1, 2, 3, 4}, 24},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " max " << c.max);
    CHECK(CandidateGpuCounts(*c.gpu, a, c.max) == c.counts);
    CHECK(ModelMemoryGb(*c.gpu) == c.model_gb);
    CHECK(UsableGpuBytes(*c.gpu, a) ==
          Approx(c.model_gb * kBytesPerGiB * (1 - a.gpu_ram_headroom_fraction)));
  }
  // A record without usable_memory_gb (the loader refuses it for a system) falls back to all.
  Gpu bare = mac;
  bare.usable_memory_gb.reset();
  CHECK(ModelMemoryGb(bare) == 128);
}

TEST_CASE("A system's cost is the whole machine's", "[calc][systems]") {
  const Assumptions a = calc_test::TestAssumptions();  // desktop 1,500 $ and 100 W, 5 years
  const double per_watt_5y = 0.15 * 8.76 * 0.12 * 5;   // USD per watt over five years
  const Gpu spark = MakeSystem("spark", "nvidia", 128, 119, 273, 240);
  const Gpu card = MakeGpu("card", Segment::kConsumer, 32, 1792, 96, "blackwell", 209, {}, 575);
  struct Case {
    const Gpu* gpu;
    double price;
    int count;
    double gpus, system, watts;
  };
  const Case cases[] = {
      // No desktop on top, its own power only.
      {&spark, 4000, 1, 4000, 0, 240},
      {&spark, 4000, 3, 4000, 0, 240},  // a count above 1 is one machine
      // A card: card + desktop share and both powers (unchanged rule).
      {&card, 2500, 1, 2500, 1500, 675},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " x" << c.count);
    const OwnershipCost o = CostOfOwnership(*c.gpu, c.price, c.count, a);
    CHECK(o.gpus_usd == c.gpus);
    CHECK(o.system_usd == c.system);
    CHECK(o.watts == c.watts);
    CHECK(o.total_usd == Approx(c.gpus + c.system + c.watts * per_watt_5y));
  }
}

TEST_CASE("Systems are ranked for training only when they train with CUDA", "[calc][systems]") {
  const Gpu mac = MakeSystem("mac", "apple", 256, 192, 819, 270);
  const Gpu halo = MakeSystem("halo", "amd", 128, 96, 256, 200);
  const Gpu spark = MakeSystem("spark", "nvidia", 128, 119, 273, 240);
  Gpu radeon = MakeGpu("radeon", Segment::kConsumer, 24, 960, 96, "rdna3", 122, {}, 355);
  radeon.vendor = "amd";
  struct Case {
    const Gpu* gpu;
    Workload w;
    bool ranked;
  };
  const Case cases[] = {
      {&mac, Workload::kTraining16, false},  {&mac, Workload::kInference8, true},
      {&mac, Workload::kInference16, true},  {&halo, Workload::kTraining16, false},
      {&spark, Workload::kTraining16, true}, {&radeon, Workload::kTraining16, true},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " " << WorkloadId(c.w));
    CHECK(RankedFor(*c.gpu, c.w) == c.ranked);
    CHECK(IsSystem(*c.gpu) == (c.gpu != &radeon));
  }
  CHECK(MaxUnits(mac, 4) == 1);
  CHECK(MaxUnits(radeon, 4) == 4);
  CHECK(MaxUnits(radeon, 0) == 1);
}

}  // namespace
}  // namespace gg::calc
