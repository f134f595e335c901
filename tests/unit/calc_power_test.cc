#include <catch2/catch.hpp>

#include "calc/power.h"
#include "calc/recommend.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

Machine Desktop() {
  Machine m;
  m.id = "desktop";
  m.circuits = {{"North America", 120, 15, 1, 0.8}, {"Europe", 230, 16, 1, 0.8}};
  m.psu_sizes_w = {750, 850, 1000, 1200, 1600};
  m.psu_load_fraction = 0.8;
  m.psu_efficiency = 0.9;
  m.psu_connectors = {{"12V-2x6", 1}, {"8-pin", 6}};
  m.expansion_slots = 7;
  m.max_gpus = 2;
  m.form_factors = {"pcie"};
  m.host_w = 250;
  return m;
}

Machine Workstation() {
  Machine m = Desktop();
  m.id = "workstation";
  m.circuits = {{"North America", 120, 20, 1, 0.8}, {"Europe", 230, 16, 1, 0.8}};
  m.psu_sizes_w = {1000, 1300, 1600, 2200};
  m.psu_efficiency = 0.92;
  m.psu_connectors = {{"12V-2x6", 2}, {"8-pin", 8}, {"8-pin EPS", 0}};
  m.expansion_slots = 8;
  m.max_gpus = 4;
  m.host_w = 450;
  return m;
}

Machine Server() {
  Machine m;
  m.id = "server";
  m.circuits = {{"data centre", 415, 32, 3, 0.8}};
  m.psu_sizes_w = {6600, 13200, 16500};
  m.psu_load_fraction = 1;
  m.psu_efficiency = 0.94;
  m.expansion_slots = 20;
  m.max_gpus = 8;
  m.form_factors = {"pcie", "sxm", "oam"};
  m.host_w = 4600;
  return m;
}

Gpu Card(double tdp_w, double slots, std::vector<std::string> connectors,
         const std::string& form = "pcie") {
  Gpu g;
  g.id = "card";
  g.tdp_w = tdp_w;
  g.slots = slots;
  g.power_connectors = std::move(connectors);
  g.form_factor = form;
  return g;
}

TEST_CASE("Power: circuits carry volts × amps × phases × continuous fraction", "[calc][power]") {
  CHECK(CircuitContinuousW({"NA", 120, 15, 1, 0.8}) == Approx(1440));  // NEC 80 %
  CHECK(CircuitContinuousW({"NA", 120, 20, 1, 0.8}) == Approx(1920));
  CHECK(CircuitContinuousW({"EU", 230, 16, 1, 0.8}) == Approx(2944));
  CHECK(CircuitContinuousW({"EU", 230, 16, 1, 1}) == Approx(3680));
  CHECK(CircuitContinuousW({"DC", 415, 32, 3, 0.8}) == Approx(18401.3).epsilon(1e-5));  // √3
  CHECK(MachineWallLimitW(Desktop()) == Approx(1440));  // the lower of 1,440 and 2,944
  CHECK(MachineWallLimitW(Machine{}) == 0);
}

TEST_CASE("Power: slots by card width, adapter cables by board power", "[calc][power]") {
  struct Case {
    double width;
    int gpus;
  };
  const Case ws[] = {{1, 4}, {2, 4}, {2.5, 2}, {3, 2}, {4, 2}, {0, 4}};  // 8 slots, 4 GPUs
  for (const Case& c : ws) {
    INFO("width " << c.width);
    CHECK(MaxGpusBySlots(Workstation(), c.width) == c.gpus);
  }
  CHECK(MaxGpusBySlots(Desktop(), 3) == 2);  // 7 ÷ 3 = 2
  // (board power − 75 W) ÷ 150 W per 8-pin, rounded up, at least 1.
  const std::pair<double, int> cables[] = {{575, 4}, {450, 3}, {320, 2},
                                           {225, 1}, {200, 1}, {75, 1}};
  for (const auto& [w, n] : cables) {
    INFO(w << " W");
    CHECK(EightPinCablesFor(Card(w, 2, {})) == n);
  }
}

TEST_CASE("Power: a build's watts, its PSU and the first limit it exceeds", "[calc][power]") {
  struct Case {
    const char* what;
    Machine machine;
    Gpu gpu;
    int gpus;
    double system_w, psu_needed_w, wall_w;
    double psu_w;  // 0: none on offer
    BuildLimit limit;
  };
  Machine big_psu = Desktop();
  big_psu.psu_sizes_w.push_back(2000);
  const Case cases[] = {
      // 4 × 575 + 450 = 2,750 W; ÷ 0.8 = 3,437.5 W > 2,200 W.
      {"four RTX 5090 in a workstation", Workstation(), Card(575, 2, {"12V-2x6"}), 4, 2750, 3437.5,
       2750 / 0.92, 0, BuildLimit::kPsu},
      // 4 × 300 + 450 = 1,650 W; ÷ 0.8 = 2,062.5 → 2,200; wall 1,793 W ≤ 1,920 W; four EPS
      // sockets without EPS cables take 8 × 8-pin, which the PSU has.
      {"four RTX A6000 in a workstation", Workstation(), Card(300, 2, {"8-pin EPS"}), 4, 1650,
       2062.5, 1650 / 0.92, 2200, BuildLimit::kFits},
      // Triple-width: 8 ÷ 3 = 2 cards.
      {"four triple-width cards", Workstation(), Card(350, 3, {"12-pin"}), 4, 1850, 2312.5,
       1850 / 0.92, 0, BuildLimit::kSlots},
      // 2 × 450 + 250 = 1,150 W; ÷ 0.8 = 1,437.5 → 1,600; wall 1,278 W ≤ 1,440 W; one native
      // 16-pin plus 3 × 8-pin through the adapter (6 on offer).
      {"two RTX 4090 in a desktop", Desktop(), Card(450, 2, {"12VHPWR"}), 2, 1150, 1437.5,
       1150 / 0.9, 1600, BuildLimit::kFits},
      // 2 × 575 + 250 = 1,400 W; ÷ 0.8 = 1,750 W > 1,600 W.
      {"two RTX 5090 in a desktop", Desktop(), Card(575, 2, {"12V-2x6"}), 2, 1400, 1750, 1400 / 0.9,
       0, BuildLimit::kPsu},
      // Same with a 2,000 W PSU: the wall draw, 1,556 W, exceeds 1,440 W.
      {"two RTX 5090, 2 kW PSU", big_psu, Card(575, 2, {"12V-2x6"}), 2, 1400, 1750, 1400 / 0.9,
       2000, BuildLimit::kCircuit},
      // 2 × 300 + 250 = 850 W → 1,200 W PSU; 2 × 4 8-pin = 8 > 6.
      {"too many 8-pin sockets", Desktop(), Card(300, 2, {"8-pin", "8-pin", "8-pin", "8-pin"}), 2,
       850, 1062.5, 850 / 0.9, 1200, BuildLimit::kConnectors},
      {"an SXM module in a desktop", Desktop(), Card(700, 0, {}, "sxm"), 1, 950, 1187.5, 950 / 0.9,
       1200, BuildLimit::kFormFactor},
      // 8 × 1,000 + 4,600 = 12,600 W at load fraction 1 → 13,200 W; wall 13,404 W ≤ 18,401 W.
      {"eight B200 in a server", Server(), Card(1000, 0, {}, "sxm"), 8, 12600, 12600, 12600 / 0.94,
       13200, BuildLimit::kFits},
      {"nine modules in a server", Server(), Card(1000, 0, {}, "sxm"), 9, 13600, 13600,
       13600 / 0.94, 16500, BuildLimit::kSlots},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const Build b = CheckBuild(c.gpu, c.gpus, c.machine);
    CHECK(b.gpus == c.gpus);
    CHECK(b.system_w == Approx(c.system_w));
    CHECK(b.psu_needed_w == Approx(c.psu_needed_w));
    CHECK(b.wall_w == Approx(c.wall_w));
    CHECK(b.psu_w.value_or(0) == c.psu_w);
    CHECK(BuildLimitId(b.limit) == std::string(BuildLimitId(c.limit)));
  }
}

TEST_CASE("Recommend: a build its machine cannot hold is not made", "[calc][recommend][power]") {
  Dataset data;
  WorkloadPerformance wp;
  wp.workload = Workload::kTraining16;
  struct Row {
    const char* id;
    double perf, usd, tdp, slots;
    const char* connector;
  };
  const Row rows[] = {{"r5090", 1.5, 2000, 575, 2, "12V-2x6"},
                      {"r4090", 1.0, 1800, 450, 3, "12VHPWR"},
                      {"a6000", 0.7, 2500, 300, 2, "8-pin EPS"},
                      {"a5000", 0.5, 1500, 230, 2, "8-pin"}};
  for (const Row& r : rows) {
    Gpu g = calc_test::MakeGpu(r.id, Segment::kConsumer, 24, 1000, 1, "ada", 1, {}, r.tdp);
    g.slots = r.slots;
    g.form_factor = "pcie";
    g.power_connectors = std::vector<std::string>{r.connector};
    data.gpus.push_back(g);
    wp.values[r.id] = PerfValue{r.perf, PerfSource::kMeasured, 1, ""};
    data.prices.push_back(calc_test::MakePrice(r.id, "2026-11-01", Condition::kNew, r.usd));
  }
  data.machines.push_back(Workstation());
  PerformanceTable perf;
  perf.baseline = "r4090";
  perf.workloads.push_back(wp);
  const CurrentPrices prices = ComputeCurrentPrices(data.prices, 30, 0);
  Constraints k{Workload::kTraining16, CostBasis::kNone, 24, std::nullopt, {}, {}, 4, {}, "", 1};
  k.machine = "workstation";
  const Recommendation r = Recommend(data, perf, prices, calc_test::TestAssumptions(), k);
  // Up to four cards for training: as many as the machine holds. Four 5090s need a
  // 3,437.5 W PSU and three 2,718.75 W (over the 2,200 W on offer): two are bought (1,600 W
  // → 2,000 W → 2,200 W). Triple-width 4090s stop at two (slots); A6000 and A5000 fit four.
  REQUIRE(r.picks.size() == 4);
  CHECK(r.excluded.empty());
  // Speed alone, the build's: 2 × 1.5, 4 × 0.7, then 2.0 each (by id).
  const char* order[] = {"r5090", "a6000", "a5000", "r4090"};
  const int counts[] = {2, 4, 4, 2};
  for (size_t i = 0; i < 4; ++i) {
    INFO(i);
    CHECK(r.picks[i].gpu == order[i]);
    CHECK(r.picks[i].count == counts[i]);
    REQUIRE(r.picks[i].build);
    CHECK(r.picks[i].build->limit == BuildLimit::kFits);
  }
  CHECK(r.picks[0].reason == Reason::kSpeed);
  CHECK(r.picks[0].build->system_w == Approx(1600));
  CHECK(r.picks[0].build->psu_w.value_or(0) == 2200);
  CHECK(r.picks[1].build->system_w == Approx(1650));
  CHECK(r.picks[3].build->max_gpus == 2);
  // One card more than fits, asked for exactly (up to 3 of the 5090 alone): two.
  Constraints only = k;
  only.segments = {Segment::kConsumer};
  only.count = 3;
  const Recommendation r1 = Recommend(data, perf, prices, calc_test::TestAssumptions(), only);
  REQUIRE_FALSE(r1.picks.empty());
  CHECK(r1.picks[0].gpu == "r5090");
  CHECK(r1.picks[0].count == 2);
  // Spread over two machines, two 5090s per workstation fit: 1,600 W → 2,000 W needed → 2,200.
  k.machines = 2;
  const Recommendation r2 = Recommend(data, perf, prices, calc_test::TestAssumptions(), k);
  REQUIRE(!r2.picks.empty());
  CHECK(r2.picks[0].gpu == "r5090");
  CHECK(r2.picks[0].build->gpus == 2);
  CHECK(r2.picks[0].build->psu_w.value_or(0) == 2200);
  // Without a machine nothing is checked and no build is computed.
  k.machine.clear();
  const Recommendation r3 = Recommend(data, perf, prices, calc_test::TestAssumptions(), k);
  CHECK(r3.picks.size() == 4);
  CHECK(!r3.picks[0].build);
}

}  // namespace
}  // namespace gg::calc
