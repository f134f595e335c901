#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "calc/ranking.h"
#include "calc_fixture.h"

namespace gg::calc {
namespace {

using Catch::Detail::Approx;

bool Dominates(const ParetoPoint& q, const ParetoPoint& p) {
  return q.cost <= p.cost && q.perf >= p.perf && (q.cost < p.cost || q.perf > p.perf);
}

TEST_CASE("Pareto frontier of (cost, performance)", "[calc][ranking]") {
  struct Case {
    const char* what;
    std::vector<ParetoPoint> points;
    std::vector<std::string> frontier;
  };
  const Case cases[] = {
      {"empty", {}, {}},
      {"a staircase", {{"a", 100, 1}, {"b", 200, 2}, {"c", 300, 3}}, {"a", "b", "c"}},
      {"dearer and slower is dominated",
       {{"a", 100, 1}, {"b", 200, 0.5}, {"c", 300, 3}},
       {"a", "c"}},
      {"same cost, slower is dominated", {{"a", 100, 1}, {"b", 100, 2}}, {"b"}},
      {"same perf, dearer is dominated", {{"a", 100, 2}, {"b", 150, 2}}, {"a"}},
      {"identical points both kept, by id", {{"b", 100, 1}, {"a", 100, 1}}, {"a", "b"}},
      {"NaN left out", {{"a", 100, 1}, {"n", std::nan(""), 9}}, {"a"}},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    CHECK(ParetoFrontier(c.points) == c.frontier);
  }
}

TEST_CASE("Pareto frontier: no point on it is dominated, every point off it is",
          "[calc][ranking]") {
  std::mt19937 rng(42);  // fixed seed: the same points every run
  std::uniform_int_distribution<int> cost(1, 40), perf(1, 40);
  for (int round = 0; round < 50; ++round) {
    std::vector<ParetoPoint> points;
    for (int i = 0; i < 30; ++i)
      points.push_back({"p" + std::to_string(i), 100.0 * cost(rng), 0.1 * perf(rng)});
    const auto frontier = ParetoFrontier(points);
    const std::set<std::string> on(frontier.begin(), frontier.end());
    REQUIRE_FALSE(on.empty());
    for (const ParetoPoint& p : points) {
      const bool dominated = std::any_of(points.begin(), points.end(),
                                         [&](const ParetoPoint& q) { return Dominates(q, p); });
      CHECK(dominated != (on.count(p.id) > 0));
    }
  }
}

TEST_CASE("Rank by performance and by performance per dollar", "[calc][ranking]") {
  const Dataset d = calc_test::TestDataset();
  const Assumptions a = calc_test::TestAssumptions();
  const PerformanceTable perf = ComputePerformance(d, a);
  const CurrentPrices prices = ComputeCurrentPrices(d.prices, a.price_window_days, 0);

  RankOptions by_speed;
  by_speed.workload = Workload::kTraining16;
  by_speed.basis = CostBasis::kNone;
  auto speed = Rank(d, perf, prices, a, by_speed);
  REQUIRE(speed.size() == d.gpus.size());
  CHECK(speed.front().gpu == "h100-sxm");
  for (size_t i = 0; i < speed.size(); ++i) {
    CHECK(speed[i].rank == static_cast<int>(i) + 1);
    CHECK_FALSE(speed[i].cost);
    CHECK_FALSE(speed[i].pareto);
    if (i > 0) CHECK(speed[i - 1].perf.relative >= speed[i].perf.relative);
  }

  for (CostBasis basis : {CostBasis::kGpu, CostBasis::kOwnership}) {
    INFO(CostBasisId(basis));
    RankOptions o;
    o.workload = Workload::kTraining16;
    o.basis = basis;
    auto value = Rank(d, perf, prices, a, o);
    REQUIRE(value.size() == d.gpus.size());  // every fixture GPU has a price
    std::vector<ParetoPoint> points;
    for (size_t i = 0; i < value.size(); ++i) {
      const RankEntry& e = value[i];
      REQUIRE(e.cost);
      REQUIRE(e.perf_per_kusd);
      CHECK(*e.perf_per_kusd == Approx(e.perf.relative / e.cost->usd * 1000));
      if (i > 0) CHECK(*value[i - 1].perf_per_kusd >= *e.perf_per_kusd);
      points.push_back({e.gpu, e.cost->usd, e.perf.relative});
    }
    const auto frontier = ParetoFrontier(points);
    for (const RankEntry& e : value)
      CHECK(e.pareto == (std::find(frontier.begin(), frontier.end(), e.gpu) != frontier.end()));
    // The fastest card is always on the frontier; so is the best value.
    auto fastest = std::max_element(value.begin(), value.end(), [](auto& x, auto& y) {
      return x.perf.relative < y.perf.relative;
    });
    CHECK(fastest->pareto);
  }

  // Card price: a used RTX 2080 Ti (0.62 × V100 = 0.62 × 0.58 × 1.81 / 1.70 = 0.383 of a
  // 4090 for 300 $: 1.28 per 1,000 $) is the best value, ahead of the used RTX 3080
  // (1.04) and V100 (1.03); small or old cards win perf per dollar (guide-facts.md §3).
  RankOptions card;
  card.workload = Workload::kTraining16;
  auto by_card = Rank(d, perf, prices, a, card);
  CHECK(by_card.front().gpu == "rtx-2080-ti");
  CHECK(by_card.front().perf.relative == Approx(0.62 * 0.58 * 1.81 / 1.70));
  CHECK(*by_card.front().perf_per_kusd == Approx(0.62 * 0.58 * 1.81 / 1.70 / 300 * 1000));
  CHECK(by_card.front().cost->price.condition == Condition::kUsed);
  CHECK(by_card[1].gpu == "rtx-3080");
  CHECK(by_card[2].gpu == "v100");

  // Filters: new cards only drop used-only GPUs; segments filter.
  card.conditions = {Condition::kNew};
  card.segments = {Segment::kConsumer};
  for (const RankEntry& e : Rank(d, perf, prices, a, card)) {
    CHECK(d.FindGpu(e.gpu)->segment == Segment::kConsumer);
    CHECK(e.cost->price.condition == Condition::kNew);
    CHECK(e.gpu != "rtx-3090");
  }
}

TEST_CASE("Rank ties break by id", "[calc][ranking]") {
  Dataset d;
  for (const char* id : {"b", "a", "c"})
    d.gpus.push_back(calc_test::MakeGpu(id, Segment::kConsumer, 24, 1000, 1, "ada", 1, {}, 300));
  d.prices = {calc_test::MakePrice("a", "2026-01-01", Condition::kNew, 100),
              calc_test::MakePrice("b", "2026-01-01", Condition::kNew, 100),
              calc_test::MakePrice("c", "2026-01-01", Condition::kNew, 100)};
  Assumptions a = calc_test::TestAssumptions();
  a.baseline_gpu = "a";
  const PerformanceTable perf = ComputePerformance(d, a);  // all 1.0 by bandwidth
  RankOptions o;
  o.workload = Workload::kInference16;
  auto r = Rank(d, perf, ComputeCurrentPrices(d.prices, 30, 0), a, o);
  REQUIRE(r.size() == 3);
  CHECK(r[0].gpu == "a");
  CHECK(r[1].gpu == "b");
  CHECK(r[2].gpu == "c");
}

}  // namespace
}  // namespace gg::calc
