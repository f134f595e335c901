// Shared layout helpers (charts/frame.h, charts/draw.h): label placement, 1-D declutter,
// hatching, and text measurement in Latin, French and Chinese.
#include <catch2/catch.hpp>

#include "charts/draw.h"
#include "charts/frame.h"

namespace gg::charts::internal {
namespace {

bool AnyOverlap(const std::vector<Rect>& boxes) {
  for (size_t i = 0; i < boxes.size(); ++i) {
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      if (boxes[i].Intersects(boxes[j])) return true;
    }
  }
  return false;
}

TEST_CASE("Rect intersection ignores touching edges", "[charts][frame]") {
  Rect a{0, 0, 10, 10};
  CHECK(a.Intersects({5, 5, 10, 10}));
  CHECK_FALSE(a.Intersects({10, 0, 5, 5}));
  CHECK(a.Intersects({10, 0, 5, 5}, 1));
  CHECK(a.Contains(Rect{1, 1, 2, 2}));
  CHECK_FALSE(a.Contains(Rect{9, 9, 2, 2}));
}

TEST_CASE("PlaceLabels never overlaps labels, obstacles or bounds", "[charts][frame]") {
  // A dense cluster: 30 points within 60 px, with wide labels.
  std::vector<LabelRequest> requests;
  std::vector<Rect> obstacles;
  for (int i = 0; i < 30; ++i) {
    Point p{200.0 + (i * 37) % 60, 150.0 + (i * 23) % 60};
    requests.push_back({p, 60, 14, 4});
    obstacles.push_back(Rect{p.x, p.y, 0, 0}.Inflated(5));
  }
  Rect bounds{0, 0, 500, 320};
  std::vector<LabelPlacement> out = PlaceLabels(requests, obstacles, bounds);
  REQUIRE(out.size() == requests.size());
  std::vector<Rect> all = obstacles;
  int placed = 0;
  for (const LabelPlacement& p : out) {
    if (!p.placed) continue;
    ++placed;
    CHECK(bounds.Contains(p.box));
    for (const Rect& o : obstacles) CHECK_FALSE(o.Intersects(p.box));
    all.push_back(p.box);
  }
  CHECK(placed > 15);
  std::vector<Rect> labels(all.begin() + static_cast<long>(obstacles.size()), all.end());
  CHECK_FALSE(AnyOverlap(labels));
}

TEST_CASE("PlaceLabels prefers the spot right of the point", "[charts][frame]") {
  std::vector<LabelPlacement> out = PlaceLabels({{{100, 100}, 40, 10, 4}}, {}, {0, 0, 300, 300}, 3);
  REQUIRE(out[0].placed);
  CHECK_FALSE(out[0].leader);
  CHECK(out[0].box.x == Approx(107));
  CHECK(out[0].box.CenterY() == Approx(100));
}

TEST_CASE("Declutter1D spreads intervals and keeps them in range", "[charts][frame]") {
  const struct {
    std::vector<double> wish, size;
    double lo, hi;
    std::vector<double> want;
  } cases[] = {
      {{10, 50}, {10, 10}, 0, 100, {10, 50}},              // apart already: unchanged
      {{10, 12}, {10, 10}, 0, 100, {10, 21}},              // pushed down (gap 1)
      {{85, 88, 90}, {10, 10, 10}, 0, 100, {68, 79, 90}},  // pushed back up from hi (gap 1)
      {{-5}, {10}, 0, 100, {0}},                           // clamped to lo
  };
  for (const auto& c : cases) {
    std::vector<double> got = Declutter1D(c.wish, c.size, c.lo, c.hi, 1);
    REQUIRE(got.size() == c.want.size());
    for (size_t i = 0; i < got.size(); ++i) CHECK(got[i] == Approx(c.want[i]));
  }
}

TEST_CASE("HatchSegments stay inside the rectangle on a shared grid", "[charts][frame]") {
  Rect r{3, 7, 40, 12};
  auto segs = HatchSegments(r, 5);
  REQUIRE(segs.size() > 5);
  for (const auto& [a, b] : segs) {
    CHECK(r.Inflated(1e-9).Contains(a));
    CHECK(r.Inflated(1e-9).Contains(b));
    CHECK(std::fmod(a.x + a.y, 5.0) == Approx(0).margin(1e-9));  // x + y = k·spacing
  }
  CHECK(HatchSegments({0, 0, 0, 10}, 5).empty());
}

TEST_CASE("Text in English, French and Chinese shapes to real glyphs", "[charts][text]") {
  TextMeasurer m(Style{});
  const char* texts[] = {"Relative performance",
                         "Performances relatives",
                         "1 234,5 €",
                         "1\u202f234,5\u00a0€",
                         "相对性能",
                         "每千美元性能",
                         "RTX 4090 · 24 GB"};
  for (const char* t : texts) {
    INFO(t);
    TextMetrics tm = m.Measure({t, {12, false}});
    CHECK(tm.glyphs > 0);
    CHECK(tm.width > 0);
    CHECK(tm.height >= 12);
    CHECK(tm.lines == 1);
  }
  // No missing-glyph boxes: every CJK character maps to a glyph.
  CHECK(m.Measure({"每千美元性能", {12, false}}).glyphs == 6);
}

TEST_CASE("Long text is ellipsised or wrapped to the width asked", "[charts][text]") {
  TextMeasurer m(Style{});
  TextSpec one{"RTX 4070 Ti Super 16 GB Founders Edition", {12, false}, Align::kLeft, 80, 1};
  TextMetrics tm = m.Measure(one);
  CHECK(tm.ellipsized);
  CHECK(tm.width <= 80);
  TextSpec wrap{
      "Do you want to train models, or only run them?", {12, false}, Align::kCenter, 100, 0};
  TextMetrics wm = m.Measure(wrap);
  CHECK(wm.lines >= 3);
  CHECK(wm.width <= 100);
  TextSpec zh{"您想训练模型还是只运行模型？", {12, false}, Align::kCenter, 60, 0};
  CHECK(m.Measure(zh).lines >= 2);
}

TEST_CASE("Style minimums are enforced", "[charts][text]") {
  Style s;
  s.width = 200;
  s.font_px = 8;
  s.title_px = 6;
  Style n = Normalized(s);
  CHECK(n.width == Style::kMinWidth);
  CHECK(n.font_px == Style::kMinFontPx);
  CHECK(n.title_px >= n.font_px);
}

}  // namespace
}  // namespace gg::charts::internal
