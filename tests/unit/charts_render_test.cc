// Rendering as a whole: accessibility markup, one SVG for both schemes, PNG, determinism across
// renders and threads, and golden SVGs for small fixed specs.
//
// Golden files live in tests/golden/charts/NAME.svg and are compared byte for byte. They
// depend on the installed fonts and on Pango/HarfBuzz versions (pinned by the image), which
// measure the text the SVG places.
// Regenerate with:  UPDATE_GOLDEN=1 ./unit_tests '[golden]'   and review the diff.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include "charts/charts.h"
#include "charts/drawing_memo.h"

#ifndef GG_TESTS_DIR
#error "GG_TESTS_DIR must name the tests/ directory"
#endif

namespace gg::charts {
namespace {

GroupedBarsSpec SmallBars() {
  GroupedBarsSpec s;
  s.title = "Relative performance";
  s.description = "RTX 4090 against RTX 3090 (= 1).";
  s.categories = {"RTX 4090", "RTX 3090"};
  s.series = {"Inference", "Training"};
  s.values = {{{1.9}, {1.6, true}}, {{1}, {1}}};
  s.baseline_category = 1;
  s.estimated_label = "estimated";
  return s;
}

ScatterSpec SmallScatter() {
  ScatterSpec s;
  s.title = "Price and performance";
  s.description = "Four GPUs.";
  s.points = {{300, 0.5, "RTX 3060", true},
              {750, 1.0, "RTX 3090 (used)", true},
              {1100, 1.0, "RTX 3090", false},
              {1800, 1.9, "RTX 4090", true}};
  s.frontier_label = "Best for the price";
  s.x_axis_title = "USD";
  return s;
}

FitMatrixSpec SmallMatrix() {
  FitMatrixSpec s;
  s.title = "Fits?";
  s.rows = {"8B · 16-bit", "70B · 4-bit"};
  s.columns = {"RTX 4090", "A100 80GB"};
  s.cells = {{{Fit::kOneCard, 1, ""}, {Fit::kOneCard, 1, ""}},
             {{Fit::kMultiCard, 2, ""}, {Fit::kNoFit, 0, ""}}};
  s.one_card_label = "one card";
  s.multi_card_label = "several";
  s.no_fit_label = "no";
  return s;
}

FlowchartSpec SmallTree() {
  FlowchartSpec s;
  s.title = "Which GPU?";
  s.description = "Two answers.";
  s.nodes = {{"q", "Train models?", NodeKind::kQuestion, ""},
             {"a", "RTX 4090", NodeKind::kAnswer, "#gpu-rtx-4090"},
             {"b", "RTX 4060 Ti", NodeKind::kAnswer, "#gpu-rtx-4060-ti"}};
  s.edges = {{"q", "a", "yes"}, {"q", "b", "no"}};
  s.embed_links = true;
  return s;
}

StackedBarsSpec SmallStack() {
  StackedBarsSpec s;
  s.title = "Memory";
  s.segment_names = {"Weights", "KV cache"};
  s.bars = {{"4-bit", {4.5, 1}}, {"16-bit", {16, 1}}};
  s.references = {{12, "12 GB"}, {24, "24 GB"}};
  return s;
}

DateLinesSpec SmallLines() {
  DateLinesSpec s;
  s.title = "Price";
  s.series = {{"New", {{"2024-01-10", 1600}, {"2024-06-10", 1500}}},
              {"Used", {{"2024-01-10", 800}, {"2024-06-10", 700}}}};
  return s;
}

CumulativeCostSpec SmallCost() {
  CumulativeCostSpec s;
  s.title = "Own or rent";
  s.own = {"Own", 2000, 1};
  s.cloud = {"Cloud", 0, 5};
  s.days = 730;
  s.break_even_label = [](double, double) { return std::string("Break-even"); };
  return s;
}

// Every kind, rendered with one style: the SVG and the PNG.
std::vector<RenderedChart> RenderAll(const Style& style) {
  return {Render(SmallBars(), style), Render(SmallScatter(), style), Render(SmallMatrix(), style),
          Render(SmallTree(), style), Render(SmallStack(), style),   Render(SmallLines(), style),
          Render(SmallCost(), style)};
}

std::string Num(double v) {
  return std::to_string(static_cast<int>(v));
}

size_t Count(const std::string& text, const std::string& needle) {
  size_t n = 0;
  for (size_t p = 0; (p = text.find(needle, p)) != std::string::npos; p += needle.size()) ++n;
  return n;
}

TEST_CASE("Every chart is one accessible SVG 1.1 for both colour schemes", "[charts][render]") {
  Style style;
  style.width = 480;
  std::vector<RenderedChart> all = RenderAll(style);
  for (size_t i = 0; i < all.size(); ++i) {
    INFO("chart " << i);
    const RenderedChart& r = all[i];
    const std::string& svg = r.svg;
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(svg.find("version=\"1.1\"") != std::string::npos);
    CHECK(svg.find("width=\"" + std::to_string(static_cast<int>(r.width)) + "px\"") !=
          std::string::npos);
    CHECK(Count(svg, "<title id=\"") == 1);
    CHECK(Count(svg, "aria-labelledby=\"") == 1);
    CHECK((svg.find("role=\"img\"") != std::string::npos ||
           svg.find("role=\"group\"") != std::string::npos));
    CHECK(svg.size() > 1000);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    // Text is text, in a font stack that covers CJK; no glyph outlines.
    CHECK(Count(svg, "<text ") > 2);
    CHECK(svg.find("<symbol") == std::string::npos);
    CHECK(svg.find("<use") == std::string::npos);
    CHECK(svg.find("\"Noto Sans CJK SC\"") != std::string::npos);
    // One opaque card whose colour is a class: white, near-black (#16191e) in the dark scheme.
    CHECK(svg.find("<rect x=\"0\" y=\"0\" width=\"" + Num(r.width) + "\" height=\"" +
                   Num(r.height) + "\" class=\"fb\"/>") != std::string::npos);
    CHECK(svg.find(".fb{fill:#ffffff}") != std::string::npos);
    CHECK(svg.find("@media (prefers-color-scheme:dark){") != std::string::npos);
    CHECK(svg.find(".fb{fill:#16191e}") > svg.find("@media (prefers-color-scheme:dark){"));
    REQUIRE(r.png.size() > 100);
    CHECK(r.png.substr(0, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    // The link-preview PNG, from the IHDR chunk: png_width wide, the chart's height at that
    // scale but at most png_max_height (a taller chart is cut to its top).
    auto be32 = [&](size_t at) {
      return (static_cast<unsigned>(static_cast<unsigned char>(r.png[at])) << 24) |
             (static_cast<unsigned>(static_cast<unsigned char>(r.png[at + 1])) << 16) |
             (static_cast<unsigned>(static_cast<unsigned char>(r.png[at + 2])) << 8) |
             static_cast<unsigned>(static_cast<unsigned char>(r.png[at + 3]));
    };
    const double scale = style.png_width / r.width;
    CHECK(be32(16) == static_cast<unsigned>(style.png_width));
    CHECK(be32(20) ==
          static_cast<unsigned>(std::min(std::ceil(scale * r.height), style.png_max_height)));
  }
}

TEST_CASE("Empty and degenerate specs still render a valid chart", "[charts][render]") {
  Style style;
  std::vector<RenderedChart> out;
  out.push_back(Render(GroupedBarsSpec{}, style));
  out.push_back(Render(ScatterSpec{}, style));
  out.push_back(Render(FitMatrixSpec{}, style));
  out.push_back(Render(FlowchartSpec{}, style));
  out.push_back(Render(StackedBarsSpec{}, style));
  out.push_back(Render(DateLinesSpec{}, style));
  out.push_back(Render(CumulativeCostSpec{}, style));
  GroupedBarsSpec zeros = SmallBars();
  zeros.values = {{{0}, {std::nan("")}}, {{-1}, {INFINITY}}};
  out.push_back(Render(zeros, style));
  ScatterSpec one = SmallScatter();
  one.points.resize(1);
  one.log_x = true;
  out.push_back(Render(one, style));
  CumulativeCostSpec nan = SmallCost();
  nan.own.start = std::nan("");
  nan.days = -5;
  out.push_back(Render(nan, style));
  DateLinesSpec single = SmallLines();
  single.series.resize(1);
  single.series[0].points.resize(1);
  out.push_back(Render(single, style));
  for (size_t i = 0; i < out.size(); ++i) {
    INFO("chart " << i);
    CHECK(out[i].width >= Style::kMinWidth);
    CHECK(out[i].height > 0);
    CHECK(out[i].svg.find("</svg>") != std::string::npos);
    CHECK(out[i].svg.find("nan") == std::string::npos);
    CHECK(out[i].svg.find("inf") == std::string::npos);
    CHECK(out[i].png.size() > 100);
  }
}

TEST_CASE("Titles are escaped, ids are unique per chart", "[charts][render]") {
  GroupedBarsSpec s = SmallBars();
  s.title = "Perf <per> \"dollar\" & more";
  Rendered<GroupedBarsLayout> r = Render(s, Style{});
  CHECK(r.svg.find(">Perf &lt;per&gt; &quot;dollar&quot; &amp; more</title>") != std::string::npos);
  Rendered<GroupedBarsLayout> other = Render(SmallBars(), Style{});
  auto prefix = [](const std::string& svg) {
    size_t p = svg.find("<title id=\"") + 11;
    return svg.substr(p, svg.find('-', p) - p);
  };
  CHECK(prefix(r.svg) != prefix(other.svg));
  Style fixed;
  fixed.id_prefix = "perf";
  CHECK(Render(SmallBars(), fixed).svg.find("<title id=\"perf-title\">") != std::string::npos);
  CHECK(Count(Render(SmallBars(), fixed).svg, " id=\"") == 2);  // title and desc only
}

TEST_CASE("Outputs can be turned off", "[charts][render]") {
  Style style;
  style.render_png = false;
  Rendered<ScatterLayout> r = Render(SmallScatter(), style);
  CHECK(!r.svg.empty());
  CHECK(r.png.empty());
}

TEST_CASE("A drawing memo gives the bytes a new painting gives, and is used", "[charts][render]") {
  Style plain;
  std::vector<RenderedChart> painted = RenderAll(plain);
  DrawingMemo memo;
  Style memoized = plain;
  memoized.memo = &memo;
  std::vector<RenderedChart> first = RenderAll(memoized);   // fills the memo
  std::vector<RenderedChart> second = RenderAll(memoized);  // found in it
  REQUIRE(first.size() == painted.size());
  REQUIRE(second.size() == painted.size());
  for (size_t i = 0; i < painted.size(); ++i) {
    INFO("chart " << i);
    CHECK(first[i].svg == painted[i].svg);
    CHECK(second[i].svg == painted[i].svg);
    CHECK(second[i].png == painted[i].png);
  }
  // Used: the first pass painted and kept each chart, the second found every one.
  CHECK(memo.Size() == static_cast<int>(painted.size()));
  CHECK(memo.Found() == static_cast<int>(painted.size()));
}

TEST_CASE("Rendering is byte-identical across renders and threads", "[charts][render]") {
  Style style;
  std::vector<RenderedChart> first = RenderAll(style);
  std::vector<RenderedChart> second = RenderAll(style);
  REQUIRE(first.size() == second.size());
  for (size_t i = 0; i < first.size(); ++i) {
    INFO("chart " << i);
    CHECK(first[i].svg == second[i].svg);
    CHECK(first[i].png == second[i].png);
  }
  std::vector<std::vector<RenderedChart>> results(4);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < results.size(); ++t) {
    threads.emplace_back([&results, t, style] {
      for (int round = 0; round < 2; ++round) results[t] = RenderAll(style);
    });
  }
  for (std::thread& t : threads) t.join();
  for (size_t t = 0; t < results.size(); ++t) {
    for (size_t i = 0; i < first.size(); ++i) {
      INFO("thread " << t << " chart " << i);
      CHECK(results[t][i].svg == first[i].svg);
      CHECK(results[t][i].png == first[i].png);
    }
  }
}

void CheckGolden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(GG_TESTS_DIR) + "/golden/charts/" + name + ".svg";
  const char* update = std::getenv("UPDATE_GOLDEN");
  if (update && std::string(update) == "1") {
    std::ofstream out(path, std::ios::binary);
    out << actual;
    REQUIRE(out.good());
    WARN("updated " << path);
    return;
  }
  std::ifstream in(path, std::ios::binary);
  INFO("golden file " << path << " (UPDATE_GOLDEN=1 regenerates it)");
  REQUIRE(in.good());
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string expected = buf.str();
  if (expected != actual) {
    size_t at = 0;
    while (at < expected.size() && at < actual.size() && expected[at] == actual[at]) ++at;
    FAIL_CHECK("differs from byte " << at << ": expected \"" << expected.substr(at, 80)
                                    << "\", got \"" << actual.substr(at, 80) << "\"");
  }
}

TEST_CASE("Golden SVGs", "[charts][golden]") {
  Style style;
  style.width = 400;
  style.show_title = false;  // one font size less: smaller files
  style.render_png = false;
  CheckGolden("grouped_bars", Render(SmallBars(), style).svg);
  CheckGolden("scatter", Render(SmallScatter(), style).svg);
  CheckGolden("fit_matrix", Render(SmallMatrix(), style).svg);
  CheckGolden("flowchart", Render(SmallTree(), style).svg);
}

}  // namespace
}  // namespace gg::charts
