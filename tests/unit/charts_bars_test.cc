// Grouped bars (relative performance) and stacked bars (memory breakdown): geometry checks on
// the returned layout, not on pixels.
#include <catch2/catch.hpp>

#include <cmath>

#include "charts/grouped_bars.h"
#include "charts/stacked_bars.h"

namespace gg::charts {
namespace {

GroupedBarsSpec PerfSpec() {
  GroupedBarsSpec s;
  s.title = "Relative performance";
  s.description = "Three workloads for four GPUs, RTX 3090 = 1.";
  s.categories = {"RTX 4090", "RTX 3090", "RTX 4070 Ti Super 16 GB Founders Edition", "A100 80GB"};
  s.series = {"8-bit inference", "16-bit inference", "16-bit training"};
  s.values = {{{1.9}, {1.7}, {1.6}},
              {{1}, {1}, {1}},
              {{0.8, true}, {std::nan(""), false}, {0.7}},
              {{2.2}, {2.0}, {2.3, true}}};
  s.baseline_category = 1;
  s.estimated_label = "estimated";
  s.value_axis_title = "×";
  return s;
}

bool AnyOverlap(const std::vector<Rect>& boxes) {
  for (size_t i = 0; i < boxes.size(); ++i) {
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[i].Intersects(boxes[j])) return true;
    }
  }
  return false;
}

TEST_CASE("Grouped bars: length is proportional to value", "[charts][bars]") {
  for (double width : {360.0, 760.0, 1200.0}) {
    INFO("width " << width);
    Style style;
    style.width = width;
    GroupedBarsLayout L = Layout(PerfSpec(), style);
    REQUIRE(L.bars.size() == 12);
    REQUIRE(L.px_per_unit > 0);
    for (const auto& bar : L.bars) {
      INFO("bar " << bar.category << "/" << bar.series);
      CHECK(bar.rect.x == Approx(L.plot.x));
      CHECK(bar.rect.w == Approx(bar.value * L.px_per_unit));
      CHECK(bar.rect.Right() <= L.plot.Right() + 1e-6);
      CHECK(bar.label.box.Right() <= width);  // value labels stay inside the chart
      CHECK(bar.label.box.x >= bar.rect.Right());
    }
    // The longest bar plus its label uses the plot without overflowing.
    CHECK(L.bars[11].rect.w > 0.5 * L.plot.w);
  }
}

TEST_CASE("Grouped bars: order, flags, missing values, labels", "[charts][bars]") {
  GroupedBarsLayout L = Layout(PerfSpec(), Style{});
  // Categories top to bottom in the given order; series in order within a group.
  for (size_t i = 1; i < L.bars.size(); ++i) CHECK(L.bars[i].rect.y > L.bars[i - 1].rect.y);
  const auto& est = L.bars[6];
  CHECK(est.estimated);
  CHECK(est.label.text == "≈ 0.8");
  const auto& missing = L.bars[7];
  CHECK(missing.missing);
  CHECK(missing.rect.w == 0);
  CHECK(missing.label.text == "—");
  CHECK(L.category_labels[2].ellipsized);  // the long name is cut, not overflowing
  CHECK(L.category_labels[2].box.Right() <= L.plot.x);
  std::vector<Rect> boxes;
  for (const auto& t : L.category_labels) boxes.push_back(t.box);
  for (const auto& b : L.bars) boxes.push_back(b.label.box);
  CHECK_FALSE(AnyOverlap(boxes));
  // Legend: three series + "estimated".
  REQUIRE(L.legend.size() == 4);
  CHECK(L.legend[3].text == "estimated");
}

TEST_CASE("Grouped bars: formatter is used for ticks and values", "[charts][bars]") {
  GroupedBarsSpec s = PerfSpec();
  s.format = [](double v) {
    std::string t = DefaultNumberFormat(v);
    for (char& c : t) {
      if (c == '.') c = ',';
    }
    return t + " ×";
  };
  GroupedBarsLayout L = Layout(s, Style{});
  CHECK(L.bars[0].label.text == "1,9 ×");
  CHECK(L.bars[6].label.text == "≈ 0,8 ×");
}

TEST_CASE("Grouped bars: 48 bars render in a single column", "[charts][bars]") {
  GroupedBarsSpec s;
  s.title = "Perf per dollar";
  s.series = {"a", "b", "c"};
  for (int i = 0; i < 16; ++i) {
    s.categories.push_back("GPU " + std::to_string(i));
    s.values.push_back({{1.0 + i}, {0.5 + i, i % 3 == 0}, {2.0 + i / 2.0}});
  }
  Rendered<GroupedBarsLayout> r = Render(s, Style{});
  CHECK(r.layout.bars.size() == 48);
  CHECK(r.height > 48 * 12);
  CHECK(r.svg.size() > 1000);
  CHECK(r.png.substr(1, 3) == "PNG");
}

StackedBarsSpec MemorySpec() {
  StackedBarsSpec s;
  s.title = "Memory for Llama 3 8B";
  s.segment_names = {"Weights", "KV cache", "Activations", "Gradients", "Optimizer", "Overhead"};
  s.bars = {{"Inference 4-bit", {4.5, 1.0, 0.5, 0, 0, 0.8}},
            {"Inference 16-bit", {16, 1.0, 0.5, 0, 0, 0.8}},
            {"LoRA 16-bit", {16, 0, 6, 0.3, 0.6, 1.2}},
            {"Full fine-tuning (AdamW)", {16, 0, 8, 16, 64, 2}}};
  s.references = {{24, "RTX 4090 · 24 GB"},
                  {16, "RTX 4060 Ti · 16 GB"},
                  {12, "RTX 3060 · 12 GB"},
                  {80, "A100 · 80 GB"},
                  {20, "RTX 4000 Ada · 20 GB"}};
  s.value_axis_title = "GB";
  return s;
}

TEST_CASE("Stacked bars: segments stack proportionally from the axis", "[charts][bars]") {
  StackedBarsSpec spec = MemorySpec();
  StackedBarsLayout L = Layout(spec, Style{});
  REQUIRE(L.px_per_unit > 0);
  double base = 0;
  int bar = -1;
  for (const auto& seg : L.segments) {
    if (seg.bar != bar) bar = seg.bar, base = L.plot.Bottom();
    CHECK(seg.rect.h == Approx(seg.value * L.px_per_unit));
    CHECK(seg.rect.Bottom() == Approx(base));
    CHECK(seg.value == spec.bars[seg.bar].segments[seg.segment]);
    base = seg.rect.y;
  }
  CHECK(L.segments.size() == 4 + 4 + 5 + 5);  // zero segments are absent
  REQUIRE(L.totals.size() == 4);
  CHECK(L.totals[3].text == "106");
}

TEST_CASE("Stacked bars: reference lines sit at their value, labels never overlap",
          "[charts][bars]") {
  for (double width : {360.0, 760.0}) {
    INFO("width " << width);
    Style style;
    style.width = width;
    StackedBarsLayout L = Layout(MemorySpec(), style);
    REQUIRE(L.references.size() == 5);
    std::vector<Rect> boxes;
    for (const auto& r : L.references) {
      CHECK(r.y == Approx(L.plot.Bottom() - r.value * L.px_per_unit).margin(0.5));
      CHECK(r.label.box.x >= L.plot.Right());  // in the gutter, clear of the bars
      CHECK(r.label.box.Right() <= width);
      boxes.push_back(r.label.box);
    }
    CHECK_FALSE(AnyOverlap(boxes));
    // Top-down order: highest capacity first.
    for (size_t i = 1; i < L.references.size(); ++i) {
      CHECK(L.references[i].value < L.references[i - 1].value);
    }
  }
}

}  // namespace
}  // namespace gg::charts
