#include <catch2/catch.hpp>

#include "calc/placement.h"
#include "machines_fixture.h"

namespace gg::calc {
namespace {

using calc_test::Desktop;
using calc_test::ServerHgx8;
using calc_test::ServerPcie4;
using calc_test::Workstation;
using Catch::Detail::Approx;

Gpu Card(const std::string& id, Segment segment, double tdp_w, double slots,
         std::vector<std::string> connectors, const std::string& form = "pcie",
         const std::string& vendor = "nvidia") {
  Gpu g;
  g.id = id;
  g.segment = segment;
  g.vendor = vendor;
  g.tdp_w = tdp_w;
  g.slots = slots;
  g.power_connectors = std::move(connectors);
  g.form_factor = form;
  return g;
}

// Board power, width and connectors from the vendors' data sheets.
const Gpu k3080Ti = Card("rtx-3080-ti", Segment::kConsumer, 350, 2, {"12-pin"});
const Gpu k3090 = Card("rtx-3090", Segment::kConsumer, 350, 3, {"12-pin"});
const Gpu k4090 = Card("rtx-4090", Segment::kConsumer, 450, 3, {"12VHPWR"});
const Gpu k5090 = Card("rtx-5090", Segment::kConsumer, 575, 2, {"12V-2x6"});
const Gpu kV100Sxm = Card("v100-sxm2-32gb", Segment::kDatacenter, 300, 0, {}, "sxm");
const Gpu kH100Sxm = Card("h100-sxm", Segment::kDatacenter, 700, 0, {}, "sxm");
const Gpu kL40s = Card("l40s", Segment::kDatacenter, 350, 2, {"8-pin EPS"});
const Gpu k7900Xtx =
    Card("rx-7900-xtx", Segment::kConsumer, 355, 2.5, {"8-pin", "8-pin"}, "pcie", "amd");

TEST_CASE("Placement: the default machine by segment and form factor", "[calc][placement]") {
  Gpu spark = Card("dgx-spark", Segment::kWorkstation, 240, 0, {}, "system");
  Gpu workstation = Card("rtx-a6000", Segment::kWorkstation, 300, 2, {"8-pin EPS"});
  struct Case {
    const Gpu* gpu;
    std::string asked, machine;
  };
  const Case cases[] = {
      {&k4090, "", "desktop"},
      {&workstation, "", "desktop"},
      {&kL40s, "", "server-pcie-4"},
      {&kV100Sxm, "", "server-hgx-8"},
      {&spark, "", ""},  // its own machine
      {&k4090, "workstation", "workstation"},
      {&kL40s, "server", "server-pcie-4"},  // the old id, kept
      {&kH100Sxm, "server", "server-hgx-8"},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " asked '" << c.asked << "'");
    CHECK(ResolveMachineId(c.asked, *c.gpu) == c.machine);
  }
  CHECK(OfferedIn("", spark));
  CHECK(OfferedIn("desktop", spark));
  CHECK_FALSE(OfferedIn("server-hgx-8", spark));
  CHECK(OfferedIn("server-hgx-8", kH100Sxm));
}

TEST_CASE("Placement: each limit of a build, with hand arithmetic", "[calc][placement]") {
  struct Case {
    const Gpu* gpu;
    int count;
    Machine machine;
    BuildLimit limit;
    int machines;
    double system_w, psu_w;  // psu 0 = none on offer
  };
  const Case cases[] = {
      // 2 × 350 + 250 = 950 W; ÷ 0.8 = 1,187.5 → 1,200 W; 950 ÷ 0.9 = 1,056 W ≤ 1,440.
      {&k3080Ti, 2, Desktop(), BuildLimit::kFits, 1, 950, 1200},
      // The guide's old 4 × RTX 3080 Ti: a desktop takes two cards.
      {&k3080Ti, 4, Desktop(), BuildLimit::kSlots, 0, 1650, 0},
      // In a workstation: 4 × 350 + 450 = 1,850 W; ÷ 0.8 = 2,312.5 W > 2,200 W.
      {&k3080Ti, 4, Workstation(), BuildLimit::kPsu, 1, 1850, 0},
      // 2 × 575 + 250 = 1,400 W; ÷ 0.8 = 1,750 W > 1,600 W.
      {&k5090, 2, Desktop(), BuildLimit::kPsu, 1, 1400, 0},
      // 2 × 575 + 450 = 1,600 W → 2,000 W needed → 2,200 W; 1,600 ÷ 0.92 = 1,739 W ≤ 1,920 W;
      // two 16-pin sockets, two native cables.
      {&k5090, 2, Workstation(), BuildLimit::kFits, 1, 1600, 2200},
      // 3 × 575 + 450 = 2,175 W → 2,719 W needed: no PSU.
      {&k5090, 3, Workstation(), BuildLimit::kPsu, 1, 2175, 0},
      // An SXM module has no desktop slot.
      {&kV100Sxm, 2, Desktop(), BuildLimit::kFormFactor, 1, 850, 1200},
      // 2 × 300 + 4,600 = 5,200 W → 6,600 W (no margin: redundant supplies).
      {&kV100Sxm, 2, ServerHgx8(), BuildLimit::kFits, 1, 5200, 6600},
      // 16 modules: two baseboards of 8; one node 8 × 700 + 4,600 = 10,200 W → 13,200 W.
      {&kH100Sxm, 16, ServerHgx8(), BuildLimit::kFits, 2, 10200, 13200},
      // 12 modules are not whole baseboards.
      {&kH100Sxm, 12, ServerHgx8(), BuildLimit::kSlots, 0, 13000, 13200},
      // 4 × 350 + 1,000 = 2,400 W → 4,000 W; EPS sockets take the four EPS cables.
      {&kL40s, 4, ServerPcie4(), BuildLimit::kFits, 1, 2400, 4000},
      // No second PCIe server for data-centre cards: 8 does not place.
      {&kL40s, 8, ServerPcie4(), BuildLimit::kSlots, 0, 3800, 4000},
  };
  for (const Case& c : cases) {
    INFO(c.gpu->id << " x " << c.count << " in " << c.machine.id);
    const Placement p = Place(*c.gpu, c.count, c.machine);
    CHECK(p.build.limit == c.limit);
    CHECK(p.machines == c.machines);
    CHECK(p.build.system_w == Approx(c.system_w));
    if (c.psu_w > 0) {
      REQUIRE(p.build.psu_w);
      CHECK(*p.build.psu_w == Approx(c.psu_w));
    } else {
      CHECK_FALSE(p.build.psu_w);
    }
    CHECK(p.Fits() == (c.limit == BuildLimit::kFits));
  }
  // Only the counts each machine holds survive.
  CHECK(PlaceableCounts(k3080Ti, {1, 2, 3, 4}, Desktop()) == std::vector<int>{1, 2});
  CHECK(PlaceableCounts(kH100Sxm, {1, 2, 4, 8, 16, 24}, ServerHgx8()) ==
        std::vector<int>{1, 2, 4, 8, 16, 24});
  CHECK(PlaceableCounts(kV100Sxm, {1, 2}, Desktop()).empty());
}

TEST_CASE("Placement: a mixed set is one build", "[calc][placement]") {
  struct Case {
    std::vector<const Gpu*> gpus;
    Machine machine;
    BuildLimit limit;
    double system_w;
  };
  const Case cases[] = {
      // 350 + 450 + 250 = 1,050 W; ÷ 0.8 = 1,312.5 → 1,600 W; 1,050 ÷ 0.9 = 1,167 W; 3 + 3
      // slots of 7; the 4090 takes the native cable, the 3090's 12-pin two 8-pin.
      {{&k3090, &k4090}, Desktop(), BuildLimit::kFits, 1050},
      // Three cards in a desktop: more than its two.
      {{&k3090, &k3090, &k4090}, Desktop(), BuildLimit::kSlots, 1400},
      // 3 + 3 + 3 = 9 slot positions of 8 in a workstation.
      {{&k3090, &k3090, &k4090}, Workstation(), BuildLimit::kSlots, 1600},
      // 350 + 355 + 250 = 955 W: fits; 2 + 3 slots.
      {{&k3080Ti, &k7900Xtx}, Desktop(), BuildLimit::kFits, 955},
      // Two 16-pin sockets and one native cable, which goes to the 5090 (its adapter would take
      // ceil((575 − 75) ÷ 150) = 4 8-pin); the 4090's adapter takes ceil(375 ÷ 150) = 3 of 6.
      // 575 + 450 + 250 = 1,275 W ÷ 0.8 = 1,594 W → 1,600 W; 1,275 ÷ 0.9 = 1,417 W ≤ 1,440 W.
      {{&k5090, &k4090}, Desktop(), BuildLimit::kFits, 1275},
      {{&kV100Sxm, &k4090}, Desktop(), BuildLimit::kFormFactor, 1000},
  };
  for (const Case& c : cases) {
    INFO(c.gpus.size() << " cards in " << c.machine.id);
    const Build b = CheckMixedBuild(c.gpus, c.machine);
    CHECK(b.limit == c.limit);
    CHECK(b.system_w == Approx(c.system_w));
  }
  // Cables alone: with one native 16-pin and two 8-pin, the 4090's adapter lacks one.
  Machine few = Desktop();
  few.psu_connectors = {{"12V-2x6", 1}, {"8-pin", 2}};
  CHECK(CheckMixedBuild({&k5090, &k4090}, few).limit == BuildLimit::kConnectors);
  // Warnings.
  CHECK(MixedWarnings({&k3090, &k4090}, Desktop()) == std::vector<std::string>{"no_p2p"});
  CHECK(MixedWarnings({&k3090, &k3090, &k4090}, Workstation()) ==
        std::vector<std::string>{"pcie_lanes", "no_p2p"});
  CHECK(MixedWarnings({&k3090, &k7900Xtx}, Desktop()) ==
        std::vector<std::string>{"no_p2p", "vendors"});
  CHECK(MixedWarnings({&k3090, &k3090}, Desktop()).empty());
}

TEST_CASE("Placement: the split follows free memory, decode sums the cards' times",
          "[calc][placement]") {
  const std::vector<std::vector<double>> in = {{20, 10}, {-5, 10}, {0, 0}, {1, 1, 2}};
  const std::vector<std::vector<double>> want = {
      {2.0 / 3, 1.0 / 3}, {0, 1}, {0, 0}, {0.25, 0.25, 0.5}};
  for (size_t i = 0; i < in.size(); ++i) {
    const auto got = SplitFractions(in[i]);
    REQUIRE(got.size() == want[i].size());
    for (size_t k = 0; k < got.size(); ++k) CHECK(got[k] == Approx(want[i][k]).margin(1e-12));
  }

  Assumptions a;
  a.gpu_ram_headroom_fraction = 0;
  a.cuda_context_gb = 0;
  a.decode_dense.slope = 1;
  a.decode_dense.fixed_seconds = 0.004;
  Gpu big = k4090, small = k3080Ti;
  big.memory_gb = 24;
  big.bandwidth_gbs = 1000;
  small.memory_gb = 12;
  small.bandwidth_gbs = 500;
  LlmModel dense;
  MemoryBreakdown mem;
  mem.total_bytes = 30e9;  // no overhead: free = 24 GiB and 12 GiB, shares 2/3 and 1/3
  const MixedAnswer r = AnswerOnMixed({&big, &small}, dense, mem, 30e9, 1, a);
  CHECK(r.fits);
  CHECK(r.fractions[0] == Approx(2.0 / 3));
  CHECK(r.card_bytes[0] == Approx(20e9));
  CHECK(r.card_bytes[1] == Approx(10e9));
  // 20e9 ÷ 1,000 GB/s + 4 ms = 24 ms; 10e9 ÷ 500 GB/s + 4 ms = 24 ms; 1 ÷ 0.048 s.
  REQUIRE(r.tokens_per_s);
  CHECK(*r.tokens_per_s == Approx(1 / 0.048));
  // 40 GB is more than 36 GiB (38.65 GB).
  mem.total_bytes = 40e9;
  CHECK_FALSE(AnswerOnMixed({&big, &small}, dense, mem, 40e9, 1, a).fits);
}

TEST_CASE("Placement: offload moves the fewest layers and reads both sides", "[calc][placement]") {
  Assumptions a;
  a.gpu_ram_headroom_fraction = 0;
  a.cuda_context_gb = 0;
  a.decode_dense.slope = a.decode_moe.slope = 1;
  a.decode_dense.fixed_seconds = 0.004;
  a.decode_moe.fixed_seconds = 0;
  Gpu card = k3080Ti;
  card.memory_gb = 12;  // 12 GiB = 12.88 GB
  card.bandwidth_gbs = 1000;

  SECTION("layers") {
    LlmModel m;
    m.layers = 10;
    MemoryBreakdown mem;
    mem.total_bytes = 30e9;  // 3 GB a layer
    // 30 − 12.88 = 17.12 GB too many: ceil(17.12 ÷ 3) = 6 layers, 18 GB in RAM, 12 GB on the card.
    const OffloadAnswer r =
        AnswerWithOffload(card, 1, m, mem, 30e9, 1, Offload::kLayers, 100, Precision::kBf16, a);
    CHECK(r.fits);
    CHECK(r.layers_on_cpu == 6);
    CHECK(r.ram_bytes == Approx(18e9));
    CHECK(r.gpu_bytes == Approx(12e9));
    CHECK(r.step_ram_bytes == Approx(18e9));
    CHECK(r.step_gpu_bytes == Approx(12e9));
    // 12e9 ÷ 1,000 GB/s + 18e9 ÷ 100 GB/s + 4 ms = 12 + 180 + 4 = 196 ms.
    REQUIRE(r.tokens_per_s);
    CHECK(*r.tokens_per_s == Approx(1 / 0.196));
    // Two cards hold 25.77 GB: ceil(4.23 ÷ 3) = 2 layers.
    CHECK(AnswerWithOffload(card, 2, m, mem, 30e9, 1, Offload::kLayers, 100, Precision::kBf16, a)
              .layers_on_cpu == 2);
    // Without offload, or when it already fits, nothing moves.
    CHECK_FALSE(
        AnswerWithOffload(card, 1, m, mem, 30e9, 1, Offload::kNone, 100, Precision::kBf16, a).fits);
    mem.total_bytes = 10e9;
    const OffloadAnswer fits =
        AnswerWithOffload(card, 1, m, mem, 10e9, 1, Offload::kLayers, 100, Precision::kBf16, a);
    CHECK(fits.layers_on_cpu == 0);
    CHECK(*fits.tokens_per_s == Approx(1 / (0.01 + 0.004)));
  }

  SECTION("experts") {
    LlmModel m;
    m.layers = 2;
    m.experts = MoeExperts{8, 2};
    m.hidden_size = 1000;
    m.intermediate_size = 1000;
    m.params_b = 0.06;  // 60 M; routed experts 2 × 8 × 3 × 1,000 × 1,000 = 48 M
    MemoryBreakdown mem;
    mem.total_bytes = 120e6;  // BF16
    Gpu tiny = card;
    tiny.memory_gb = 0.05;  // 53.69 MB
    tiny.bandwidth_gbs = 100;
    // Experts 96 MB, 48 MB a layer; 120 − 53.69 = 66.3 MB too many: both layers' experts.
    const OffloadAnswer r =
        AnswerWithOffload(tiny, 1, m, mem, 60e6, 1, Offload::kExperts, 10, Precision::kBf16, a);
    CHECK(r.fits);
    CHECK(r.layers_on_cpu == 2);
    CHECK(r.ram_bytes == Approx(96e6));
    // A step reads 2 of 8 experts: 48 MB × 2 ÷ 8 = 12 MB a layer, 24 MB from RAM, 36 MB
    // from the card: 36e6 ÷ 100 GB/s + 24e6 ÷ 10 GB/s = 0.36 + 2.4 ms.
    CHECK(r.step_ram_bytes == Approx(24e6));
    REQUIRE(r.tokens_per_s);
    CHECK(*r.tokens_per_s == Approx(1 / 0.00276));
    // A dense model has no experts to move.
    LlmModel dense = m;
    dense.experts.reset();
    CHECK_FALSE(
        AnswerWithOffload(tiny, 1, dense, mem, 60e6, 1, Offload::kExperts, 10, Precision::kBf16, a)
            .fits);
  }
  CHECK(ParseOffload("experts") == Offload::kExperts);
  CHECK_FALSE(ParseOffload("cpu"));
}

}  // namespace
}  // namespace gg::calc
