#include <catch2/catch.hpp>

#include "calc/recommend.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using calc_test::MakeGpu;
using calc_test::MakePrice;
using Catch::Detail::Approx;

constexpr Workload kW = Workload::kInference16;

// A hand-made market: performance given directly (not computed), prices in USD.
struct Market {
  Dataset data;
  PerformanceTable perf;
  CurrentPrices prices;
  Assumptions assumptions = calc_test::TestAssumptions();
};

Market MakeMarket() {
  Market m;
  const auto C = Segment::kConsumer;
  struct Row {
    const char* id;
    Segment segment;
    double memory_gb, perf, new_usd, used_usd;  // 0 = no price
  };
  const Row rows[] = {
      {"h", Segment::kDatacenter, 80, 3.0, 25000, 0},
      {"r5090", C, 32, 1.5, 2600, 0},
      {"r4090", C, 24, 1.0, 1800, 1500},
      {"noprice", C, 24, 0.9, 0, 0},
      {"usedonly", C, 24, 0.7, 0, 700},
      {"r3090", C, 24, 0.6, 0, 800},
      {"r4070", C, 12, 0.45, 750, 0},
      {"r3060", C, 12, 0.22, 0, 200},
  };
  WorkloadPerformance wp;
  wp.workload = kW;
  for (const Row& r : rows) {
    m.data.gpus.push_back(MakeGpu(r.id, r.segment, r.memory_gb, 1000, 1, "ada", 1, {}, 300));
    wp.values[r.id] = PerfValue{r.perf, PerfSource::kMeasured, 1, ""};
    if (r.new_usd > 0)
      m.data.prices.push_back(MakePrice(r.id, "2026-11-01", Condition::kNew, r.new_usd));
    if (r.used_usd > 0)
      m.data.prices.push_back(MakePrice(r.id, "2026-11-01", Condition::kUsed, r.used_usd));
  }
  m.perf.baseline = "r4090";
  m.perf.workloads.push_back(wp);
  m.prices = ComputeCurrentPrices(m.data.prices, 30, 0);
  return m;
}

struct Expected {
  const char* gpu;
  Reason reason;
  const char* next_faster;
};

TEST_CASE("Recommend: picks by value, each with its binding reason", "[calc][recommend]") {
  const Market m = MakeMarket();
  const auto N = Condition::kNew;
  struct Case {
    const char* what;
    Constraints k;
    std::vector<Expected> picks;
    Expected fastest;
  };
  // Rank 1 names the excluded card that would have ranked above it (priced, with a better
  // value; by speed alone, faster): a card failing a single check first, then one the
  // profile wants (memory, segment, vendor), then the better value. Without one, the slowest
  // faster pick (kValue). The picks below it are runners-up.
  const Case cases[] = {
      {"24 GB consumer card under 2,000 $, new or used",
       {kW, CostBasis::kGpu, 24, 2000, {}, {Segment::kConsumer}, 1, {}, "", 1},
       {{"usedonly", Reason::kMemory, "r3060"},  // 1.0 per k$; the 12 GB r3060 gives 1.1
        {"r3090", Reason::kRunnerUp, ""},        // 0.75
        {"r4090", Reason::kRunnerUp, ""}},       // used at 1,500: 0.667; a 5090 costs 2,600
       {"r4090", Reason::kRunnerUp, ""}},
      {"same, new cards only",
       {kW, CostBasis::kGpu, 24, 2000, {N}, {Segment::kConsumer}, 1, {}, "", 1},
       // 0.556; the r4070 (0.6, 12 GB) and the r5090 (0.577, over budget) would rank above:
       // the r5090 is a card the profile wants
       {{"r4090", Reason::kBudget, "r5090"}},
       {"r4090", Reason::kBudget, "r5090"}},
      {"no budget, new: the 5090 leads, the 12 GB r4070 would give more per dollar",
       {kW, CostBasis::kGpu, 24, std::nullopt, {N}, {Segment::kConsumer}, 1, {}, "", 1},
       {{"r5090", Reason::kMemory, "r4070"}, {"r4090", Reason::kRunnerUp, ""}},
       {"r5090", Reason::kMemory, "r4070"}},
      {"every segment, no budget, no memory floor",
       {kW, CostBasis::kGpu, 0, std::nullopt, {}, {}, 1, {}, "", 1},
       {{"r3060", Reason::kValue, "r4070"},   // 1.1 per k$; r4070 is faster at 0.6
        {"usedonly", Reason::kRunnerUp, ""},  // 1.0
        {"r3090", Reason::kRunnerUp, ""},     // 0.75
        {"r4090", Reason::kRunnerUp, ""},     // 0.667
        {"r4070", Reason::kRunnerUp, ""},     // 0.6
        {"r5090", Reason::kRunnerUp, ""},     // 0.577
        {"h", Reason::kRunnerUp, ""}},        // 0.12
       {"h", Reason::kRunnerUp, ""}},
      {"speed alone, no budget: price not needed",
       {kW, CostBasis::kNone, 24, std::nullopt, {}, {Segment::kConsumer}, 1, {}, "", 1},
       {{"r5090", Reason::kSegment, "h"},
        {"r4090", Reason::kRunnerUp, ""},
        {"noprice", Reason::kRunnerUp, ""},
        {"usedonly", Reason::kRunnerUp, ""},
        {"r3090", Reason::kRunnerUp, ""}},
       {"r5090", Reason::kSegment, "h"}},
      {"up to two cards for inference without a total: one card is bought, within 2,000 $",
       {kW, CostBasis::kGpu, 12, 2000, {}, {Segment::kConsumer}, 2, {}, "", 1},
       {{"r3060", Reason::kValue, "r4070"},   // 0.22 / 200; an unpriced card ranks nowhere
        {"usedonly", Reason::kRunnerUp, ""},  // 0.7 / 700
        {"r3090", Reason::kRunnerUp, ""},     // 0.6 / 800
        {"r4090", Reason::kRunnerUp, ""},     // 1.0 / 1,500
        {"r4070", Reason::kRunnerUp, ""}},    // 0.45 / 750; a 5090 costs 2,600
       {"r4090", Reason::kRunnerUp, ""}},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    Recommendation r = Recommend(m.data, m.perf, m.prices, m.assumptions, c.k);
    REQUIRE(r.picks.size() == c.picks.size());
    for (size_t i = 0; i < c.picks.size(); ++i) {
      INFO("pick " << i + 1);
      CHECK(r.picks[i].rank == static_cast<int>(i) + 1);
      CHECK(r.picks[i].gpu == c.picks[i].gpu);
      CHECK(ReasonId(r.picks[i].reason) == std::string(ReasonId(c.picks[i].reason)));
      CHECK(r.picks[i].next_faster == c.picks[i].next_faster);
      CHECK(r.picks[i].count == 1);
    }
    REQUIRE(r.fastest);
    CHECK(r.fastest->gpu == c.fastest.gpu);
    CHECK(r.fastest->reason == c.fastest.reason);
    CHECK(r.fastest->next_faster == c.fastest.next_faster);
    // Every GPU is either picked or excluded.
    CHECK(r.picks.size() + r.excluded.size() == m.data.gpus.size());
  }
}

TEST_CASE("Recommend: exclusions and their order", "[calc][recommend]") {
  const Market m = MakeMarket();
  Constraints k{kW, CostBasis::kGpu, 24, 2000, {Condition::kNew}, {Segment::kConsumer}, 1, {}, "",
                1};
  Recommendation r = Recommend(m.data, m.perf, m.prices, m.assumptions, k);
  struct Ex {
    const char* gpu;
    Reason reason;
  };
  const Ex expected[] = {{"h", Reason::kSegment},       {"r5090", Reason::kBudget},
                         {"noprice", Reason::kNoPrice}, {"usedonly", Reason::kCondition},
                         {"r3090", Reason::kCondition}, {"r4070", Reason::kMemory},
                         {"r3060", Reason::kMemory}};
  REQUIRE(r.excluded.size() == std::size(expected));
  for (size_t i = 0; i < r.excluded.size(); ++i) {
    INFO(i);
    CHECK(r.excluded[i].gpu == expected[i].gpu);
    CHECK(r.excluded[i].reason == expected[i].reason);
  }
}

TEST_CASE("Recommend: ownership basis and the N-th pick", "[calc][recommend]") {
  const Market m = MakeMarket();
  Constraints k{kW, CostBasis::kOwnership, 24, std::nullopt, {}, {Segment::kConsumer}, 1, {}, "",
                1};
  Recommendation r = Recommend(m.data, m.perf, m.prices, m.assumptions, k);
  REQUIRE_FALSE(r.picks.empty());
  for (const Pick& p : r.picks) {
    REQUIRE(p.cost);
    const Gpu& g = *m.data.FindGpu(p.gpu);
    CHECK(p.cost->usd == Approx(CostOfOwnership(g, p.cost->price.usd, 1, m.assumptions).total_usd));
    CHECK(*p.perf_per_kusd == Approx(p.perf.relative / p.cost->usd * 1000));
  }
  // With the desktop (1,500 $) and five years of power included, cheap cards lose their
  // edge: the 5090 (1.5 / 4,415 $) beats the used 4090 (1.0 / 3,315 $) and usedonly.
  CHECK(r.picks.front().gpu == "r5090");
  CHECK(r.picks.front().cost->usd == Approx(2600 + 1500 + 5 * 400 * 0.15 * 8.76 * 0.12));
  CHECK(NthPick(r, 1)->gpu == r.picks[0].gpu);
  CHECK(NthPick(r, 2)->gpu == r.picks[1].gpu);
  CHECK_FALSE(NthPick(r, 0));
  CHECK_FALSE(NthPick(r, static_cast<int>(r.picks.size()) + 1));
}

TEST_CASE("Constraints from personas and flowchart queries", "[calc][recommend]") {
  Persona p;
  p.workload = Workload::kTraining16;
  p.cost = "ownership";
  p.min_memory_gb = 24;
  p.max_budget_usd = 3000;
  p.conditions = {Condition::kUsed};
  p.segments = {Segment::kConsumer};
  p.count = 4;
  Constraints k = ConstraintsFromPersona(p);
  CHECK(k.workload == Workload::kTraining16);
  CHECK(k.cost == CostBasis::kOwnership);
  CHECK(k.min_memory_gb == 24);
  CHECK(k.max_budget_usd == 3000);
  CHECK(k.conditions == std::vector<Condition>{Condition::kUsed});
  CHECK(k.count == 4);
  p.cost = "whatever";
  CHECK(ConstraintsFromPersona(p).cost == CostBasis::kGpu);
  FlowQuery q;
  q.cost = "gpu";
  q.min_memory_gb = 12;
  CHECK(ConstraintsFromQuery(q).cost == CostBasis::kGpu);
  CHECK(ConstraintsFromQuery(q).min_memory_gb == 12);
}

}  // namespace
}  // namespace gg::calc

TEST_CASE("a vendor constraint excludes other vendors and says so", "[calc][recommend]") {
  gg::Dataset d;
  for (auto [id, vendor, bw] :
       {std::tuple{"nv", "nvidia", 1000.0}, std::tuple{"amd", "amd", 2000.0}}) {
    gg::Gpu g;
    g.id = id;
    g.vendor = vendor;
    g.memory_gb = 24;
    g.bandwidth_gbs = bw;
    d.gpus.push_back(g);
  }
  gg::calc::PerformanceTable perf;
  perf.baseline = "nv";
  gg::calc::WorkloadPerformance wp;
  wp.workload = gg::Workload::kTraining16;
  wp.values["nv"] = {1.0, gg::calc::PerfSource::kMeasured, 0, ""};
  wp.values["amd"] = {1.5, gg::calc::PerfSource::kEstimated, 0, "bandwidth"};
  perf.workloads = {wp};
  gg::calc::Constraints any{
      gg::Workload::kTraining16, gg::calc::CostBasis::kNone, 0, std::nullopt, {}, {}, 1, {}, "", 1};
  gg::calc::Constraints cuda = any;
  cuda.vendors = {"nvidia"};
  gg::calc::Assumptions a;
  auto r_any = Recommend(d, perf, {}, a, any);
  auto r_cuda = Recommend(d, perf, {}, a, cuda);
  REQUIRE(r_any.picks.size() == 2);
  CHECK(r_any.picks[0].gpu == "amd");
  REQUIRE(r_cuda.picks.size() == 1);
  CHECK(r_cuda.picks[0].gpu == "nv");
  CHECK(ReasonId(r_cuda.picks[0].reason) == std::string("vendor"));
  CHECK(r_cuda.picks[0].next_faster == "amd");
}
