// Price/performance scatter with the Pareto frontier.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "charts/scatter.h"

namespace gg::charts {
namespace {

ScatterSpec GpuSpec(bool log_x) {
  ScatterSpec s;
  s.title = "Performance per price";
  s.log_x = log_x;
  struct P {
    const char* name;
    double price, perf;
    bool frontier;
  };
  const P points[] = {
      {"Tesla P40 (used)", 200, 0.25, true},   {"RTX 3060 12GB", 290, 0.45, true},
      {"RTX 2080 Ti (used)", 300, 0.5, true},  {"RTX 3080 10GB (used)", 420, 0.7, true},
      {"RTX 4060 Ti 16GB", 450, 0.6, false},   {"RTX 4070 Super", 600, 0.75, false},
      {"RTX 3090 (used)", 750, 1.0, true},     {"RTX 4070 Ti Super", 800, 0.95, false},
      {"RTX 4080 Super", 1000, 1.3, true},     {"RTX 3090", 1100, 1.0, false},
      {"RTX 4090", 1800, 1.9, true},           {"RTX A6000", 4500, 1.1, false},
      {"RTX 6000 Ada", 6800, 2.0, true},       {"L40S", 8000, 1.9, false},
      {"A100 80GB", 15000, 2.3, true},         {"H100 PCIe", 28000, 3.4, true},
      {"RTX 4080", 1050, 1.25, false},         {"RTX 4070", 550, 0.7, false},
      {"RTX 3080 Ti (used)", 600, 0.8, false}, {"RX 7900 XTX", 950, 0.9, false},
  };
  for (const P& p : points) s.points.push_back({p.price, p.perf, p.name, p.frontier});
  s.frontier_label = "Best performance for the price";
  s.point_label = "Other GPUs";
  s.x_axis_title = "Price (USD)";
  s.y_axis_title = "Relative performance";
  return s;
}

TEST_CASE("Scatter: drawn frontier points are not dominated", "[charts][scatter]") {
  for (bool log_x : {false, true}) {
    ScatterSpec spec = GpuSpec(log_x);
    ScatterLayout L = Layout(spec, Style{});
    REQUIRE(L.frontier.size() >= 5);
    for (int f : L.frontier) {
      for (size_t j = 0; j < spec.points.size(); ++j) {
        INFO(spec.points[f].label << " vs " << spec.points[j].label);
        CHECK_FALSE(Dominates(spec.points[j], spec.points[f]));
      }
    }
    // The frontier rises left to right, as a step line through its points.
    for (size_t k = 1; k < L.frontier.size(); ++k) {
      CHECK(spec.points[L.frontier[k]].x > spec.points[L.frontier[k - 1]].x);
      CHECK(spec.points[L.frontier[k]].y > spec.points[L.frontier[k - 1]].y);
    }
    CHECK(L.frontier_path.size() == 2 * L.frontier.size() - 1);
    CHECK(L.rejected_frontier.empty());
  }
}

TEST_CASE("Scatter: a dominated point flagged on_frontier is rejected", "[charts][scatter]") {
  ScatterSpec spec = GpuSpec(false);
  spec.points[4].on_frontier = true;  // RTX 4060 Ti 16GB (450, 0.6) < RTX 3080 (420, 0.7)
  ScatterLayout L = Layout(spec, Style{});
  CHECK(L.rejected_frontier == std::vector<int>{4});
  CHECK(std::find(L.frontier.begin(), L.frontier.end(), 4) == L.frontier.end());
}

TEST_CASE("Scatter: points map to the axes monotonically", "[charts][scatter]") {
  for (bool log_x : {false, true}) {
    ScatterSpec spec = GpuSpec(log_x);
    ScatterLayout L = Layout(spec, Style{});
    for (size_t i = 0; i < spec.points.size(); ++i) {
      CHECK(L.plot.Inflated(0.5).Contains(L.points[i]));
      for (size_t j = 0; j < spec.points.size(); ++j) {
        if (spec.points[i].x < spec.points[j].x) CHECK(L.points[i].x < L.points[j].x);
        if (spec.points[i].y < spec.points[j].y) CHECK(L.points[i].y > L.points[j].y);
      }
    }
  }
}

TEST_CASE("Scatter: labels overlap neither each other nor any marker", "[charts][scatter]") {
  for (double width : {360.0, 760.0}) {
    for (bool log_x : {false, true}) {
      INFO("width " << width << " log " << log_x);
      Style style;
      style.width = width;
      ScatterSpec spec = GpuSpec(log_x);
      ScatterLayout L = Layout(spec, style);
      CHECK(L.labels.size() + L.dropped_labels.size() == spec.points.size());
      CHECK(L.labels.size() >= spec.points.size() / 2);
      for (size_t a = 0; a < L.labels.size(); ++a) {
        CHECK(L.plot.Contains(L.labels[a].text.box));
        for (size_t b = a + 1; b < L.labels.size(); ++b) {
          CHECK_FALSE(L.labels[a].text.box.Intersects(L.labels[b].text.box));
        }
        for (const Rect& marker : L.markers) CHECK_FALSE(marker.Intersects(L.labels[a].text.box));
      }
    }
  }
}

TEST_CASE("Scatter: non-finite points and x <= 0 on a log axis are skipped", "[charts][scatter]") {
  ScatterSpec spec = GpuSpec(true);
  spec.points.push_back({0, 1, "free?", false});
  spec.points.push_back({std::nan(""), 1, "nan", false});
  ScatterLayout L = Layout(spec, Style{});
  CHECK_FALSE(L.drawn[spec.points.size() - 1]);
  CHECK_FALSE(L.drawn[spec.points.size() - 2]);
  CHECK(L.drawn[0]);
}

}  // namespace
}  // namespace gg::charts
