// Feature gates, "up to N" counts and the reason that decided (calc/recommend.h, calc/gates.h),
// on a hand-made market: each case names the constraints, the pick with its count, and the
// reason with the card it is about.
#include <catch2/catch.hpp>

#include "calc/gates.h"
#include "calc/recommend.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeGpu;
using calc_test::MakePrice;

struct Market {
  Dataset data;
  PerformanceTable perf;
  CurrentPrices prices;
  Assumptions assumptions = calc_test::TestAssumptions();
};

FeatureGate Gate(const std::string& id, std::vector<Workload> w, int min_per_machine,
                 const std::string& field, std::vector<std::string> allowed) {
  FeatureGate g;
  g.id = id;
  g.workloads = std::move(w);
  g.min_gpus_per_machine = min_per_machine;
  g.field = field;
  g.allowed = std::move(allowed);
  return g;
}

// Speeds in both workloads, new prices in USD.
Market MakeMarket() {
  Market m;
  const auto C = Segment::kConsumer, W = Segment::kWorkstation;
  struct Row {
    const char* id;
    Segment segment;
    const char* tensor_cores;
    const char* cooling;
    double memory_gb, perf, usd;
  };
  const Row rows[] = {
      {"turing24", C, "turing", "open_air", 24, 0.8, 400},    // best value, no BF16
      {"openair24", C, "ampere", "open_air", 24, 1.0, 1000},  // fast, open-air
      {"blower24", W, "ampere", "blower", 24, 0.7, 1000},     // blower
      {"big96", W, "blackwell", "blower", 96, 1.2, 4000},     // one card holds 64 GB
      {"amd24", C, "rdna3", "open_air", 24, 1.1, 800},        // no CUDA
  };
  for (Workload w : {Workload::kTraining16, Workload::kInference8}) {
    WorkloadPerformance wp;
    wp.workload = w;
    for (const Row& r : rows) wp.values[r.id] = PerfValue{r.perf, PerfSource::kMeasured, 1, ""};
    m.perf.workloads.push_back(wp);
  }
  for (const Row& r : rows) {
    Gpu g = MakeGpu(r.id, r.segment, r.memory_gb, 1000, 1, r.tensor_cores, 1, {}, 300);
    g.cooling = r.cooling;
    if (std::string(r.id) == "amd24") g.vendor = "amd";
    m.data.gpus.push_back(g);
    m.data.prices.push_back(MakePrice(r.id, "2026-11-01", Condition::kNew, r.usd));
  }
  const auto T = Workload::kTraining16;
  m.data.gates = {Gate("cuda", {T}, 1, "vendor", {"nvidia"}),
                  Gate("bf16", {T}, 1, "tensor_cores", {"ampere", "blackwell", "rdna3"}),
                  Gate("cooling", {}, 3, "cooling", {"blower", "passive"}),
                  Gate("rack_cooling", {}, 1, "cooling", {"blower", "passive"})};
  m.data.gates.back().machines = {"rack"};
  m.perf.baseline = "openair24";
  m.prices = ComputeCurrentPrices(m.data.prices, 30, 0);
  return m;
}

Constraints K(Workload w, int count, double total_gb = 0, const std::string& machine = "") {
  Constraints k;
  k.machine = machine;
  k.workload = w;
  k.cost = CostBasis::kGpu;
  k.min_memory_gb = 24;
  k.count = count;
  k.min_total_memory_gb = total_gb;
  return k;
}

TEST_CASE("Recommend: gates, counts up to N and the reason that decided",
          "[calc][recommend][gates]") {
  const Market m = MakeMarket();
  const auto T = Workload::kTraining16, I = Workload::kInference8;
  struct Case {
    const char* what;
    Constraints k;
    const char* pick;
    int count;
    Reason reason;
    const char* gate;
    const char* about;
  };
  const Case cases[] = {
      // turing24 (2.0 per k$) and amd24 (1.375) would rank above openair24 (1.0), each
      // failing one gate; the better-ranked of them is named.
      {"one card for training: BF16 and CUDA gates", K(T, 1), "openair24", 1, Reason::kGate, "bf16",
       "turing24"},
      // Four open-air cards in one box fail the cooling gate, three too: two are bought.
      {"up to four for training: open-air cards stop at two", K(T, 4), "openair24", 2,
       Reason::kGate, "bf16", "turing24"},
      // Inference: no training gate; turing24 is the best value, one card; openair24 is the
      // slowest of the faster cards.
      {"one card for inference", K(I, 1), "turing24", 1, Reason::kValue, "", "openair24"},
      // 64 GB in all, up to two cards: two 24 GB cards do not hold it, one 96 GB card does.
      {"64 GB in all from up to two cards", K(I, 2, 64), "big96", 1, Reason::kMemory, "",
       "turing24"},
      // In a rack server even one open-air card is out: the blower card is picked, and the
      // best-value card it passed over is named with the rack gate.
      {"one card for inference in a rack server", K(I, 1, 0, "rack"), "blower24", 1, Reason::kGate,
       "rack_cooling", "turing24"},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const Recommendation r = Recommend(m.data, m.perf, m.prices, m.assumptions, c.k);
    REQUIRE_FALSE(r.picks.empty());
    CHECK(r.picks[0].gpu == c.pick);
    CHECK(r.picks[0].count == c.count);
    CHECK(ReasonId(r.picks[0].reason) == std::string(ReasonId(c.reason)));
    CHECK(r.picks[0].gate == c.gate);
    CHECK(r.picks[0].next_faster == c.about);
    for (size_t i = 1; i < r.picks.size(); ++i) CHECK(r.picks[i].reason == Reason::kRunnerUp);
  }
}

TEST_CASE("Recommend: every failed check of an excluded card, in order",
          "[calc][recommend][gates]") {
  const Market m = MakeMarket();
  Constraints k = K(Workload::kTraining16, 4);
  k.max_budget_usd = 2000;
  const Recommendation r = Recommend(m.data, m.perf, m.prices, m.assumptions, k);
  const Exclusion* amd = nullptr;
  for (const Exclusion& e : r.excluded)
    if (e.gpu == "amd24") amd = &e;
  REQUIRE(amd != nullptr);
  // Reported at its natural count for training (four): CUDA, cooling, then the budget.
  CHECK(amd->count == 4);
  REQUIRE(amd->failures.size() == 3);
  CHECK(amd->failures[0] == Failure{Reason::kGate, "cuda"});
  CHECK(amd->failures[1] == Failure{Reason::kGate, "cooling"});
  CHECK(amd->failures[2] == Failure{Reason::kBudget, ""});
  CHECK(amd->reason == Reason::kGate);
  CHECK(amd->gate == "cuda");
}

TEST_CASE("Gates: which apply, which pass", "[calc][gates]") {
  const FeatureGate cooling = Gate("cooling", {}, 3, "cooling", {"blower", "passive"});
  CHECK_FALSE(GateApplies(cooling, Workload::kInference8, 2));
  CHECK(GateApplies(cooling, Workload::kInference8, 3));
  // A gate limited to some machines applies in those only, from the first card, and not to a
  // build that names no machine.
  FeatureGate rack = Gate("rack_cooling", {}, 1, "cooling", {"blower", "passive"});
  rack.machines = {"server-pcie-4"};
  CHECK(GateApplies(rack, Workload::kInference8, 1, "server-pcie-4"));
  CHECK_FALSE(GateApplies(rack, Workload::kInference8, 2, "desktop"));
  CHECK_FALSE(GateApplies(rack, Workload::kInference8, 2));
  const FeatureGate bf16 = Gate("bf16", {Workload::kTraining16}, 1, "tensor_cores", {"ampere"});
  CHECK(GateApplies(bf16, Workload::kTraining16, 1));
  CHECK_FALSE(GateApplies(bf16, Workload::kInference16, 8));
  Gpu g;
  g.tensor_cores = "ampere";
  CHECK(PassesGate(bf16, g));
  CHECK_FALSE(PassesGate(cooling, g));  // cooling not recorded: never passes
  g.cooling = "blower";
  CHECK(PassesGate(cooling, g));
  CHECK(FailedGates({bf16, cooling}, g, Workload::kTraining16, 4).empty());
  g.tensor_cores = "turing";
  REQUIRE(FailedGates({bf16, cooling}, g, Workload::kTraining16, 4).size() == 1);
}

// A gate limited to a task (image and video generation) applies to the personas and queries of
// that task only, whatever their workload; a gate with no task applies to every task.
TEST_CASE("Gates: a task-limited gate applies to its task only", "[calc][gates]") {
  FeatureGate media = Gate("bf16_media", {}, 1, "tensor_cores", {"ampere", "ada"});
  media.tasks = {"media"};
  const FeatureGate bf16 = Gate("bf16", {Workload::kTraining16}, 1, "tensor_cores", {"ampere"});
  struct Case {
    const FeatureGate* gate;
    Workload workload;
    const char* task;
    bool applies;
  };
  const Case cases[] = {
      {&media, Workload::kInference16, "media", true},
      {&media, Workload::kInference16, "", false},  // an LLM profile on the same workload
      {&media, Workload::kTraining16, "media", true},
      {&media, Workload::kInference8, "", false},
      {&bf16, Workload::kTraining16, "media", true},  // no task: every task
      {&bf16, Workload::kTraining16, "", true},
      {&bf16, Workload::kInference16, "media", false},
  };
  for (const Case& c : cases) {
    INFO(c.gate->id << " " << static_cast<int>(c.workload) << " '" << c.task << "'");
    CHECK(GateApplies(*c.gate, c.workload, 1, "", c.task) == c.applies);
  }
  Gpu turing;
  turing.tensor_cores = "turing";
  CHECK(FailedGates({media}, turing, Workload::kInference16, 1, "", "media").size() == 1);
  CHECK(FailedGates({media}, turing, Workload::kInference16, 1).empty());
}

}  // namespace
}  // namespace gg::calc
