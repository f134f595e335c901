// Post-processing of Cairo's SVG text (charts/svg_post.h).
#include <catch2/catch.hpp>

#include <cstring>

#include "charts/svg_post.h"

namespace gg::charts {
namespace {

TEST_CASE("CanonicalizeSvgIds renumbers by first appearance, per stem", "[charts][svg]") {
  const std::string in =
      "<svg><defs><g><symbol id=\"glyph3-0\"/><symbol id=\"glyph3-1\"/><symbol id=\"glyph5-0\"/>"
      "</g><clipPath id=\"clip7\"/></defs><g id=\"surface42\" clip-path=\"url(#clip7)\">"
      "<use xlink:href=\"#glyph5-0\"/><use xlink:href=\"#glyph3-1\"/></g></svg>";
  const std::string want =
      "<svg><defs><g><symbol id=\"glyph0-0\"/><symbol id=\"glyph0-1\"/><symbol id=\"glyph1-0\"/>"
      "</g><clipPath id=\"clip1\"/></defs><g id=\"surface1\" clip-path=\"url(#clip1)\">"
      "<use xlink:href=\"#glyph1-0\"/><use xlink:href=\"#glyph0-1\"/></g></svg>";
  CHECK(CanonicalizeSvgIds(in, "") == want);
  // Idempotent, and independent of the counters' starting values.
  CHECK(CanonicalizeSvgIds(want, "") == want);
  std::string shifted = in;
  for (auto [from, to] : {std::pair{"surface42", "surface9"}, std::pair{"clip7", "clip2"}}) {
    for (size_t p; (p = shifted.find(from)) != std::string::npos;)
      shifted.replace(p, strlen(from), to);
  }
  CHECK(CanonicalizeSvgIds(shifted, "") == want);
}

TEST_CASE("CanonicalizeSvgIds prefixes ids and references", "[charts][svg]") {
  CHECK(CanonicalizeSvgIds("<g id=\"surface5\"><use xlink:href=\"#glyph0-1\"/></g>", "c1") ==
        "<g id=\"c1-surface1\"><use xlink:href=\"#c1-glyph0-1\"/></g>");
}

TEST_CASE("AddSvgAccessibility adds role, title and desc after the root tag", "[charts][svg]") {
  const std::string in =
      "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
      "width=\"10px\">\n<g/>\n</svg>\n";
  std::string out = AddSvgAccessibility(in, "p", "Perf & <price>", "\"Quoted\" 'text'");
  CHECK(out ==
        "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10px\" "
        "role=\"img\" aria-labelledby=\"p-title\" aria-describedby=\"p-desc\">\n"
        "<title id=\"p-title\">Perf &amp; &lt;price&gt;</title>\n"
        "<desc id=\"p-desc\">&quot;Quoted&quot; &#39;text&#39;</desc>\n<g/>\n</svg>\n");
  CHECK(AddSvgAccessibility("<svg>", "p", "T", "") ==
        "<svg role=\"img\" aria-labelledby=\"p-title\">\n<title id=\"p-title\">T</title>");
  CHECK(AddSvgAccessibility("not svg", "p", "T", "D") == "not svg");
}

TEST_CASE("CompactSvgNumbers rounds path data and positions only", "[charts][svg]") {
  const struct {
    const char* in;
    const char* want;
  } cases[] = {
      {"<path d=\"M 0.59375 2.125 L -8.46875 6.000001 Z\"/>",
       "<path d=\"M 0.59 2.12 L -8.47 6 Z\"/>"},
      {"<use x=\"10.234375\" y=\"63.919922\"/>", "<use x=\"10.23\" y=\"63.92\"/>"},
      {"<path d=\"M -0.001 1.5\"/>", "<path d=\"M 0 1.5\"/>"},
      {"<rect width=\"10.123456\"/>", "<rect width=\"10.123456\"/>"},
      {"<path style=\"stroke-width:1.234567;\" d=\"M 1 2\"/>",
       "<path style=\"stroke-width:1.234567;\" d=\"M 1 2\"/>"},
  };
  for (const auto& c : cases) {
    INFO(c.in);
    CHECK(CompactSvgNumbers(c.in) == c.want);
  }
}

TEST_CASE("AppendSvgLinks adds invisible link areas before </svg>", "[charts][svg]") {
  std::string out =
      AppendSvgLinks("<svg><g/></svg>\n", {{1, 2, 30.5, 40, "#gpu-a&b", "RTX \"4090\""}});
  CHECK(out ==
        "<svg><g/><a xlink:href=\"#gpu-a&amp;b\" aria-label=\"RTX &quot;4090&quot;\"><rect x=\"1\" "
        "y=\"2\" width=\"30.5\" height=\"40\" "
        "style=\"fill:rgb(0%,0%,0%);fill-opacity:0;stroke:none;\"/>"
        "</a>\n</svg>\n");
  CHECK(AppendSvgLinks("<svg/>", {}) == "<svg/>");
}

}  // namespace
}  // namespace gg::charts
