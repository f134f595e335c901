// Chart text: GPU names shortened by rule for the fit matrix's columns, and the SVG's text
// elements (what Pango laid out, line by line, ellipsis included, and its font stack).
#include <catch2/catch.hpp>

#include "charts/svg_writer.h"
#include "directives/chart_helpers.h"

namespace gg {
namespace {

TEST_CASE("ShortGpuName drops maker words, parentheses and memory sizes", "[charts][labels]") {
  const struct {
    const char* name;
    const char* want;
  } cases[] = {
      {"GeForce RTX 3060 12 GB", "RTX 3060"},
      {"GeForce RTX 3080 (10 GB)", "RTX 3080"},
      {"NVIDIA B200 (HGX B200)", "B200"},
      {"NVIDIA A100 40 GB SXM4", "A100 SXM4"},
      {"NVIDIA H200 SXM 141 GB", "H200 SXM"},
      {"NVIDIA Tesla V100 SXM2 32 GB", "V100 SXM2"},
      {"AMD Instinct MI300X", "MI300X"},
      {"AMD Radeon RX 7900 XTX", "RX 7900 XTX"},
      {"NVIDIA RTX 4000 Ada Generation", "RTX 4000 Ada"},
      {"NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "RTX PRO 6000 Blackwell"},
      {"NVIDIA TITAN RTX", "TITAN RTX"},
      {"A100 80GB", "A100"},
      {"NVIDIA", "NVIDIA"},  // nothing left: the full name
      {"", ""},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    CHECK(ShortGpuName(c.name) == c.want);
  }
}

TEST_CASE("ShortGpuLabels keeps full names where short ones would read the same",
          "[charts][labels]") {
  CHECK(ShortGpuLabels({"GeForce RTX 4090", "NVIDIA H100 SXM5 80 GB"}, {"24 GB", "80 GB"}) ==
        std::vector<std::string>{"RTX 4090 · 24 GB", "H100 SXM5 · 80 GB"});
  CHECK(ShortGpuLabels({"GeForce RTX 3060 12 GB", "NVIDIA RTX 3060 12 GB", "NVIDIA L4"},
                       {"12 GB", "12 GB", "24 GB"}) ==
        std::vector<std::string>{"GeForce RTX 3060 12 GB · 12 GB", "NVIDIA RTX 3060 12 GB · 12 GB",
                                 "L4 · 24 GB"});
}

TEST_CASE("Shaped text: the lines Pango lays out, with its ellipsis", "[charts][svg]") {
  using namespace charts;
  using namespace charts::internal;
  TextMeasurer m(Style{});
  const Font body{12, false};
  ShapedText one = Shape(m, {"RTX 4090", body, Align::kLeft, 0, 1, false});
  REQUIRE(one.lines.size() == 1);
  CHECK(one.lines[0].text == "RTX 4090");
  CHECK(one.lines[0].width == Approx(m.Measure({"RTX 4090", body}).width));

  ShapedText cut = Shape(m, {"A very long label that cannot fit", body, Align::kLeft, 60, 1});
  REQUIRE(cut.lines.size() == 1);
  CHECK(cut.lines[0].text.size() > 3);
  CHECK(cut.lines[0].text.substr(cut.lines[0].text.size() - 3) == "…");
  CHECK(cut.lines[0].width <= 60.5);

  ShapedText wrapped = Shape(m, {"DeepSeek R1 Distill Llama 70B", body, Align::kRight, 90, 3});
  REQUIRE(wrapped.lines.size() >= 2);
  std::string joined;
  for (size_t i = 0; i < wrapped.lines.size(); ++i) {
    if (i > 0) {
      joined += ' ';
      CHECK(wrapped.lines[i].baseline > wrapped.lines[i - 1].baseline);
    }
    joined += wrapped.lines[i].text;
  }
  CHECK(joined == "DeepSeek R1 Distill Llama 70B");  // nothing lost, nothing added

  ShapedText cjk = Shape(m, {"显存（GB）", body});
  REQUIRE(cjk.lines.size() == 1);
  CHECK(cjk.lines[0].text == "显存（GB）");
}

TEST_CASE("CssFontStack quotes the measured families, then the fallbacks", "[charts][svg]") {
  using charts::internal::CssFontStack;
  CHECK(CssFontStack("DejaVu Sans, Noto Sans CJK SC")
            .rfind("\"DejaVu Sans\",\"Noto Sans CJK SC\",\"Noto Sans\",", 0) == 0);
  CHECK(CssFontStack("A\"b, C").rfind("\"C\",", 0) ==
        0);  // a name that would break CSS is left out
  CHECK(CssFontStack("").substr(CssFontStack("").size() - 10) == "sans-serif");
}

}  // namespace
}  // namespace gg
